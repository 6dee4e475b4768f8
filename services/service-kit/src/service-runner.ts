import type { FastifyInstance } from 'fastify';
import { stopTracing } from './telemetry/tracing.ts';
import { startDraining } from './http-app.ts';

/** How long closing may take once the drain delay is over, unless told (`SHUTDOWN_TIMEOUT_MS`). */
const CLOSE_TIMEOUT_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RunServiceOptions {
  host: string;
  port: number;
  /** `SHUTDOWN_DRAIN_MS`: how long to keep serving, with `/readyz` at 503, after SIGTERM. */
  drainMs?: number;
  /** `SHUTDOWN_TIMEOUT_MS`: once the drain is over, how long closing may take (requests and jobs in flight, NATS, the database) before the process exits anyway. */
  closeTimeoutMs?: number;
  /** Releases NATS and the database once the app is closed. */
  cleanup?: () => Promise<void>;
}

/**
 * Listens, prints a one-line readiness message the orchestrator can read, and stops without failing
 * a request on SIGTERM/SIGINT (a rolling update):
 * 1. `/readyz` answers 503 at once and every answer closes its connection (`startDraining`);
 * 2. it keeps serving for `drainMs`, the time load balancers (Kubernetes endpoints) take to stop
 *    sending it new requests;
 * 3. it stops accepting, lets the requests in flight finish and closes idle connections; the app's
 *    onClose hooks drain its NATS subscriptions (answers in flight are sent, the queue group gives
 *    new questions to the other instances) and stop the outbox relay after its current round;
 * 4. `cleanup` drains the NATS connection and closes the database; then the process exits.
 */
export async function runService(app: FastifyInstance, options: RunServiceOptions): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = options.drainMs ?? 0;
    startDraining(app);
    app.log.info({ signal, drainMs }, 'shutting down: not ready, still serving');
    const force = setTimeout(() => process.exit(1), drainMs + (options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS));
    force.unref();
    try {
      if (drainMs > 0) await delay(drainMs);
      app.log.info('closing: no new connections, finishing requests in flight');
      await app.close();
      await options.cleanup?.();
      await stopTracing();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: options.host, port: options.port });
}
