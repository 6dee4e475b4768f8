import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, type UserType } from '@story/proto';
import { notFound } from '@story/service-kit';
import type { UserRecord, UserRepository } from './user.repository.ts';

/** Who changed a person's plan: an admin in the users table, or a payment integration. */
export type PlanChangeSource = 'admin' | 'billing';

/**
 * The seam a payment integration implements (issue 21): started with the one command that changes
 * a person's plan, it calls it when a subscription is bought, changed or ends (from a webhook or a
 * poll of its own). None is wired by default: plans change only in the admin's users table.
 */
export interface BillingProvider {
  readonly name: string;
  start(changePlan: (userId: number, userType: UserType) => Promise<UserRecord>): Promise<void>;
  stop(): Promise<void>;
}

/** No payment integration: admins set plans by hand. */
export const NO_BILLING_PROVIDER: BillingProvider = { name: 'none', start: async () => undefined, stop: async () => undefined };

/**
 * Changes a person's user type, from the admin's users table or the billing provider. The person's
 * sessions see the new plan on their next request to auth, and within a minute in other services
 * (which cache a plan for at most that long).
 */
export class PlanChangeService {
  constructor(
    private readonly users: UserRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sets the plan; 404 when there is no such person. */
  async changePlan(userId: number, userType: UserType, source: PlanChangeSource): Promise<UserRecord> {
    const changed = await this.users.setUserType(userId, userType);
    if (!changed) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    this.log.info({ userId, userType, source }, 'plan changed');
    return changed;
  }

  /** Lets `provider` change plans (at start-up). */
  connect(provider: BillingProvider): Promise<void> {
    return provider.start((userId, userType) => this.changePlan(userId, userType, 'billing'));
  }
}
