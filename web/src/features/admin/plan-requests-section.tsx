import { useState } from 'react';
import { PLAN_MESSAGES, PLAN_NAMES, USER_TYPES, requestGrantedToast, requestRefusedToast } from '@story/proto';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { CardLabel, narrowScreen } from '../../components/card-layout.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { notifyFailure, notifySuccess } from '../../components/toast/notify.ts';
import { useErrorToast } from '../../hooks/use-error-toast.ts';
import { formatDateTime24 } from '../../lib/date-format.ts';
import { useAnswerPlanRequest, usePlanRequests } from './api/plan-requests.api.ts';
import type { PlanRequestRow } from './api/plan-requests.graphql.ts';
import { Muted, Table, TableScroll } from './admin-table.ts';

/** On a card, the person as its title; the other cells below, the buttons side by side. */
const RequestsTable = styled(Table)`
  @media ${narrowScreen} {
    && tbody tr > :first-child {
      font-size: ${({ theme }) => theme.fontSizes.lg};
    }
  }
`;

const Person = styled.span`
  display: grid;
  span {
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** An answer waiting for the admin's word. */
interface PendingAnswer {
  request: PlanRequestRow;
  answer: 'grant' | 'refuse';
}

const nameOf = (request: PlanRequestRow) => `${request.user.firstName} ${request.user.lastName}`.trim() || request.user.email;
/** "an upgrade" or "a downgrade": which way the plan asked for goes from the plan the person is on now. */
const direction = (request: PlanRequestRow) =>
  USER_TYPES.indexOf(request.userType) > USER_TYPES.indexOf(request.user.userType) ? 'an upgrade' : 'a downgrade';

function confirmation({ request, answer }: PendingAnswer) {
  const name = nameOf(request);
  const from = PLAN_NAMES[request.user.userType];
  const to = PLAN_NAMES[request.userType];
  return answer === 'grant'
    ? {
        title: `Move ${name} to ${to}?`,
        description: `${name} (${request.user.email}) goes from ${from} to ${to} at once, ${direction(request)}. They are told on their next page.`,
        confirmLabel: `Grant ${to}`,
      }
    : {
        title: `Refuse ${name}'s request for ${to}?`,
        description: `${name} (${request.user.email}) stays on ${from}. They are told on their next page and may ask again.`,
        confirmLabel: 'Refuse request',
      };
}

/** One request: who asked, their plan now, the plan asked for, when, and Grant and Refuse. */
function RequestRow({ request, onAnswer }: { request: PlanRequestRow; onAnswer: (answer: 'grant' | 'refuse') => void }) {
  const name = nameOf(request);
  const asked = PLAN_NAMES[request.userType];
  return (
    <tr data-testid={`plan-request-${request.user.email}`}>
      <th scope="row">
        <Person>
          {name}
          <span>{request.user.email}</span>
        </Person>
      </th>
      <td>
        <CardLabel>Plan now: </CardLabel>
        {PLAN_NAMES[request.user.userType]}
      </td>
      <td>
        <CardLabel>Asked for: </CardLabel>
        {asked}
      </td>
      <td>
        <CardLabel>Asked on: </CardLabel>
        <time dateTime={request.createdAt}>{formatDateTime24(request.createdAt)}</time>
      </td>
      <td>
        <Actions>
          <Button onClick={() => onAnswer('grant')} aria-haspopup="dialog" aria-label={`Grant ${asked} to ${name}`}>
            Grant
          </Button>
          <Button $variant="secondary" onClick={() => onAnswer('refuse')} aria-haspopup="dialog" aria-label={`Refuse ${name}'s request for ${asked}`}>
            Refuse
          </Button>
        </Actions>
      </td>
    </tr>
  );
}

/**
 * "Plan Requests" (issue 39, 2): the plans people asked for, oldest first, each with Grant and Refuse,
 * both confirmed first. A grant changes the person's plan at once (their row in the users table follows).
 */
export function PlanRequestsSection({ labelledBy }: { labelledBy: string }) {
  const requests = usePlanRequests();
  const answerRequest = useAnswerPlanRequest();
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  useErrorToast(requests.error, PLAN_MESSAGES.loadRequestsFailed);

  const handleConfirm = async () => {
    if (!pending || busy) return;
    setBusy(true);
    try {
      const answered = await answerRequest(pending.request, pending.answer);
      notifySuccess(
        answered.status === 'granted'
          ? requestGrantedToast(answered.user.email, answered.userType)
          : requestRefusedToast(answered.user.email, answered.userType),
      );
    } catch (error) {
      notifyFailure(PLAN_MESSAGES.decideFailed, error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  if (requests.loading && !requests.data) return <Spinner label="Loading plan requests" size={20} />;
  if (!requests.data) return <Muted>Plan requests are unavailable.</Muted>;
  const rows = requests.data.planRequests;
  if (rows.length === 0) return <Muted>{PLAN_MESSAGES.noRequests}</Muted>;
  const dialog = pending && confirmation(pending);
  return (
    <>
      <TableScroll role="group" aria-labelledby={labelledBy}>
        <RequestsTable>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Plan now</th>
              <th scope="col">Asked for</th>
              <th scope="col">Asked on</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((request) => (
              <RequestRow key={request.id} request={request} onAnswer={(answer) => setPending({ request, answer })} />
            ))}
          </tbody>
        </RequestsTable>
      </TableScroll>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.description ?? ''}
        cancelLabel="Cancel"
        confirmLabel={dialog?.confirmLabel ?? ''}
        destructive={pending?.answer === 'refuse'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void handleConfirm()}
      />
    </>
  );
}
