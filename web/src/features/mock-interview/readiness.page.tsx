import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { styled } from 'styled-components';
import { MOCK_INTERVIEW_MESSAGES as M, type ReadinessResponse } from '@story/proto';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { PageShell } from '../../chrome/page-shell.tsx';
import { PlanNotice } from '../../components/plan-notice.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { useAsyncEffect } from '../../hooks/use-async-effect.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { fetchReadiness } from './api/mock-interviews.api.ts';
import { Actions, dataTableStyles, Badge, Hint } from './components/form-parts.ts';
import { loadFailureOf, type LoadFailure } from './lib/load-failure.ts';
import { positiveId } from './lib/mock-links.ts';
import { readinessRows, readinessSummary, type ReadinessRow } from './lib/readiness-rows.ts';
import { mockStartPath, PATHS, requirementStoryLink } from '../../lib/paths.ts';

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** A table on wide screens; on a phone each requirement is a block with its labels beside the values. */
const Table = styled.table`
  ${dataTableStyles}
  td {
    overflow-wrap: anywhere;
  }
  th[scope='row'] {
    font-weight: 600;
    min-width: 12rem;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: grid;
      gap: ${({ theme }) => theme.space.xs};
      padding: ${({ theme }) => theme.space.md} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:first-child {
      padding-top: 0;
    }
    tbody tr:last-child {
      padding-bottom: 0;
      border-bottom: 0;
    }
    th,
    td {
      display: block;
      padding: 0;
      border: 0;
    }
    th[scope='row'] {
      min-width: 0;
    }
    td::before {
      content: attr(data-label) ': ';
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
`;

const TellOne = styled(Link)`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
`;

const LEVEL_TONE = { ready: 'good', almost: 'fair', 'not-yet': 'weak' } as const;

function RowStory({ row }: { row: ReadinessRow }) {
  if (row.story) return <>“{row.story}”</>;
  if (row.noStoryYet) return <TellOne to={requirementStoryLink(row.requirement)}>{M.noStoryYet}</TellOne>;
  return <>None chosen yet</>;
}

function ReadinessTable({ readiness }: { readiness: ReadinessResponse }) {
  const rows = readinessRows(readiness);
  if (rows.length === 0) return <Hint>No requirements to show yet: save a requirement snippet of this description, or start a mock interview.</Hint>;
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Requirement</th>
          <th scope="col">Best answer</th>
          <th scope="col">Level</th>
          <th scope="col">Attempts</th>
          <th scope="col">Story</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-testid="readiness-row">
            <th scope="row">{row.requirement}</th>
            <td data-label="Best answer">{row.score}</td>
            <td data-label="Level">
              <Badge $tone={LEVEL_TONE[row.levelKind]}>{row.level}</Badge>
            </td>
            <td data-label="Attempts">{row.attempts}</td>
            <td data-label="Story">
              <RowStory row={row} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** /interview-practice/readiness/:jobDescriptionId: each requirement of a description, how ready the person is for it, and the way to practise more. */
export function ReadinessPage() {
  useDocumentTitle('Readiness');
  const navigate = useNavigate();
  const { jobDescriptionId } = useParams();
  const id = positiveId(jobDescriptionId);
  const [readiness, setReadiness] = useState<ReadinessResponse | null>(null);
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  useAsyncEffect(
    () => (id === null ? Promise.reject(new Error('no such job description')) : fetchReadiness(id)),
    {
      onSuccess: setReadiness,
      onError: (error) => {
        console.error(M.jobDescriptionNotFound, error);
        setFailure(loadFailureOf(error, M.jobDescriptionNotFound));
      },
    },
    [id],
  );

  return (
    <PageShell title="Readiness">
      {readiness && (
        <Hint>
          {readiness.jobTitle} at {readiness.companyName} · {readinessSummary(readiness)}
        </Hint>
      )}
      {failure?.locked ? (
        <PlanNotice message={failure.message} features={['mockInterviews']} />
      ) : failure ? (
        <Problem role="alert">{failure.message}</Problem>
      ) : readiness ? (
        <CardSection aria-label="Readiness per requirement">
          <ReadinessTable readiness={readiness} />
        </CardSection>
      ) : (
        <BusyStatus>Loading your readiness...</BusyStatus>
      )}
      <Actions>
        {id !== null && !failure?.locked && <Button onClick={() => void navigate(mockStartPath(id))}>Start a mock interview</Button>}
        <Button $variant="secondary" onClick={() => void navigate(PATHS.interviewSaved)}>
          Back to saved jobs
        </Button>
      </Actions>
    </PageShell>
  );
}
