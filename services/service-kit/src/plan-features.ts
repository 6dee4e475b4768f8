import {
  DEFAULT_PLAN_FEATURES,
  SUBJECTS,
  cheapestPlanWith,
  featureLockedMessage,
  firstMissingFeature,
  serviceUnavailableMessage,
  userSettingsReplySchema,
  type PlanFeature,
  type PlanFeatures,
  type UserType,
} from '@story/proto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { requireUser } from './identity.ts';
import { timedRequest } from './telemetry/nats-metrics.ts';
import type { NatsLink } from './nats-link.ts';

/** What a service needs to know of a person's plan: its type, what it includes, and what every plan includes. */
export interface PersonsPlan {
  userType: UserType;
  features: PlanFeatures;
  /** Each plan's features, for naming the plan that has a feature. */
  featuresOf(userType: UserType): PlanFeatures;
}

/** A plan read from auth is kept at most this long: a changed plan reaches every open session within a minute. */
export const PLAN_CACHE_MAX_MS = 60_000;
const ASK_TIMEOUT_MS = 3000;

/**
 * The 403 of the first of `features` that `plan` lacks, naming the cheapest plan that has it:
 * "Mock interviews are part of the Pro plan."
 */
export function requireFeature(plan: PersonsPlan, ...features: PlanFeature[]): void {
  const missing = firstMissingFeature(plan.features, features);
  if (missing) throw new HttpError(403, featureLockedMessage(missing, cheapestPlanWith(missing, plan.featuresOf)));
}

/** Says whether a person's plan includes features: 403 naming the plan that has the first one missing. */
export interface PlanCheck {
  require(userId: number, ...features: PlanFeature[]): Promise<void>;
}

/**
 * Route options of a feature's routes (issue 36, 4): 401 without a session, then 403 naming the plan
 * when the person's plan lacks any of `features`, before the body is read or validated.
 */
export function planFeaturesOnly(plans: PlanCheck, ...features: PlanFeature[]) {
  return {
    onRequest: async (request: FastifyRequest): Promise<void> => {
      await plans.require(requireUser(request).userId, ...features);
    },
  };
}

/**
 * Checks a person's plan features at the service that owns the feature (issue 21): the plan is
 * asked of auth over NATS (`auth.user.settings`) and kept briefly per person (30 s by default, a
 * minute at most), as many checks come in a row. A link still coming up is waited for (a new instance's first
 * requests); auth that does not answer in time is a 503.
 */
export class PlanFeatureGate implements PlanCheck {
  private readonly cache = new Map<number, { until: number; plan: PersonsPlan }>();
  private readonly ttlMs: number;
  private readonly clock: () => Date;

  constructor(
    private readonly nats: Pick<NatsLink, 'nc'> & Partial<Pick<NatsLink, 'setUpWithin'>>,
    options: { ttlMs?: number; clock?: () => Date } = {},
  ) {
    this.ttlMs = Math.min(options.ttlMs ?? 30_000, PLAN_CACHE_MAX_MS);
    this.clock = options.clock ?? (() => new Date());
  }

  /** Refuses with 403 when the person's plan lacks any of `features` (one ask of auth for them all; none for no features). */
  async require(userId: number, ...features: PlanFeature[]): Promise<void> {
    if (features.length === 0) return;
    requireFeature(await this.planOf(userId), ...features);
  }

  /** The person's plan, from the cache while it is fresh. */
  async planOf(userId: number): Promise<PersonsPlan> {
    const now = this.clock().getTime();
    const cached = this.cache.get(userId);
    if (cached && cached.until > now) return cached.plan;
    const plan = await this.ask(userId);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(userId, { until: now + this.ttlMs, plan });
    return plan;
  }

  private async ask(userId: number): Promise<PersonsPlan> {
    // A link still coming up (an instance just started, taking traffic) is waited for as long as an answer may take.
    const nc = this.nats.nc ?? (await this.nats.setUpWithin?.(ASK_TIMEOUT_MS));
    if (!nc) throw new HttpError(503, serviceUnavailableMessage('auth'));
    let body: unknown;
    try {
      body = (await timedRequest(nc, SUBJECTS.userSettings, JSON.stringify({ userId }), { timeout: ASK_TIMEOUT_MS })).json<unknown>();
    } catch {
      throw new HttpError(503, serviceUnavailableMessage('auth'));
    }
    const reply = userSettingsReplySchema.safeParse(body);
    if (!reply.success) throw new HttpError(503, serviceUnavailableMessage('auth'));
    if (!reply.data.ok) throw new HttpError(404, reply.data.message);
    return planFrom(reply.data);
  }
}

/** A plan as auth's settings answer gives it (every plan's features, or the defaults when it names none). */
export function planFrom(reply: {
  userType: UserType;
  features: PlanFeatures;
  plans?: { userType: UserType; features: PlanFeatures }[] | undefined;
}): PersonsPlan {
  const byType = new Map(reply.plans?.map((plan) => [plan.userType, plan.features]));
  return { userType: reply.userType, features: reply.features, featuresOf: (userType) => byType.get(userType) ?? DEFAULT_PLAN_FEATURES[userType] };
}
