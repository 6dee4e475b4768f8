/** Plans and plan requests (issue 39): what auth answers and what the web app shows about them. */
import { PLAN_NAMES } from '../api/plans.ts';
import type { PlanRequestStatus } from '../api/plan-requests.ts';
import type { UserType } from '../api/user-types.ts';

const plan = (userType: UserType) => `the ${PLAN_NAMES[userType]} plan`;

export const PLAN_MESSAGES = {
  requestNotFound: 'Plan request not found',
  noOpenRequest: 'You have no plan request waiting.',
  withdrawn: 'Your plan request was withdrawn.',
  acknowledged: 'Noted',
  /** A payment provider settles requests itself: admins' Grant and Refuse are not theirs to use. */
  settledByBilling: 'Plan requests are settled by the payment provider, not by admins.',
  // ---- web ----
  loadFailed: 'Failed to load your plan',
  requestFailed: 'Failed to send your plan request',
  withdrawFailed: 'Failed to withdraw your plan request',
  decideFailed: 'Failed to answer the plan request',
  loadRequestsFailed: 'Failed to load plan requests',
  noRequests: 'No plan requests are waiting.',
} as const;

/** 409: asking for the plan one is on. */
export const alreadyOnPlanMessage = (userType: UserType) => `You are already on ${plan(userType)}.`;

/** 409: a second request while one is open. */
export const requestAlreadyOpenMessage = (userType: UserType) => `You have already asked for ${plan(userType)}. Withdraw that request to ask for another plan.`;

/** 409: an admin answering a request that is no longer open. */
export const requestAlreadyDecidedMessage = (status: Exclude<PlanRequestStatus, 'open'>) => `This request was already ${status}.`;

/** What the person reads once their request is sent. */
export const requestSentMessage = (userType: UserType) => `You asked for ${plan(userType)}. An admin will answer soon; you will see it here.`;

/** A request waiting, as /welcome, /account and the plan page say it. */
export const requestWaitingMessage = (userType: UserType, askedOn: string) => `You asked for ${plan(userType)} on ${askedOn}. It is waiting for an admin.`;

/** The notice of an answered request, shown on the person's next page, once; `current` is their plan now. */
export function decisionNoticeMessage(decision: { status: PlanRequestStatus; userType: UserType }, current: UserType): string {
  return decision.status === 'granted'
    ? `Your request was granted: you are now on ${plan(decision.userType)}.`
    : `Your request for ${plan(decision.userType)} was not granted. You are still on ${plan(current)}.`;
}

/** The admin's toasts after answering. */
export const requestGrantedToast = (email: string, userType: UserType) => `${email} is now on ${PLAN_NAMES[userType]}`;
export const requestRefusedToast = (email: string, userType: UserType) => `${email}'s request for ${PLAN_NAMES[userType]} was refused`;
