import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import type { MockInterview } from '@story/proto';
import { PageShell } from '../../../chrome/page-shell.tsx';
import { PlanNotice } from '../../../components/plan-notice.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import type { LoadFailure } from '../lib/load-failure.ts';
import { PATHS } from '../../../lib/paths.ts';

const Subtitle = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** Why a mock interview screen shows nothing: the plan's sentence with the way to the plans, or the failure and the way back. */
export function FailureNotice({ failure }: { failure: LoadFailure }) {
  if (failure.locked) return <PlanNotice message={failure.message} features={['mockInterviews']} />;
  return (
    <>
      <Problem role="alert">{failure.message}</Problem>
      <Link to={PATHS.interviewSaved}>Back to saved jobs</Link>
    </>
  );
}

/** A mock-interview screen: its title, the job it is for, and while loading or when it failed, that said. */
export function InterviewFrame({
  title,
  interview,
  failure,
  children,
}: {
  title: string;
  interview: MockInterview | null;
  failure: LoadFailure | null;
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
      {failure && !interview ? <FailureNotice failure={failure} /> : interview ? children(interview) : <BusyStatus>Loading the interview...</BusyStatus>}
    </PageShell>
  );
}
