import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import type { BaseEnv } from './config.ts';
import { createServiceApp, type ReadinessCheck, type ServiceApp } from './http-app.ts';
import { registerIdentity } from './identity.ts';
import { NatsLink } from './nats-link.ts';
import { relayOutboxOver, type OutboxRelay, type OutboxStore } from './outbox.ts';
import type { ServiceConfig, ServiceDefinition, ServiceDeps } from './service-definition.ts';

/**
 * The app of a service that keeps its own data: ready when its database answers (without NATS it
 * still serves, and queues its events), and every request's identity as the gateway forwards it,
 * verified.
 */
export async function createStoredServiceApp(
  name: string,
  config: Pick<BaseEnv, 'LOG_LEVEL' | 'IDENTITY_PUBLIC_KEY'>,
  deps: { logger?: FastifyServerOptions['logger']; storage: { readiness: ReadinessCheck } },
): Promise<ServiceApp> {
  const app = createServiceApp({ name, logLevel: config.LOG_LEVEL, logger: deps.logger, readiness: { database: deps.storage.readiness } });
  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);
  return app;
}

/**
 * The app of a service that keeps its own data and cannot serve without NATS (auth checks sessions
 * over it, speech hands its work to workers): ready when both its database and NATS answer.
 */
export function createNatsBoundServiceApp(
  name: string,
  config: Pick<BaseEnv, 'LOG_LEVEL'>,
  deps: { logger?: FastifyServerOptions['logger']; storage: { readiness: ReadinessCheck }; nats: NatsLink },
  bodyLimit: number,
): ServiceApp {
  return createServiceApp({
    name,
    logLevel: config.LOG_LEVEL,
    logger: deps.logger,
    bodyLimit,
    readiness: { database: deps.storage.readiness, nats: deps.nats.readiness() },
  });
}

/** What a service with an outbox opens first: its storage, its link to NATS and the relay of its outbox over that link. */
export interface RelayedStorage<Storage> {
  storage: Storage;
  nats: NatsLink;
  /** Publishes the outbox to JetStream once NATS is connected (HTTP serves meanwhile, and changes queue their events). */
  relay: OutboxRelay;
}

/** Opens a service's storage (unless given), its NATS link (unless given) and the relay of the storage's outbox to JetStream (unless given). */
export async function openRelayedStorage<Storage extends { outbox: OutboxStore }>(
  name: string,
  config: Pick<BaseEnv, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'> & Partial<Pick<BaseEnv, 'JETSTREAM_REPLICAS'>> & { OUTBOX_RELAY_INTERVAL_MS: number },
  overrides: Partial<RelayedStorage<Storage>>,
  openStorage: () => Promise<Storage>,
): Promise<RelayedStorage<Storage>> {
  const storage = overrides.storage ?? (await openStorage());
  const nats = overrides.nats ?? NatsLink.forService(config, name);
  return { storage, nats, relay: overrides.relay ?? relayOutboxOver(nats, storage.outbox, name, config.OUTBOX_RELAY_INTERVAL_MS) };
}

/** The dependencies of a service with an outbox: the common ones, its own storage and the outbox's relay. */
export interface RelayedServiceDeps<Storage extends ServiceDeps['storage']> extends ServiceDeps {
  storage: Storage;
  /** Publishes the outbox to JetStream once NATS is connected (HTTP serves meanwhile, and changes queue their events). */
  relay: OutboxRelay;
}

/**
 * A service with an outbox, as `main.ts` starts it and tests build it: its dependencies are the clock,
 * its relayed storage and what `ownDeps` opens (given the overrides and the relayed storage, so that it
 * opens only what they do not give); `overrides` replace any of them.
 */
export function relayedService<
  Config extends ServiceConfig & { OUTBOX_RELAY_INTERVAL_MS: number },
  Storage extends ServiceDeps['storage'] & { outbox: OutboxStore },
  Deps extends RelayedServiceDeps<Storage>,
>(service: {
  name: string;
  envSchema: z.ZodType<Config>;
  openStorage(config: Config): Promise<Storage>;
  ownDeps?(config: Config, overrides: Partial<Deps>, relayed: RelayedStorage<Storage>): Omit<Deps, keyof RelayedServiceDeps<Storage>>;
  buildApp(config: Config, deps: Deps): Promise<ServiceApp>;
}): ServiceDefinition<Config, Deps> {
  return {
    name: service.name,
    envSchema: service.envSchema,
    async openDeps(config, overrides = {}) {
      const relayed = await openRelayedStorage(service.name, config, overrides, () => service.openStorage(config));
      return { clock: () => new Date(), ...service.ownDeps?.(config, overrides, relayed), ...overrides, ...relayed } as Deps;
    },
    buildApp: service.buildApp,
  };
}
