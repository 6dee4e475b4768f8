import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { NATS_BUCKETS, budgetSpentMessage } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { SharedRateLimiter, openSharedBucket, sharedKey, type TakeResult } from '@story/service-kit/shared-counters';
import { rateLimitRefusals } from '@story/service-kit/telemetry/metrics';

/** What an operation spends: sign-in attempts (per address), AI work, changes, a live recording's requests and PDF downloads (per user). */
export type BudgetKind = 'auth' | 'ai' | 'writes' | 'chunks' | 'pdf';

export interface BudgetLimits {
  authPerMinute: number;
  aiPerMinute: number;
  writesPerMinute: number;
  chunksPerMinute: number;
  pdfPerMinute: number;
}

const WINDOW_MS = 60_000;
/** The KV bucket every gateway instance counts in. */
export const BUDGETS_BUCKET = NATS_BUCKETS.budgets;
const WHAT: Record<BudgetKind, Parameters<typeof budgetSpentMessage>[0]> = {
  auth: 'sign-in attempts',
  ai: 'AI requests',
  writes: 'changes',
  chunks: 'recording chunks',
  pdf: 'PDF downloads',
};

/** The same rate (a generic cell rate) counted in this process only: the fallback while NATS KV cannot be reached. */
class LocalRateLimiter {
  private readonly arrivals = new Map<string, number>();

  take(key: string, amount: number, limit: number, now: number): TakeResult {
    const interval = WINDOW_MS / limit;
    const next = Math.max(this.arrivals.get(key) ?? now, now) + interval * amount;
    if (next - now > WINDOW_MS) return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((next - now - WINDOW_MS) / 1000)) };
    if (this.arrivals.size > 100_000) this.arrivals.clear();
    this.arrivals.set(key, next);
    return { allowed: true, remaining: Math.floor((WINDOW_MS - (next - now)) / interval), retryAfterSeconds: Math.max(1, Math.ceil(interval / 1000)) };
  }
}

/**
 * Budgets counted per operation, whether it came by REST or as one field of a GraphQL document, and
 * shared by every gateway instance through NATS KV, so two gateways do not double a budget and a
 * restart does not reset it. Until the bucket is reachable, a local count keeps the limits.
 */
export class OperationBudgetService {
  private shared: SharedRateLimiter | undefined;
  private readonly local = new LocalRateLimiter();

  constructor(
    private readonly limits: BudgetLimits,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Opens the shared bucket; resolves once it is open, or after `waitMs` with the local count in
   * charge while it keeps trying in the background (so a gateway starts even while JetStream is away).
   */
  async attach(nc: NatsConnection, waitMs = 5000): Promise<void> {
    let attempt = 0;
    const open = async (): Promise<void> => {
      try {
        this.shared = new SharedRateLimiter(await openSharedBucket(nc, BUDGETS_BUCKET, 2 * WINDOW_MS), WINDOW_MS, this.clock);
      } catch (error) {
        if (attempt === 0) this.log.warn({ err: error }, 'budgets bucket not reachable yet; counting locally meanwhile');
        attempt += 1;
        if (!nc.isClosed()) await new Promise((resolve) => setTimeout(resolve, 1000).unref()).then(open);
      }
    };
    await Promise.race([open(), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
  }

  /** Spends `amount` of `who`'s budget of this kind, or throws 429 with Retry-After, spending nothing. */
  async spend(kind: BudgetKind, who: string, amount = 1): Promise<void> {
    if (amount <= 0) return;
    const limit = this.limitOf(kind);
    const key = sharedKey(kind, who);
    let result: TakeResult;
    try {
      result = this.shared ? await this.shared.take(key, amount, limit) : this.local.take(key, amount, limit, this.clock().getTime());
    } catch (error) {
      this.log.warn({ err: error }, 'shared budget failed; counting locally');
      result = this.local.take(key, amount, limit, this.clock().getTime());
    }
    if (!result.allowed) {
      rateLimitRefusals.inc({ limiter: `gateway-${kind}` });
      throw new HttpError(429, budgetSpentMessage(WHAT[kind], result.retryAfterSeconds), { 'retry-after': String(result.retryAfterSeconds) });
    }
  }

  private limitOf(kind: BudgetKind): number {
    if (kind === 'auth') return this.limits.authPerMinute;
    if (kind === 'ai') return this.limits.aiPerMinute;
    if (kind === 'chunks') return this.limits.chunksPerMinute;
    if (kind === 'pdf') return this.limits.pdfPerMinute;
    return this.limits.writesPerMinute;
  }
}
