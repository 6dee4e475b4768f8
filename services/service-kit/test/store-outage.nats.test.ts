import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '../../../infra/src/nats-server.ts';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { silentLog } from '../src/nats-link.ts';
import { ensureEventsStream } from '../src/nats.ts';
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

const dir = mkdtempSync(join(tmpdir(), 'kit-outage-'));
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
    await consumer.start(nc);
    try {
      await jetstream(nc).publish('events.test.outage', JSON.stringify({ id: 'story-1' }));
      await expect.poll(() => failures.length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(1);
      expect(failures.every(isStoreUnavailable)).toBe(true);
      const jsm = await jetstreamManager(nc);
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
