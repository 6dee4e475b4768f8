import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import type { MockInterview } from '@story/proto';
import { PageShell } from '../../../components/page-shell.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';

const Subtitle = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** A mock-interview screen: its title, the job it is for, and while loading or when it failed, that said. */
export function InterviewFrame({
  title,
  interview,
  failure,
  children,
}: {
  title: string;
  interview: MockInterview | null;
  failure: string | null;
  children: (interview: MockInterview) => ReactNode;
}) {
  return (
    <PageShell title={title}>
      {interview && (
        <Subtitle>
          {interview.jobTitle} at {interview.companyName}
          {interview.targetRole ? ` · target role: ${interview.targetRole}` : ''}
        </Subtitle>
      )}
      {failure && !interview ? (
        <>
          <Problem role="alert">{failure}</Problem>
          <Link to="/interview-practice/saved">Back to saved jobs</Link>
        </>
      ) : interview ? (
        children(interview)
      ) : (
        <BusyStatus>Loading the interview...</BusyStatus>
      )}
    </PageShell>
  );
}
