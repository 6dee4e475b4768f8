import type { FastifyInstance } from 'fastify';
import { stopTracing } from './telemetry/tracing.ts';

/**
 * Listens, prints a one-line readiness message the orchestrator can read, and closes cleanly on
 * SIGTERM/SIGINT (in-flight requests finish, then `cleanup` releases NATS and the database).
 */
export async function runService(app: FastifyInstance, options: { host: string; port: number; cleanup?: () => Promise<void> }): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
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
