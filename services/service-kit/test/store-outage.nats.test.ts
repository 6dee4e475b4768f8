import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { natsWithEventsStream } from './support/events-nats.ts';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { silentLog } from '../src/nats-link.ts';
import { isStoreUnavailable } from '../src/store-outage.ts';

/**
 * A store outage while events arrive (issue 25, "Bad days"): an event whose handling failed because
 * the store was unreachable is not acked; JetStream delivers it again after the consumer's delay,
 * and once the store is back it is written, once. A repository that fails while `outage` is on
 * stands in for MongoDB or Qdrant going away (their real errors are tested with the real drivers).
 */
class FlakyStoryRepository {
  outage = true;
  readonly saved = new Map<string, number>();

  async save(id: string): Promise<void> {
    if (this.outage) throw Object.assign(new Error('Server selection timed out after 300 ms'), { name: 'MongoServerSelectionError' });
    this.saved.set(id, (this.saved.get(id) ?? 0) + 1);
  }
}

const events = natsWithEventsStream('kit-outage');

describe('an event consumer during a store outage', () => {
  it('does not ack an event it could not store, and stores it once the store is back', { timeout: 30_000 }, async () => {
    const repository = new FlakyStoryRepository();
    const failures: unknown[] = [];
    const consumer = new DurableEventConsumer({
      durable: 'kit-outage',
      log: silentLog,
      handle: async (_subject, payload) => {
        const { id } = payload as { id: string };
        try {
          await repository.save(id);
        } catch (error) {
          failures.push(error);
          throw error;
        }
        return 'handled';
      },
    });
    await consumer.start(events.nc);
    try {
      await jetstream(events.nc).publish('events.test.outage', JSON.stringify({ id: 'story-1' }));
      await expect.poll(() => failures.length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(1);
      expect(failures.every(isStoreUnavailable)).toBe(true);
      const jsm = await jetstreamManager(events.nc);
      const unacked = async () => {
        const info = await jsm.consumers.info(EVENTS_STREAM, 'kit-outage');
        return info.num_ack_pending + info.num_pending;
      };
      // Not acked: it is still the consumer's, pending another delivery.
      expect(await unacked()).toBe(1);
      expect(repository.saved.size).toBe(0);

      repository.outage = false;
      await expect.poll(() => repository.saved.get('story-1'), { timeout: 10_000, interval: 100 }).toBe(1);
      await expect.poll(unacked).toBe(0);
      expect(repository.saved.get('story-1')).toBe(1);
    } finally {
      await consumer.stop();
    }
  });
});
