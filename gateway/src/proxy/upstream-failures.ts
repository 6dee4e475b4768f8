import type { Agent } from 'undici';
import type { CircuitCall } from './circuit-breaker.ts';
import { serviceAnswers } from './upstream.client.ts';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT']);

/** Whether a call to a service failed because the service took longer to answer than the gateway waits. */
export function isUpstreamTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/** Who made a call that failed, and whether it was expensive work. */
export interface FailedCall {
  /** The caller's budget key (`user:<id>`, or `ip:<address>` without a session). */
  caller: string;
  /** A PDF, AI work, the data export, a GraphQL mutation: work whose time says how heavy it is, not whether the service is up. */
  expensive: boolean;
}

/**
 * Judges the calls to a service that got no answer, by one rule for the REST proxy, GraphQL and the
 * public pages, so that one person's slow requests cannot open a service's circuit for everyone while
 * a service that is down or frozen still fails fast:
 *
 * - No connection, or one cut before any answer (refused, reset, connect timeout), or any other
 *   error that is not a wait running out: the service is down or going away, whoever asked. Counts,
 *   every time.
 * - No answer in time to expensive work: one person's five heavy PDFs say nothing about the service
 *   (issue 36, 3). No verdict.
 * - No answer in time to anything else: the service's `/healthz` is asked (1 s). Unanswered too, the
 *   service is frozen, and it counts, whoever asked. Answered, the service is alive and the slowness
 *   may be the caller's own doing, so it counts once per caller in a run of failures: the circuit then
 *   opens only when `failureThreshold` different people have waited in vain in a row.
 */
export class UpstreamFailureJudge {
  /** Liveness checks on their way, one per service however many calls fail at once. */
  private readonly checks = new Map<string, Promise<boolean>>();

  constructor(
    private readonly agent: Agent,
    /** Base URL of each deployed service. */
    private readonly services: Readonly<Partial<Record<string, string>>>,
  ) {}

  /** Ends `call` with the verdict its error deserves (at once, or once the service's liveness is known, within a second); never rejects. */
  async judge(call: CircuitCall, service: string, error: unknown, failed: FailedCall): Promise<void> {
    try {
      if (!isUpstreamTimeout(error)) call.failed();
      else if (failed.expensive) call.released();
      else if (await this.answers(service)) call.failed(failed.caller);
      else call.failed();
    } finally {
      call.released();
    }
  }

  private answers(service: string): Promise<boolean> {
    const base = this.services[service];
    if (!base) return Promise.resolve(false);
    const running = this.checks.get(service);
    if (running) return running;
    const check = serviceAnswers(this.agent, base).finally(() => this.checks.delete(service));
    this.checks.set(service, check);
    return check;
  }
}
