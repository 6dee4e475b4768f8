import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { loadConfig, type BaseEnv } from './config.ts';
import type { ServiceApp } from './http-app.ts';
import type { NatsLink } from './nats-link.ts';
import { runService } from './service-runner.ts';
import { startTracing } from './telemetry/tracing.ts';

/** The dependencies every service has: its own storage and its link to NATS. Both are opened before the app and closed after it. */
export interface ServiceDeps {
  storage: { close(): Promise<void> };
  nats: NatsLink;
  /** The time, injectable so tests can move it. */
  clock: () => Date;
  /** pino options or false (tests); default: pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
}

/** What a service process needs from configuration: the shared settings and its port. */
export type ServiceConfig = BaseEnv & { PORT: number };

/**
 * One service, as `main.ts` starts it and a test builds it: its configuration schema, how to open
 * its real dependencies from that configuration, and `build<Service>App(config, deps)`.
 */
export interface ServiceDefinition<Config extends ServiceConfig, Deps extends ServiceDeps> {
  name: string;
  envSchema: z.ZodType<Config>;
  /** Opens storage, the NATS link and the engines the configuration picks; `overrides` replace any of them (tests). */
  openDeps(config: Config, overrides?: Partial<Deps>): Promise<Deps>;
  buildApp(config: Config, deps: Deps): Promise<ServiceApp>;
}

/** Closes what `openDeps` opened, NATS first (it may still be flushing events from storage). */
export async function closeServiceDeps(deps: ServiceDeps): Promise<void> {
  await deps.nats.close();
  await deps.storage.close();
}

/** The whole of a service's `main.ts`: read the environment, open the dependencies, build, serve until SIGTERM. */
export async function startService<Config extends ServiceConfig, Deps extends ServiceDeps>(definition: ServiceDefinition<Config, Deps>): Promise<void> {
  const config = loadConfig(definition.name, definition.envSchema);
  await startTracing(definition.name);
  const deps = await definition.openDeps(config);
  const app = await definition.buildApp(config, deps);
  await runService(app, {
    host: config.HOST,
    port: config.PORT,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    closeTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    cleanup: () => closeServiceDeps(deps),
  });
}
