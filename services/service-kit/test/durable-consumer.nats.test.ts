import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { natsWithEventsStream } from './support/events-nats.ts';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { silentLog } from '../src/nats-link.ts';

const SECONDS = 1_000_000_000;

const quietLog = silentLog;

const testEventSchema = z.object({ id: z.string() });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the durable event consumer on a real nats-server', () => {
  const events = natsWithEventsStream('kit-consumer');

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
    const js = jetstream(events.nc);
    await js.publish('events.test.slow', JSON.stringify({ id: 'first' }));
    await js.publish('events.test.slow', JSON.stringify({ id: 'second' }));
    await consumer.start(events.nc);
    try {
      const jsm = await jetstreamManager(events.nc);
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
    const jsm = await jetstreamManager(events.nc);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: 'kit-earlier-release',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 60 * SECONDS,
      max_ack_pending: 1000,
    });
    const consumer = new DurableEventConsumer({ durable: 'kit-earlier-release', log: quietLog, ackWaitSeconds: 2, handle: async () => 'handled' });
    await consumer.start(events.nc);
    try {
      const { config } = await jsm.consumers.info(EVENTS_STREAM, 'kit-earlier-release');
      expect(config.ack_wait).toBe(2 * SECONDS);
      expect(config.ack_policy).toBe(AckPolicy.Explicit);
    } finally {
      await consumer.stop();
    }
  });
});
