import { Link, useParams } from 'react-router';
import { styled } from 'styled-components';
import { THREAD_MESSAGES, type MockInterview, PDF_DOWNLOADS } from '@story/proto';
import { CardSection } from '../../components/card-section.ts';
import { PdfDownloadButton, browserTimeZone } from '../../components/pdf-download-button.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import { formatDateTimeWithZone } from '../../lib/date-format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Actions, dataTableStyles, Hint } from './components/form-parts.ts';
import { InterviewFrame } from './components/interview-frame.tsx';
import { ReportQuestion } from './components/report-question.tsx';
import { useMockInterview } from './hooks/use-mock-interview.ts';
import { reportView, type ReportView } from './lib/report-view.ts';
import { mockReportPdfPath, positiveId } from './lib/mock-links.ts';
import { mockInterviewPath, mockStartPath, readinessPath } from '../../lib/paths.ts';

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.xl}`};
`;

const Big = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  font-variant-numeric: tabular-nums;
`;

const Level = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
`;

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const WorkOn = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  overflow-wrap: anywhere;

  blockquote {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The comparison with the previous mock interview, a table that scrolls sideways inside itself on a phone. */
const TableScroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  ${dataTableStyles}
  td:first-child {
    overflow-wrap: anywhere;
    min-width: 10rem;
  }
  td:not(:first-child),
  th:not(:first-child) {
    white-space: nowrap;
  }
`;

function Comparison({ comparison }: { comparison: NonNullable<ReportView['comparison']> }) {
  return (
    <CardSection aria-labelledby="comparison-heading">
      <h2 id="comparison-heading">Since your last mock interview: {comparison.change}</h2>
      <p>{comparison.since}</p>
      {comparison.rows.length > 0 && (
        <TableScroll>
          <Table>
            <VisuallyHidden as="caption">Each requirement, before and now</VisuallyHidden>
            <thead>
              <tr>
                <th scope="col">Requirement</th>
                <th scope="col">Before</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map((row) => (
                <tr key={row.key}>
                  <td>{row.text}</td>
                  <td>{row.before}</td>
                  <td>{row.now}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </CardSection>
  );
}

function ReportScreen({ interview }: { interview: MockInterview }) {
  const view = reportView(interview, (iso) => formatDateTimeWithZone(iso));
  if (!view)
    return (
      <CardSection aria-label="No report yet">
        <p>This mock interview is not finished yet: its report comes when you finish it.</p>
        <Link to={mockInterviewPath(interview.id)}>Back to the interview</Link>
      </CardSection>
    );
  return (
    <>
      <CardSection aria-labelledby="overall-heading">
        <h2 id="overall-heading">Overall</h2>
        <Summary>
          <Big data-testid="overall-score">{view.overall}</Big>
          <Level>{view.readiness}</Level>
          <Hint>{view.answered}</Hint>
        </Summary>
      </CardSection>
      {view.workOn.length > 0 && (
        <CardSection aria-labelledby="work-on-heading">
          <h2 id="work-on-heading">Work on these first</h2>
          <List>
            {view.workOn.map((item) => (
              <WorkOn key={`${item.question}-${item.title}`} data-testid="work-on">
                <strong>{item.title}</strong>
                <span>{item.advice}</span>
                <blockquote>
                  {item.question}: “{item.quote}”
                </blockquote>
              </WorkOn>
            ))}
          </List>
        </CardSection>
      )}
      {view.comparison ? (
        <Comparison comparison={view.comparison} />
      ) : (
        <Hint>This is your first finished mock interview for this job: the next one is compared with it.</Hint>
      )}
      <section aria-labelledby="questions-heading">
        <VisuallyHidden as="h2" id="questions-heading">
          Your answers
        </VisuallyHidden>
        <List>
          {view.questions.map((question) => (
            <ReportQuestion key={question.index} question={question} />
          ))}
        </List>
      </section>
      <Actions>
        <PdfDownloadButton
          path={mockReportPdfPath(interview.id, browserTimeZone())}
          needs={PDF_DOWNLOADS.mockReport.needs}
          fallbackName="Mock-interview-report.pdf"
          failedMessage={THREAD_MESSAGES.pdfFailed}
        />
        <Link to={readinessPath(interview.jobDescriptionId)}>See your readiness for this job</Link>
        <Link to={mockStartPath(interview.jobDescriptionId)}>Start another mock interview</Link>
      </Actions>
    </>
  );
}

/** /interview-practice/mock/:id/report: the report of a finished mock interview. */
export function MockReportPage() {
  useDocumentTitle('Mock interview report');
  const { id } = useParams();
  const { interview, failure } = useMockInterview(positiveId(id));
  return (
    <InterviewFrame title="Mock interview report" interview={interview} failure={failure}>
      {(loaded) => <ReportScreen interview={loaded} />}
    </InterviewFrame>
  );
}
