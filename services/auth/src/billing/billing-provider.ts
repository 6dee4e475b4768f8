import type { UserType } from '@story/proto';
import type { UserRecord } from '../accounts/user.repository.ts';
import type { PlanRequestRecord } from '../plan-requests/plan-request.repository.ts';

/** The one command that changes a person's plan, handed to the billing provider at start. */
export type ChangePlan = (userId: number, userType: UserType) => Promise<UserRecord>;

/**
 * The seam a payment integration implements (issue 21; issue 39 gave it its first implementation,
 * `manual`). Started with the command that changes plans, a provider hears of every plan request and
 * calls the command when a plan is to change: `manual` when an admin grants a request on /admin; a
 * payment provider when a subscription is bought, changed or ends (from its webhook or a poll of its own).
 */
export interface BillingProvider {
  readonly name: string;
  /** Whether admins grant and refuse plan requests on /admin (`manual`); a payment provider settles them itself. */
  readonly decidedByAdmins: boolean;
  start(changePlan: ChangePlan): Promise<void>;
  stop(): Promise<void>;
  /** A person asked for a plan (the request is open): a payment provider would start its checkout here. */
  requested(request: PlanRequestRecord): Promise<void>;
  /** An admin granted `request` (only when `decidedByAdmins`): the provider changes the plan. */
  grant(request: PlanRequestRecord): Promise<UserRecord>;
}
