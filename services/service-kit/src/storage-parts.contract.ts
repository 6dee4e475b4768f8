import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import type { LeaseStore } from './leases.ts';
import type { OutboxEvent, OutboxStore } from './outbox.ts';

/** The outbox and lease store of one database, with a way to write an event as a service's transaction would. */
export interface StoragePartsUnderTest {
  outbox: OutboxStore;
  leases: LeaseStore;
  /** Writes the event in a transaction of its own, as a repository does with its change. */
  writeEvent(event: OutboxEvent): Promise<void>;
  cleanup(): Promise<void>;
}

const event = (threadId: number): OutboxEvent => ({ subject: EVENT_SUBJECTS.threadDeleted, payload: { userId: 1, threadId, at: new Date(0).toISOString() } });

/** What every service's outbox and leases must do, whichever database holds them. */
export function storagePartsContract(name: string, open: () => Promise<StoragePartsUnderTest>): void {
  describe(`outbox and leases contract: ${name}`, () => {
    let store: StoragePartsUnderTest;
    let next = 0;
    const unique = () => ++next;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => store.cleanup());

    it('publishes the outbox in order and forgets what was published', async () => {
      const { outbox } = store;
      const before = await outbox.countPendingEvents();
      const writtenFrom = Date.now();
      await store.writeEvent(event(unique()));
      expect(await outbox.countPendingEvents()).toBe(before + 1);
      // What the outbox lag gauge reads: when the oldest pending event was written.
      expect(Date.parse((await outbox.oldestPendingAt()) ?? '')).toBeGreaterThanOrEqual(before === 0 ? writtenFrom - 1 : 0);
      const pending = await outbox.pendingEvents(10_000);
      expect(pending.map((e) => e.id)).toEqual([...pending.map((e) => e.id)].sort((x, y) => x - y));
      await outbox.markEventsPublished(pending.map((e) => e.id));
      expect(await outbox.countPendingEvents()).toBe(0);
      expect(await outbox.pendingEvents(10)).toEqual([]);
      expect(await outbox.oldestPendingAt()).toBeUndefined();
      // Published rows are dropped by the bookkeeping prune; nothing pending is ever dropped.
      await store.writeEvent(event(unique()));
      await outbox.prunePublished(new Date(Date.now() + 60_000).toISOString());
      expect(await outbox.countPendingEvents()).toBe(1);
      await outbox.markEventsPublished((await outbox.pendingEvents(10)).map((e) => e.id));
    });

    it('gives a lease to one owner at a time until it expires or is released', async () => {
      const { leases } = store;
      const lease = `lease-${unique()}`;
      expect(await leases.acquire(lease, 'a', 1000, 500)).toBe(true);
      expect(await leases.acquire(lease, 'b', 1200, 500)).toBe(false);
      expect(await leases.acquire(lease, 'a', 1400, 500)).toBe(true);
      expect(await leases.acquire(lease, 'b', 1800, 500)).toBe(false);
      expect(await leases.acquire(lease, 'b', 1900, 500)).toBe(true);
      await leases.release(lease, 'a');
      expect(await leases.acquire(lease, 'a', 2000, 500)).toBe(false);
      await leases.release(lease, 'b');
      expect(await leases.acquire(lease, 'a', 2000, 500)).toBe(true);
      const race = await Promise.all(['x', 'y', 'z'].map((owner) => leases.acquire(`${lease}-race`, owner, 5000, 500)));
      expect(race.filter(Boolean)).toHaveLength(1);
    });
  });
}
