import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, threadEventSchema } from '@story/proto';
import { createServiceApp } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { NO_QUOTAS, UNLIMITED, createdThread, threadsWithRules, type ThreadsWithRules } from '@story/testing/fixtures/threads';
import { storySavedEvent, threadDeletedEvent } from '../nats/domain-events.ts';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { PURGE_LEASE, ThreadPurgeJob } from './thread-purge.job.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2024-06-30T12:00:00.000Z');
const silent = createServiceApp({ name: 'purge-test', logger: false }).log;

describe('thread purge job', () => {
  let dir: string;
  let storage: ConversationsStorage;
  let repository: ThreadsWithRules;

  beforeEach(() => {
    dir = tempDataDir('purge-test-');
    storage = openSqliteConversationsStorage(join(dir, 'conversations.sqlite'));
    repository = threadsWithRules(storage);
  });
  afterEach(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A thread with one message, deleted `daysAgo` days before NOW (or active when undefined). */
  async function thread(userId: number, daysAgo: number | undefined): Promise<number> {
    const created = createdThread(await repository.createThread(userId, 'New Conversation', new Date(NOW - 60 * DAY).toISOString(), UNLIMITED));
    await repository.saveMessage(
      {
        userId,
        threadId: created.id,
        userMessage: 'hello',
        aiResponse: 'hi',
        audioResponse: null,
        createdAt: new Date(NOW - 59 * DAY).toISOString(),
        quotas: NO_QUOTAS,
      },
      storySavedEvent,
    );
    if (daysAgo !== undefined) {
      const at = new Date(NOW - daysAgo * DAY).toISOString();
      await repository.softDeleteThread(userId, created.id, at, threadDeletedEvent(userId, created.id, at));
    }
    return created.id;
  }

  const job = (owner: string, now = NOW, store: ConversationsStorage = storage) =>
    new ThreadPurgeJob({
      threads: store.threads,
      leases: store.leases,
      outbox: store.outbox,
      clock: () => new Date(now),
      retentionDays: 30,
      intervalMs: 60 * 60 * 1000,
      owner,
      log: silent,
      onEventsWritten: () => undefined,
    });

  const purgedEvents = async () =>
    (await storage.outbox.pendingEvents(1000))
      .filter((e) => e.subject === EVENT_SUBJECTS.threadPurged)
      .map((e) => threadEventSchema.parse(JSON.parse(e.payload)));

  it('purges threads deleted more than 30 days ago with their messages, keeps the rest, and publishes purge events', async () => {
    const old = await thread(1, 31);
    const recent = await thread(1, 29);
    const active = await thread(1, undefined);
    const othersOld = await thread(2, 45);

    expect(await job('a').runOnce()).toEqual({ ran: true, purged: 2 });

    expect(await repository.findThread(1, old)).toBeUndefined();
    expect(await repository.listMessages(1, old)).toBeUndefined();
    expect(await repository.findThread(2, othersOld)).toBeUndefined();
    expect(await repository.findThread(1, recent)).toMatchObject({ id: recent });
    expect(await repository.listMessages(1, recent)).toHaveLength(1);
    expect(await repository.findThread(1, active)).toMatchObject({ deletedAt: null });

    const events = await purgedEvents();
    expect(events.map((e) => [e.userId, e.threadId]).sort()).toEqual([
      [1, old],
      [2, othersOld],
    ]);
    expect(events.every((e) => e.at === new Date(NOW).toISOString())).toBe(true);
  });

  it('works from the stored deletion time, so a later run (after a restart) purges what has since expired', async () => {
    const recent = await thread(1, 29);
    expect(await job('a').runOnce()).toEqual({ ran: true, purged: 0 });
    // Two days later a fresh instance (new owner, as after a restart) purges it.
    await storage.leases.release(PURGE_LEASE, 'a');
    expect(await job('b', NOW + 2 * DAY).runOnce()).toEqual({ ran: true, purged: 1 });
    expect(await repository.findThread(1, recent)).toBeUndefined();
  });

  it('a recovered thread is never purged', async () => {
    const id = await thread(1, 40);
    await repository.recoverThread(
      1,
      id,
      { subject: EVENT_SUBJECTS.threadRecovered, payload: { userId: 1, threadId: id, at: new Date(NOW).toISOString() } },
      UNLIMITED,
    );
    expect(await job('a').runOnce()).toEqual({ ran: true, purged: 0 });
    expect(await repository.findThread(1, id)).toMatchObject({ deletedAt: null });
  });

  it('runs on one instance only: two instances at once purge each thread once', async () => {
    const ids = [await thread(1, 31), await thread(1, 50), await thread(3, 90)];
    // Two instances, each with its own connection to the same database.
    const secondConnection = openSqliteConversationsStorage(join(dir, 'conversations.sqlite'));
    const [one, two] = await Promise.all([job('instance-1').runOnce(), job('instance-2', NOW, secondConnection).runOnce()]);
    await secondConnection.close();
    expect([one, two].filter((run) => run.ran)).toHaveLength(1);
    const events = await purgedEvents();
    expect(events.map((e) => e.threadId).sort()).toEqual([...ids].sort());

    // The holder keeps the lease across runs; the other instance stays out until it expires.
    expect((await job('instance-2', NOW + 60_000).runOnce()).ran).toBe(false);
    const holder = one.ran ? 'instance-1' : 'instance-2';
    expect((await job(holder, NOW + 60_000).runOnce()).ran).toBe(true);
    const other = one.ran ? 'instance-2' : 'instance-1';
    expect((await job(other, NOW + 3 * 60 * 60 * 1000).runOnce()).ran).toBe(true);
    expect((await purgedEvents()).length).toBe(3);
  });

  it('releases its lease when stopped, so a restarted instance runs at once', async () => {
    const first = job('old-process');
    first.start();
    await first.stop();
    expect((await job('new-process').runOnce()).ran).toBe(true);
  });
});
