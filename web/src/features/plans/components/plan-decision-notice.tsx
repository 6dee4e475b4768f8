import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { styled } from 'styled-components';
import { decisionNoticeMessage, type MyPlanRequests, type PlanRequest, type UserType } from '@story/proto';
import { Button } from '../../../components/button.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { acknowledgePlanDecision, fetchMyPlanRequests } from '../api/plans.api.ts';
import { PATHS } from '../../../lib/paths.ts';

const Banner = styled.section<{ $granted: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  background: ${({ theme, $granted }) => ($granted ? theme.colors.successSoft : theme.colors.warningSoft)};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  p {
    font-weight: 600;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

interface Shown {
  decision: PlanRequest;
  current: UserType;
}

/** A decision to tell now: the newest answer not told yet, unless it is the one already on screen. */
const toTell = (mine: MyPlanRequests, shown: Shown | null): Shown | null =>
  mine.decision && mine.decision.id !== shown?.decision.id ? { decision: mine.decision, current: mine.userType } : null;

/**
 * The answer to the person's plan request, told on their next page, once (issue 39, 2): each page
 * the person opens asks whether an answer waits; one that does is shown here, above the page, and
 * marked told at once, so that the next page does not show it again. It stays until dismissed or
 * until the person leaves the page.
 */
export function PlanDecisionNotice() {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [shownOn, setShownOn] = useState<string | null>(null);

  useAsyncEffect(
    fetchMyPlanRequests,
    {
      onSuccess: (mine) => {
        const next = toTell(mine, shown);
        if (!next) return;
        setShown(next);
        setShownOn(pathname);
        acknowledgePlanDecision(next.decision.id).catch((error: unknown) => console.error('Could not mark the plan answer as told', error));
      },
      // The notice is a courtesy: a failed check is told by the page's own reads, if at all.
      onError: (error) => console.error('Could not check for an answer to a plan request', error),
    },
    [pathname],
  );

  // Shown on the page it arrived on; the next page has nothing to tell.
  if (!shown || shownOn !== pathname) return null;
  const granted = shown.decision.status === 'granted';
  return (
    <Banner $granted={granted} aria-label="Your plan request" data-testid="plan-decision">
      <p role="status">{decisionNoticeMessage(shown.decision, shown.current)}</p>
      {!granted && <Link to={PATHS.plans}>See the plans</Link>}
      <Button $variant="secondary" onClick={() => setShown(null)}>
        Dismiss
      </Button>
    </Banner>
  );
}
