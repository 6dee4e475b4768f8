import { RESUME_MESSAGES } from '@story/proto';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { LoadError } from '../../../components/load-error.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import type { CurrentResume } from '../hooks/use-current-resume.ts';
import { PlanNotice } from '../../../components/plan-notice.tsx';
import { PATHS } from '../../../lib/paths.ts';

const Empty = styled.p`
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/**
 * What a résumé page shows while it has no résumé to show: loading, the plan's notice, a failure
 * with Retry, or (`noneLinks`) "You have not uploaded a résumé yet." with the way to upload one.
 */
export function ResumeStatus({
  state,
  onRetry,
  noneLinks = true,
}: {
  state: Exclude<CurrentResume, { status: 'ready' }>;
  onRetry: () => Promise<unknown>;
  noneLinks?: boolean;
}) {
  switch (state.status) {
    case 'loading':
      return <BusyStatus>Loading your résumé...</BusyStatus>;
    case 'failed':
      return state.kind === 'locked' ? <PlanNotice message={state.message} features={['resume']} /> : <LoadError message={state.message} onRetry={onRetry} />;
    case 'none':
      return (
        <Empty>
          {RESUME_MESSAGES.noResume} {noneLinks && <Link to={PATHS.resumeUpload}>Upload your résumé</Link>}
        </Empty>
      );
  }
}
