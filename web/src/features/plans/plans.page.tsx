import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { styled } from 'styled-components';
import {
  DEFAULT_PLAN_FEATURES,
  PLAN_MESSAGES,
  PLAN_NAMES,
  cheapestPlanWith,
  featureLockedMessage,
  requestSentMessage,
  requestWaitingMessage,
  type MyPlanRequests,
  type UserType,
} from '@story/proto';
import { serverMessageOr } from '../../api/failure.ts';
import { Button } from '../../components/button.ts';
import { CardSection } from '../../components/card-section.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageShell } from '../../chrome/page-shell.tsx';
import { BusyStatus } from '../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useExclusiveTask } from '../../hooks/use-exclusive-task.ts';
import { formatDate } from '../../lib/date-format.ts';

import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { requestPlan, useMyPlanRequests, usePlanOffers, withdrawPlanRequest } from './api/plans.api.ts';
import { PlanChoices } from './components/plan-choices.tsx';
import { chosenPlanOf, featuresOfQuery } from './lib/plan-choice.ts';

const Status = styled(CardSection)`
  justify-items: start;
`;

const Reason = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 600;
`;

const Waiting = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryHover};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Asking for a plan and withdrawing the request, one at a time, each told in a toast. */
function usePlanRequestActions(reload: () => void) {
  const task = useExclusiveTask();
  const ask = (userType: UserType) =>
    void task.run(async () => {
      try {
        await requestPlan(userType);
        notifySuccess(requestSentMessage(userType));
      } catch (error) {
        notifyFailure(serverMessageOr(error, PLAN_MESSAGES.requestFailed), error);
      }
      reload();
    });
  const withdraw = () =>
    void task.run(async () => {
      try {
        await withdrawPlanRequest();
        notifySuccess(PLAN_MESSAGES.withdrawn);
      } catch (error) {
        notifyFailure(serverMessageOr(error, PLAN_MESSAGES.withdrawFailed), error);
      }
      reload();
    });
  return { ask, withdraw, busy: task.busy };
}

/** Where the person stands: their plan, why they came (the locked feature), and the request waiting, with Withdraw. */
function PlanStatus({ mine, reason, busy, onWithdraw }: { mine: MyPlanRequests; reason: string | null; busy: boolean; onWithdraw: () => void }) {
  return (
    <Status aria-labelledby="plan-status">
      <h2 id="plan-status">Your plan</h2>
      <p data-testid="current-plan">
        You are on the <strong>{PLAN_NAMES[mine.userType]}</strong> plan.
      </p>
      {reason && <Reason data-testid="feature-locked">{reason}</Reason>}
      {mine.request ? (
        <>
          <Waiting data-testid="plan-request-waiting">{requestWaitingMessage(mine.request.userType, formatDate(mine.request.createdAt))}</Waiting>
          <Button $variant="secondary" onClick={onWithdraw} disabled={busy} aria-busy={busy || undefined}>
            Withdraw request
          </Button>
        </>
      ) : (
        <Muted>Ask for another plan below: an admin answers, and you will see the answer on your next page.</Muted>
      )}
    </Status>
  );
}

/**
 * /plans (issue 39): the person's plan, every plan as the admins set it, and "Ask for …" on the
 * others (upgrades and downgrades alike). The address chooses a plan: `?plan=pro` (the pricing
 * block's "Choose Pro"), or `?features=mockInterviews` (a locked screen's "See the plans"), the
 * cheapest plan with them, which the page says why and marks.
 */
export function PlansPage() {
  useDocumentTitle('Plans');
  const [searchParams] = useSearchParams();
  const offers = usePlanOffers();
  const mine = useMyPlanRequests();
  const actions = usePlanRequestActions(mine.reload);
  const chosenRef = useRef<HTMLLIElement>(null);
  const [scrolled, setScrolled] = useState(false);

  const featuresOf = (userType: UserType) => offers.data?.find((offer) => offer.userType === userType)?.features ?? DEFAULT_PLAN_FEATURES[userType];
  const chosen = offers.data ? chosenPlanOf(searchParams, featuresOf) : undefined;
  // Sent here by a locked screen: the sentence it showed, said again beside the plan that has it.
  const current = mine.data?.userType;
  const missing = current ? featuresOfQuery(searchParams).find((feature) => !featuresOf(current)[feature]) : undefined;
  const reason = missing && offers.data ? featureLockedMessage(missing, cheapestPlanWith(missing, featuresOf)) : null;

  // The chosen plan is brought into view once, so that on a phone it is not two cards below.
  const ready = Boolean(offers.data && mine.data);
  useEffect(() => {
    if (!ready || scrolled || !chosenRef.current) return;
    chosenRef.current.scrollIntoView({ block: 'nearest' });
    setScrolled(true);
  }, [ready, scrolled]);

  const failed = (offers.failed && !offers.data) || (mine.failed && !mine.data);
  return (
    <PageShell title="Plans">
      {failed && (
        <LoadError
          message={PLAN_MESSAGES.loadFailed}
          onRetry={async () => {
            offers.reload();
            mine.reload();
          }}
        />
      )}
      {!failed && !ready && <BusyStatus>Loading the plans...</BusyStatus>}
      {offers.data && mine.data && (
        <>
          <PlanStatus mine={mine.data} reason={reason} busy={actions.busy} onWithdraw={actions.withdraw} />
          <PlanChoices offers={offers.data} mine={mine.data} chosen={chosen} chosenRef={chosenRef} asking={actions.busy} onAsk={actions.ask} />
        </>
      )}
    </PageShell>
  );
}
