import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, type UserType } from '@story/proto';
import { notFound } from '@story/service-kit';
import type { BillingProvider } from '../billing/billing-provider.ts';
import type { PlanRequestRepository } from '../plan-requests/plan-request.repository.ts';
import type { UserRecord, UserRepository } from './user.repository.ts';

/** Who changed a person's plan: an admin in the users table, or a billing provider (`billing:manual` when an admin granted a request). */
export type PlanChangeSource = 'admin' | `billing:${string}`;

/**
 * Changes a person's user type, from the admin's users table or the billing provider. The person's
 * sessions see the new plan on their next request to auth, and within a minute in other services
 * (which cache a plan for at most that long). A person's open request for the plan they now have is
 * granted with it, whichever way the plan came, so that they are told on their next page.
 */
export class PlanChangeService {
  constructor(private readonly deps: { users: UserRepository; requests: PlanRequestRepository; clock: () => Date; log: FastifyBaseLogger }) {}

  /** Sets the plan; 404 when there is no such person. `decidedBy`: the admin who did it, if one did. */
  async changePlan(userId: number, userType: UserType, source: PlanChangeSource, decidedBy: number | null = null): Promise<UserRecord> {
    const changed = await this.deps.users.setUserType(userId, userType);
    if (!changed) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    this.deps.log.info({ userId, userType, source }, 'plan changed');
    const open = await this.deps.requests.findOpen(userId);
    if (open?.userType !== userType) return changed;
    await this.deps.requests.decide(open.id, { status: 'granted', at: this.deps.clock(), decidedBy, told: false });
    // Nothing waits any more: the account as it is now (its requested plan cleared).
    return (await this.deps.users.findUserById(userId)) ?? changed;
  }

  /** Lets `provider` change plans (at start-up). */
  connect(provider: BillingProvider): Promise<void> {
    return provider.start((userId, userType) => this.changePlan(userId, userType, `billing:${provider.name}`));
  }
}
