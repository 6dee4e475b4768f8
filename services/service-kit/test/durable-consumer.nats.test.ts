import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startNatsServer, type NatsServerHandle } from '../../../infra/src/nats-server.ts';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { silentLog } from '../src/nats-link.ts';
import { ensureEventsStream } from '../src/nats.ts';

const SECONDS = 1_000_000_000;

const quietLog = silentLog;

const testEventSchema = z.object({ id: z.string() });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the durable event consumer on a real nats-server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
  let nats: NatsServerHandle;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'js') });
    nc = await connect({ servers: nats.url });
    await ensureEventsStream(nc);
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a handler that takes three ack waits, and the event fetched behind it, in progress: each is delivered once', { timeout: 30_000 }, async () => {
    const deliveries: { id: string; deliveryCount: number }[] = [];
    const consumer = new DurableEventConsumer({
      durable: 'kit-slow-handler',
      log: quietLog,
      ackWaitSeconds: 1,
      handle: async (_subject, payload, message) => {
        deliveries.push({ id: testEventSchema.parse(payload).id, deliveryCount: message.info.deliveryCount });
        await pause(3000);
        return 'handled';
      },
    });
    const js = jetstream(nc);
    await js.publish('events.test.slow', JSON.stringify({ id: 'first' }));
    await js.publish('events.test.slow', JSON.stringify({ id: 'second' }));
    await consumer.start(nc);
    try {
      const jsm = await jetstreamManager(nc);
      const idle = async () => {
        const info = await jsm.consumers.info(EVENTS_STREAM, 'kit-slow-handler');
        return info.num_pending === 0 && info.num_ack_pending === 0;
      };
      await expect.poll(idle, { timeout: 20_000, interval: 200 }).toBe(true);
      expect(deliveries).toEqual([
        { id: 'first', deliveryCount: 1 },
        { id: 'second', deliveryCount: 1 },
      ]);
      expect((await jsm.consumers.info(EVENTS_STREAM, 'kit-slow-handler')).num_redelivered).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it('gives a consumer an earlier release made with a longer ack wait the configured one', async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: 'kit-earlier-release',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 60 * SECONDS,
      max_ack_pending: 1000,
    });
    const consumer = new DurableEventConsumer({ durable: 'kit-earlier-release', log: quietLog, ackWaitSeconds: 2, handle: async () => 'handled' });
    await consumer.start(nc);
    try {
      const { config } = await jsm.consumers.info(EVENTS_STREAM, 'kit-earlier-release');
      expect(config.ack_wait).toBe(2 * SECONDS);
      expect(config.ack_policy).toBe(AckPolicy.Explicit);
    } finally {
      await consumer.stop();
    }
  });
});
