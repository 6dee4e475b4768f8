import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll } from 'vitest';
import { EVENTS_STREAM } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { startTestService, type TestService } from './conversations-test-kit.ts';

/** The conversations service on a real nats-server, as `eventsOnNats` starts it for a suite. */
export interface EventsOnNats {
  /** The running service; throws while it is down. */
  service(): TestService;
  /** Publishes `payload` as JSON on `subject` to JetStream. */
  publish(subject: string, payload: unknown): Promise<unknown>;
  /** A plain connection to the nats-server (to publish what is not JSON). */
  publisher(): NatsConnection;
  /** Stops the service, runs `meanwhile` (the outage), then starts it again on the same data. */
  outage(meanwhile: () => Promise<unknown>): Promise<void>;
  /** Whether the durable consumer `consumer` has acked or dropped every event. */
  consumerIdle(consumer: string): Promise<boolean>;
}

/**
 * For a suite of the service's event consumers: a nats-server and the service (SQLite in a temporary
 * folder named after `prefix`) started before all tests, and a publisher; all stopped and removed after.
 */
export function eventsOnNats(prefix: string): EventsOnNats {
  const dir = tempDataDir(prefix);
  const serviceDir = join(dir, 'service');
  let nats: NatsServerHandle;
  let service: TestService | undefined;
  let publisher: NatsConnection;
  const start = async () => {
    service = await startTestService({ natsUrl: nats.url, dataDir: serviceDir });
  };

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    await start();
    publisher = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await publisher?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    service() {
      if (!service) throw new Error('service not started');
      return service;
    },
    publish: (subject, payload) => jetstream(publisher).publish(subject, JSON.stringify(payload)),
    publisher: () => publisher,
    async outage(meanwhile) {
      await service?.close();
      service = undefined;
      await meanwhile();
      await start();
    },
    async consumerIdle(consumer) {
      const info = await (await jetstreamManager(publisher)).consumers.info(EVENTS_STREAM, consumer);
      return info.num_ack_pending === 0 && info.num_pending === 0;
    },
  };
}
