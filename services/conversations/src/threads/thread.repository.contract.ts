import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import type { OutboxStore } from '@story/service-kit';
import { NO_QUOTAS, UNLIMITED, createdThread, messageToSave, type ThreadsWithRules } from '@story/testing/fixtures/threads';
import { storySavedEvent, threadDeletedEvent, threadPurgedEvent, threadRecoveredEvent } from '../nats/domain-events.ts';

/** A store to run a contract against: the repository, the outbox its writes go to, and how to throw it away. */
export interface StoreUnderTest<Repository> {
  repository: Repository;
  outbox: OutboxStore;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2024-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/**
 * The behaviour every ThreadRepository must have under the service's rules (ThreadWriteService),
 * run against each driver (SQLite always, MongoDB when one is reachable). Each test uses its own
 * user ids, so the suite shares one store.
 */
export function threadRepositoryContract(name: string, open: () => Promise<StoreUnderTest<ThreadsWithRules>>): void {
  describe(`ThreadRepository contract: ${name}`, () => {
    let store: StoreUnderTest<ThreadsWithRules>;
    let repo: ThreadsWithRules;
    let nextUser = 1000;
    const newUser = () => ++nextUser;

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
    });
    afterAll(async () => store.cleanup());

    const save = (userId: number, threadId: number, text: string, minute: number, key?: string) =>
      repo.saveMessage(
        messageToSave(userId, threadId, at(minute), {
          userMessage: text,
          aiResponse: `re: ${text}`,
          idempotency: key ? { key, requestHash: `hash-${text}` } : undefined,
        }),
        storySavedEvent,
      );
    const createThread = async (userId: number, title: string, createdAt: string) =>
      createdThread(await repo.createThread(userId, title, createdAt, UNLIMITED));

    it('creates, finds and lists threads per user, newest activity first, filtered by deletion', async () => {
      const user = newUser();
      const other = newUser();
      const a = await createThread(user, 'New Conversation', at(1));
      const b = await createThread(user, 'New Conversation', at(2));
      const c = await createThread(user, 'New Conversation', at(3));
      await createThread(other, 'New Conversation', at(4));
      expect(a).toMatchObject({ userId: user, title: 'New Conversation', createdAt: at(1), lastUpdated: at(1), deletedAt: null });
      expect((await repo.listThreads(user, 'all')).map((t) => t.id)).toEqual([c.id, b.id, a.id]);

      await save(user, a.id, 'bump', 10);
      await repo.softDeleteThread(user, b.id, at(11), threadDeletedEvent(user, b.id, at(11)));
      expect((await repo.listThreads(user, 'all')).map((t) => t.id)).toEqual([a.id, c.id, b.id]);
      expect((await repo.listThreads(user, 'active')).map((t) => t.id)).toEqual([a.id, c.id]);
      expect((await repo.listThreads(user, 'deleted')).map((t) => t.id)).toEqual([b.id]);
      expect(await repo.findThread(other, a.id)).toBeUndefined();
      expect(await repo.findThread(user, a.id)).toMatchObject({ id: a.id, lastUpdated: at(10) });

      // The lists a person sees hold only threads with a saved message, deleted or not.
      expect((await repo.listSavedThreads(user, 'all')).map((t) => t.id)).toEqual([a.id]);
      expect(await repo.listSavedThreads(user, 'deleted')).toEqual([]);
      const d = await createThread(user, 'New Conversation', at(12));
      await save(user, d.id, 'told, then deleted', 13);
      await repo.softDeleteThread(user, d.id, at(14), threadDeletedEvent(user, d.id, at(14)));
      expect((await repo.listSavedThreads(user, 'deleted')).map((t) => t.id)).toEqual([d.id]);
      expect((await repo.listSavedThreads(user, 'active')).map((t) => t.id)).toEqual([a.id]);
      expect((await repo.listSavedThreads(user, 'all')).map((t) => t.id)).toEqual([d.id, a.id]);
      expect(await repo.listSavedThreads(other, 'all')).toEqual([]);
    });

    it('renames only the owner’s thread', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      expect(await repo.renameThread(user + 1, thread.id, 'stolen')).toBeUndefined();
      expect(await repo.renameThread(user, thread.id, 'Mine')).toMatchObject({ title: 'Mine' });
      expect((await repo.findThread(user, thread.id))?.title).toBe('Mine');
    });

    it('names a thread once from a model, never over the person’s rename, a deleted thread or another user’s', async () => {
      const user = newUser();
      const named = await createThread(user, 'New Conversation', at(1));
      expect(named.titleSource).toBe('default');
      expect(await repo.nameUntitledThread(user + 1, named.id, 'Stolen')).toBeUndefined();
      expect(await repo.nameUntitledThread(user, named.id, 'Billing migration')).toMatchObject({ title: 'Billing migration', titleSource: 'model' });
      // Named once: a later suggestion changes nothing; the person's rename still wins.
      expect(await repo.nameUntitledThread(user, named.id, 'Something else')).toBeUndefined();
      expect(await repo.renameThread(user, named.id, 'My title')).toMatchObject({ title: 'My title', titleSource: 'person' });

      const renamed = await createThread(user, 'New Conversation', at(2));
      await repo.renameThread(user, renamed.id, 'Mine first');
      expect(await repo.nameUntitledThread(user, renamed.id, 'Model title')).toBeUndefined();
      expect(await repo.findThread(user, renamed.id)).toMatchObject({ title: 'Mine first', titleSource: 'person' });

      const deleted = await createThread(user, 'New Conversation', at(3));
      await repo.softDeleteThread(user, deleted.id, at(4), threadDeletedEvent(user, deleted.id, at(4)));
      expect(await repo.nameUntitledThread(user, deleted.id, 'Too late')).toBeUndefined();
      expect((await repo.findThread(user, deleted.id))?.title).toBe('New Conversation');
    });

    it('saves messages oldest first with a story event each, and refuses missing, foreign and deleted threads', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const first = await save(user, thread.id, 'one', 2);
      const second = await save(user, thread.id, 'two', 3);
      expect(first.kind).toBe('saved');
      expect(second.kind).toBe('saved');
      const messages = await repo.listMessages(user, thread.id);
      expect(messages?.map((m) => m.userMessage)).toEqual(['one', 'two']);
      expect(messages?.[0]).toMatchObject({ threadId: thread.id, userId: user, aiResponse: 're: one', audioBytes: null, createdAt: at(2) });
      expect(await repo.listMessages(user + 1, thread.id)).toBeUndefined();

      const pending = await store.outbox.pendingEvents(10_000);
      const keys = pending.filter((e) => e.subject === EVENT_SUBJECTS.storySaved).map((e) => JSON.parse(e.payload).storyKey);
      if (first.kind === 'saved' && second.kind === 'saved') {
        expect(keys).toContain(`conversation:${first.message.id}`);
        expect(keys).toContain(`conversation:${second.message.id}`);
      }

      expect((await save(user + 1, thread.id, 'foreign', 4)).kind).toBe('thread-not-found');
      expect((await save(user, 987_654_321, 'missing', 4)).kind).toBe('thread-not-found');
      await repo.softDeleteThread(user, thread.id, at(5), threadDeletedEvent(user, thread.id, at(5)));
      expect((await save(user, thread.id, 'late', 6)).kind).toBe('thread-deleted');
      expect(await repo.listMessages(user, thread.id)).toHaveLength(2);
    });

    it('keeps the answer id a pair was saved with, and none for a pair saved without', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const answerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
      const saved = await repo.saveMessage(
        {
          userId: user,
          threadId: thread.id,
          userMessage: 'I led it.',
          aiResponse: 'What happened?',
          audioResponse: null,
          answerId,
          createdAt: at(2),
          quotas: NO_QUOTAS,
        },
        storySavedEvent,
      );
      expect(saved.kind === 'saved' ? saved.message.answerId : undefined).toBe(answerId);
      await save(user, thread.id, 'plain', 3);
      expect((await repo.listMessages(user, thread.id))?.map((message) => message.answerId)).toEqual([answerId, null]);
    });

    it('keeps every one of many concurrent saves exactly once', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(user, thread.id, `parallel ${i}`, 2 + i)));
      expect(results.every((r) => r.kind === 'saved')).toBe(true);
      const messages = (await repo.listMessages(user, thread.id)) ?? [];
      expect(messages).toHaveLength(20);
      expect(new Set(messages.map((m) => m.userMessage)).size).toBe(20);
      expect((await repo.findThread(user, thread.id))?.lastUpdated).toBe(at(21));
    });

    it('replays an idempotency key for the same request and refuses it for another', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const first = await save(user, thread.id, 'once', 2, 'key-1');
      const again = await save(user, thread.id, 'once', 3, 'key-1');
      expect(again).toEqual(first.kind === 'saved' ? { ...first, replayed: true } : first);
      expect((await save(user, thread.id, 'different', 4, 'key-1')).kind).toBe('idempotency-key-reused');
      const parallel = await Promise.all(Array.from({ length: 5 }, () => save(user, thread.id, 'burst', 5, 'key-2')));
      const ids = new Set(parallel.map((r) => (r.kind === 'saved' ? r.message.id : -1)));
      expect(ids.size).toBe(1);
      expect(await repo.listMessages(user, thread.id)).toHaveLength(2);
    });

    it('soft-deletes and recovers with one event per change, and no event for a no-op', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const deleted = await repo.softDeleteThread(user, thread.id, at(2), threadDeletedEvent(user, thread.id, at(2)));
      expect(deleted).toMatchObject({ changed: true, thread: { deletedAt: at(2) } });
      const twice = await repo.softDeleteThread(user, thread.id, at(3), threadDeletedEvent(user, thread.id, at(3)));
      expect(twice).toMatchObject({ changed: false, thread: { deletedAt: at(2) } });
      expect(await repo.softDeleteThread(user + 1, thread.id, at(3), threadDeletedEvent(user + 1, thread.id, at(3)))).toBeUndefined();
      const recovered = await repo.recoverThread(user, thread.id, threadRecoveredEvent(user, thread.id, at(4)), UNLIMITED);
      expect(recovered).toMatchObject({ changed: true, thread: { deletedAt: null } });
      expect((await repo.recoverThread(user, thread.id, threadRecoveredEvent(user, thread.id, at(5)), UNLIMITED))?.changed).toBe(false);

      const events = (await store.outbox.pendingEvents(10_000)).filter((e) => JSON.parse(e.payload).threadId === thread.id).map((e) => e.subject);
      expect(events).toEqual([EVENT_SUBJECTS.threadDeleted, EVENT_SUBJECTS.threadRecovered]);
    });

    it('refuses a thread past the quota of active threads, counted with the create; deleted ones do not count, recovering past it is refused', async () => {
      const user = newUser();
      const made = await Promise.all(Array.from({ length: 5 }, (_, i) => repo.createThread(user, 'New Conversation', at(i), 3)));
      expect(made.filter((r) => r.kind === 'created')).toHaveLength(3);
      expect(made.filter((r) => r.kind === 'thread-limit-reached')).toHaveLength(2);
      expect(await repo.listThreads(user, 'all')).toHaveLength(3);
      expect((await repo.createThread(user + 1, 'New Conversation', at(9), 3)).kind).toBe('created');

      const [first] = await repo.listThreads(user, 'active');
      if (!first) throw new Error('no thread');
      await repo.softDeleteThread(user, first.id, at(10), threadDeletedEvent(user, first.id, at(10)));
      const replacement = await repo.createThread(user, 'New Conversation', at(11), 3);
      expect(replacement.kind).toBe('created');
      const refused = await repo.recoverThread(user, first.id, threadRecoveredEvent(user, first.id, at(12)), 3);
      expect(refused).toMatchObject({ changed: false, refused: 'thread-limit-reached', thread: { id: first.id, deletedAt: at(10) } });
      expect(await repo.listThreads(user, 'active')).toHaveLength(3);
      const events = (await store.outbox.pendingEvents(10_000)).filter(
        (e) => e.subject === EVENT_SUBJECTS.threadRecovered && JSON.parse(e.payload).threadId === first.id,
      );
      expect(events).toEqual([]);
    });

    it('refuses a save past the quota of messages per thread, counted in the save: of concurrent saves only as many as fit are kept', async () => {
      const user = newUser();
      const thread = await createThread(user, 'New Conversation', at(1));
      const quotas = { ...NO_QUOTAS, messagesPerThread: 4 };
      const saveWithin = (text: string) =>
        repo.saveMessage(
          { userId: user, threadId: thread.id, userMessage: text, aiResponse: 'ok', audioResponse: null, createdAt: at(2), quotas },
          storySavedEvent,
        );
      expect((await saveWithin('first')).kind).toBe('saved');
      const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => saveWithin(`racing ${i}`)));
      expect(racing.filter((r) => r.kind === 'saved')).toHaveLength(3);
      expect(racing.filter((r) => r.kind === 'message-limit-reached')).toHaveLength(3);
      expect(await repo.listMessages(user, thread.id)).toHaveLength(4);
      const events = (await store.outbox.pendingEvents(10_000)).filter(
        (e) => e.subject === EVENT_SUBJECTS.storySaved && JSON.parse(e.payload).threadId === thread.id,
      );
      expect(events).toHaveLength(4);
    });

    it('purges only threads deleted before the cutoff, with their messages', async () => {
      const user = newUser();
      const old = await createThread(user, 'old', at(1));
      const young = await createThread(user, 'young', at(1));
      await save(user, old.id, 'gone', 2);
      await save(user, young.id, 'kept', 2);
      await repo.softDeleteThread(user, old.id, at(10), threadDeletedEvent(user, old.id, at(10)));
      await repo.softDeleteThread(user, young.id, at(30), threadDeletedEvent(user, young.id, at(30)));
      const purged = await repo.purgeDeletedThreads(at(20), 100, (thread) => threadPurgedEvent(thread, at(40)));
      expect(purged.map((t) => t.id)).toContain(old.id);
      expect(purged.map((t) => t.id)).not.toContain(young.id);
      expect(await repo.findThread(user, old.id)).toBeUndefined();
      expect(await repo.listMessages(user, young.id)).toHaveLength(1);
      const purgeEvents = (await store.outbox.pendingEvents(10_000)).filter(
        (e) => e.subject === EVENT_SUBJECTS.threadPurged && JSON.parse(e.payload).threadId === old.id,
      );
      expect(purgeEvents).toHaveLength(1);
    });

    it('forgets a deleted account: every thread, message and spoken reply, once, and nobody else’s', async () => {
      const user = newUser();
      const other = newUser();
      const kept = await createThread(other, 'kept', at(1));
      await save(other, kept.id, 'kept', 2);
      const first = await createThread(user, 'first', at(1));
      const second = await createThread(user, 'second', at(1));
      await save(user, first.id, 'one', 2, 'forget-key');
      await repo.saveMessage(
        {
          userId: user,
          threadId: second.id,
          userMessage: 'spoken',
          aiResponse: 'ok',
          audioResponse: 'SUQzBAAAAAAAI1RTU0U=',
          createdAt: at(3),
          quotas: NO_QUOTAS,
        },
        storySavedEvent,
      );
      await repo.softDeleteThread(user, second.id, at(4), threadDeletedEvent(user, second.id, at(4)));

      expect(await repo.forgetUser(user)).toBeGreaterThanOrEqual(5);
      expect(await repo.listThreads(user, 'all')).toEqual([]);
      expect(await repo.listMessages(user, first.id)).toBeUndefined();
      expect(await repo.forgetUser(user)).toBe(0);
      expect(await repo.listMessages(other, kept.id)).toHaveLength(1);
      // The same user id may start again (ids are never reused, but nothing is left to trip on).
      expect(await createThread(user, 'again', at(5))).toMatchObject({ title: 'again' });
    });
  });
}
