/**
 * Plans for tests (imported through `@story/testing/service-under-test`, never by production code): what
 * auth would say of each person's plan, given to a service in place of its PlanFeatureGate or
 * answered over NATS for the real one (issue 36).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import {
  DEFAULT_MONTHLY_MINUTES,
  DEFAULT_PLAN_FEATURES,
  PLAN_FEATURES,
  QUEUE_GROUPS,
  SUBJECTS,
  USER_TYPES,
  responseTypeFor,
  userSettingsRequestSchema,
  type PlanFeature,
  type PlanFeatures,
  type UserType,
} from '@story/proto';
import { requireFeature, type PersonsPlan, type PlanCheck } from '@story/service-kit/plan-features';

/** Every feature: the plan of a person a test did not put on one. */
const EVERY_FEATURE = Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, true])) as PlanFeatures;

/**
 * Plans for tests, as auth keeps them: each person's user type and what each type includes (the
 * defaults until a test changes them, as an admin would). A person not put on a plan has every
 * feature, so that tests about something else need not care. Used in place of the service's
 * PlanFeatureGate (`deps.plans`), or answering `auth.user.settings` over NATS for the real gate.
 */
export class StandInPlans implements PlanCheck {
  private readonly people = new Map<number, UserType>();
  private readonly included: Record<UserType, PlanFeatures> = structuredClone(DEFAULT_PLAN_FEATURES);

  /** Puts a person on a plan. */
  put(userId: number, userType: UserType): this {
    this.people.set(userId, userType);
    return this;
  }

  /** Changes what a plan includes, as an admin does on /admin. */
  include(userType: UserType, changes: Partial<PlanFeatures>): this {
    this.included[userType] = { ...this.included[userType], ...changes };
    return this;
  }

  /** The person's plan, or undefined for a person on none (every feature). */
  planOf(userId: number): PersonsPlan | undefined {
    const userType = this.people.get(userId);
    return userType && { userType, features: { ...this.included[userType] }, featuresOf: (type) => ({ ...this.included[type] }) };
  }

  async require(userId: number, ...features: PlanFeature[]): Promise<void> {
    const plan = this.planOf(userId);
    if (plan) requireFeature(plan, ...features);
  }

  /** Answers `auth.user.settings` on `nc` as auth would (a person on no plan: Pro with every feature). */
  answerOn(nc: NatsConnection): void {
    nc.subscribe(SUBJECTS.userSettings, {
      queue: QUEUE_GROUPS.auth,
      callback: (_error, message) => {
        const request = userSettingsRequestSchema.safeParse(message.json());
        if (!request.success) return void message.respond(JSON.stringify({ ok: false, message: 'User not found' }));
        const plan = this.planOf(request.data.userId) ?? {
          userType: 'pro' as const,
          features: EVERY_FEATURE,
          featuresOf: (type: UserType) => this.included[type],
        };
        const plans = USER_TYPES.map((userType) => ({ userType, features: plan.featuresOf(userType) }));
        // The reply type is AI voice replies seen as a setting (issue 39): the two always agree.
        const settings = { timeLimit: 300, responseType: responseTypeFor(plan.features.voiceReplies), monthlyMinutes: DEFAULT_MONTHLY_MINUTES[plan.userType] };
        message.respond(JSON.stringify({ ok: true, userType: plan.userType, ...settings, features: plan.features, plans }));
      },
    });
  }
}
