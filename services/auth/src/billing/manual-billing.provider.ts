import type { PlanRequestRecord } from '../plan-requests/plan-request.repository.ts';
import type { UserRecord } from '../accounts/user.repository.ts';
import type { BillingProvider, ChangePlan } from './billing-provider.ts';

/**
 * The default billing provider: nothing to pay. A request waits on /admin until an admin grants it
 * (the plan changes at once) or refuses it.
 */
export class ManualBillingProvider implements BillingProvider {
  readonly name = 'manual';
  readonly decidedByAdmins = true;
  private changePlan: ChangePlan | undefined;

  async start(changePlan: ChangePlan): Promise<void> {
    this.changePlan = changePlan;
  }

  async stop(): Promise<void> {
    this.changePlan = undefined;
  }

  /** Nothing to start: the request waits for an admin. */
  async requested(): Promise<void> {}

  async grant(request: PlanRequestRecord): Promise<UserRecord> {
    if (!this.changePlan) throw new Error('the manual billing provider was not started');
    return this.changePlan(request.userId, request.userType);
  }
}
