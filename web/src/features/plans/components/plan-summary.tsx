import { Link } from 'react-router';
import { styled } from 'styled-components';
import { PLAN_MESSAGES, PLAN_NAMES, requestWaitingMessage } from '@story/proto';
import { buttonStyles, type ButtonStyleProps } from '../../../components/button.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { BusyStatus } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { pricingOf } from '../../../lib/pricing.ts';
import { useUsage } from '../../../api/usage.api.ts';
import { UsageMeter } from '../../../components/usage-meter.tsx';
import { useMyPlanRequests } from '../api/plans.api.ts';
import { planIncludes } from '../lib/plan-includes.ts';
import { PlanIncludesList } from '../../../components/plan-card.tsx';
import { PATHS } from '../../../lib/paths.ts';

const Current = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};

  strong {
    color: ${({ theme }) => theme.colors.primary};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Waiting = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryHover};
`;

const ChangeLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
  justify-self: start;
`;

/**
 * "Your plan" (issue 39, 1), as /welcome and /account show it: the plan's name, what it includes, the
 * minutes used this month, a request waiting for an admin, and the way to the plan page.
 */
export function PlanSummary({ headingId }: { headingId: string }) {
  const usage = useUsage();
  const mine = useMyPlanRequests();
  const waiting = mine.data?.request;
  return (
    <>
      <h2 id={headingId}>Your plan</h2>
      {usage.failed && !usage.data && (
        <LoadError
          message={PLAN_MESSAGES.loadFailed}
          onRetry={async () => {
            usage.reload();
            mine.reload();
          }}
        />
      )}
      {!usage.data && !usage.failed && <BusyStatus>Loading your plan...</BusyStatus>}
      {usage.data && (
        <>
          <Current data-testid="current-plan">
            You are on the <strong>{PLAN_NAMES[usage.data.userType]}</strong> plan <span>({pricingOf(usage.data.userType).price} per month)</span>
          </Current>
          <PlanIncludesList lines={planIncludes(usage.data)} label={`${PLAN_NAMES[usage.data.userType]} includes`} />
          <UsageMeter usage={usage.data} />
        </>
      )}
      {waiting && <Waiting data-testid="plan-request-waiting">{requestWaitingMessage(waiting.userType, formatDate(waiting.createdAt))}</Waiting>}
      <ChangeLink to={PATHS.plans} $variant="secondary">
        {waiting ? 'See your request' : 'Change plan'}
      </ChangeLink>
    </>
  );
}
