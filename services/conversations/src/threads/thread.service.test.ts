import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, THREAD_MESSAGES } from '@story/proto';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { ThreadService } from './thread.service.ts';
import { failureOf } from '@story/service-kit/testing';

const ALICE = 1;
const BOB = 2;


/** ThreadService on its own: a real SQLite store in memory and a clock that moves a minute per reading. */
describe('ThreadService', () => {
  let storage: ConversationsStorage;
  let threads: ThreadService;
  let minute: number;
  let notified: number;

  beforeEach(() => {
    storage = openSqliteConversationsStorage(':memory:');
    minute = 0;
    notified = 0;
    threads = new ThreadService({
      repository: storage.threads,
      clock: () => new Date(Date.UTC(2024, 4, 1, 10, minute++)),
      onEventsWritten: () => {
        notified += 1;
      },
    });
  });

  const eventSubjects = async () => (await storage.outbox.pendingEvents(100)).map((e) => e.subject);

  it('creates threads titled "New Conversation" at the clock’s time and lists them newest activity first', async () => {
    const first = await threads.createThread(ALICE);
    const second = await threads.createThread(ALICE);
    expect(first).toMatchObject({ title: THREAD_MESSAGES.defaultTitle, createdAt: '2024-05-01T10:00:00.000Z' });
    await threads.saveConversation(ALICE, { threadId: first.id, userMessage: 'I led a migration', aiResponse: 'What happened?' });
    expect((await threads.listThreads(ALICE, undefined)).map((t) => t.id)).toEqual([first.id, second.id]);
    expect(await threads.listThreads(BOB, undefined)).toEqual([]);
  });

  it('saves a message pair with one story event and tells the relay; a replayed key saves nothing', async () => {
    const thread = await threads.createThread(ALICE);
    const input = { threadId: thread.id, userMessage: 'I cut costs by 30%', aiResponse: 'How?' };
    const saved = await threads.saveConversation(ALICE, input, 'key-1');
    const replay = await threads.saveConversation(ALICE, input, 'key-1');
    expect(replay).toEqual({ message: saved.message, replayed: true });
    expect(await eventSubjects()).toEqual([EVENT_SUBJECTS.storySaved]);
    expect(notified).toBe(1);
    expect(await failureOf(threads.saveConversation(ALICE, { ...input, userMessage: 'different' }, 'key-1'))).toEqual({ status: 422, message: THREAD_MESSAGES.idempotencyKeyReused });
  });

  it('keeps every thread to its owner: another user gets 404 for reading, renaming, deleting and saving', async () => {
    const thread = await threads.createThread(ALICE);
    const notFound = { status: 404, message: THREAD_MESSAGES.notFound };
    expect(await failureOf(threads.listMessages(BOB, thread.id))).toEqual(notFound);
    expect(await failureOf(threads.renameThread(BOB, thread.id, 'mine now'))).toEqual(notFound);
    expect(await failureOf(threads.deleteThread(BOB, thread.id))).toEqual(notFound);
    expect(await failureOf(threads.saveConversation(BOB, { threadId: thread.id, userMessage: 'x', aiResponse: 'y' }))).toEqual(notFound);
    expect((await threads.getThread(ALICE, thread.id)).title).toBe(THREAD_MESSAGES.defaultTitle);
  });

  it('deletes and recovers with one event per change; a deleted thread takes no saves', async () => {
    const thread = await threads.createThread(ALICE);
    const deleted = await threads.deleteThread(ALICE, thread.id);
    expect(deleted.deletedAt).not.toBeNull();
    await threads.deleteThread(ALICE, thread.id);
    expect(await failureOf(threads.saveConversation(ALICE, { threadId: thread.id, userMessage: 'late', aiResponse: 'no' }))).toEqual({ status: 409, message: THREAD_MESSAGES.deleted });
    expect((await threads.recoverThread(ALICE, thread.id)).deletedAt).toBeNull();
    expect(await eventSubjects()).toEqual([EVENT_SUBJECTS.threadDeleted, EVENT_SUBJECTS.threadRecovered]);
    expect(notified).toBe(2);
  });
});
