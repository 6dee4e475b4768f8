import { beforeEach, describe, expect, it } from 'vitest';
import {
  EVENT_SUBJECTS,
  THREAD_MESSAGES,
  messageAudioPath,
  recoverLimitReached,
  savedAudioLimitReached,
  threadLimitReached,
  threadMessageLimitReached,
} from '@story/proto';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { failureOf } from '@story/testing/service-under-test';
import { presentThreadItem } from './thread.presenter.ts';
import { ThreadService } from './thread.service.ts';

const ALICE = 1;
const BOB = 2;
/** Small quotas, so that the tests can reach them. */
const QUOTAS = { threadsPerUser: 3, messagesPerThread: 3, audioMegabytesPerUser: 1 };
const MEGABYTE = 1024 * 1024;
/** Base64 of `bytes` bytes of fake MP3. */
const mp3 = (bytes: number) => Buffer.alloc(bytes, 9).toString('base64');

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
      audio: storage.messageAudio,
      quotas: QUOTAS,
      retentionDays: 30,
      clock: () => new Date(Date.UTC(2024, 4, 1, 10, minute++)),
      onEventsWritten: () => {
        notified += 1;
      },
    });
  });

  const eventSubjects = async () => (await storage.outbox.pendingEvents(100)).map((e) => e.subject);

  it('creates threads titled "New Conversation" at the clock’s time and lists those with a saved message newest activity first', async () => {
    const first = await threads.createThread(ALICE);
    const second = await threads.createThread(ALICE);
    const empty = await threads.createThread(ALICE);
    expect(first).toMatchObject({ title: THREAD_MESSAGES.defaultTitle, createdAt: '2024-05-01T10:00:00.000Z' });
    await threads.saveConversation(ALICE, { threadId: second.id, userMessage: 'I trained the night shift', aiResponse: 'How?' });
    await threads.saveConversation(ALICE, { threadId: first.id, userMessage: 'I led a migration', aiResponse: 'What happened?' });
    // A thread never saved to is no story: it is in no list (issue 11), though it can still be opened and saved to.
    expect((await threads.listThreads(ALICE, undefined)).map((t) => t.id)).toEqual([first.id, second.id]);
    expect((await threads.getThread(ALICE, empty.id)).id).toBe(empty.id);
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
    expect(await failureOf(threads.saveConversation(ALICE, { ...input, userMessage: 'different' }, 'key-1'))).toEqual({
      status: 422,
      message: THREAD_MESSAGES.idempotencyKeyReused,
    });
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
    expect(await failureOf(threads.saveConversation(ALICE, { threadId: thread.id, userMessage: 'late', aiResponse: 'no' }))).toEqual({
      status: 409,
      message: THREAD_MESSAGES.deleted,
    });
    expect((await threads.recoverThread(ALICE, thread.id)).deletedAt).toBeNull();
    expect(await eventSubjects()).toEqual([EVENT_SUBJECTS.threadDeleted, EVENT_SUBJECTS.threadRecovered]);
    expect(notified).toBe(2);
  });

  it('refuses a thread past the quota with a message that says what to do, and a recover that would pass it', async () => {
    const made = [await threads.createThread(ALICE), await threads.createThread(ALICE), await threads.createThread(ALICE)];
    expect(await failureOf(threads.createThread(ALICE))).toEqual({ status: 409, message: threadLimitReached(3) });
    expect(threadLimitReached(3)).toBe('You have reached the limit of 3 conversations. Delete old ones to start new ones.');
    expect((await threads.createThread(BOB)).title).toBe(THREAD_MESSAGES.defaultTitle);

    const [first] = made;
    if (!first) throw new Error('fixture');
    await threads.deleteThread(ALICE, first.id);
    const replacement = await threads.createThread(ALICE);
    expect(await failureOf(threads.recoverThread(ALICE, first.id))).toEqual({ status: 409, message: recoverLimitReached(3) });
    await threads.deleteThread(ALICE, replacement.id);
    expect((await threads.recoverThread(ALICE, first.id)).deletedAt).toBeNull();
    // Empty threads count towards the quota, though no list shows them.
    expect(await storage.threads.listThreads(ALICE, 'active')).toHaveLength(3);
    expect(await threads.listThreads(ALICE, false)).toEqual([]);
  });

  it('refuses a save past the messages of a thread, and one past the audio quota, saving nothing and emitting nothing', async () => {
    const thread = await threads.createThread(ALICE);
    const save = (audioResponse?: string) =>
      threads.saveConversation(ALICE, { threadId: thread.id, userMessage: 'I led a team', aiResponse: 'How?', audioResponse });
    await save(mp3(MEGABYTE - 10));
    expect(await failureOf(save(mp3(11)))).toEqual({ status: 409, message: savedAudioLimitReached(1, 30) });
    await save(mp3(10));
    await save();
    expect(await failureOf(save())).toEqual({ status: 409, message: threadMessageLimitReached(3) });
    expect(threadMessageLimitReached(3)).toBe('This conversation has reached the limit of 3 messages. Start a new conversation to go on.');
    expect((await threads.listMessages(ALICE, thread.id)).map((m) => m.audioBytes)).toEqual([MEGABYTE - 10, 10, null]);
    expect(await eventSubjects()).toEqual([EVENT_SUBJECTS.storySaved, EVENT_SUBJECTS.storySaved, EVENT_SUBJECTS.storySaved]);

    // The audio quota is the user's, whatever the thread: a new thread takes no more audio either.
    const next = await threads.createThread(ALICE);
    expect(await failureOf(threads.saveConversation(ALICE, { threadId: next.id, userMessage: 'x', aiResponse: 'y', audioResponse: mp3(1) }))).toMatchObject({
      status: 409,
    });
    expect(await threads.listMessages(ALICE, next.id)).toEqual([]);
  });

  it('serves a saved reply’s MP3 to its owner only; a thread read points at it and carries none of it', async () => {
    const thread = await threads.createThread(ALICE);
    const { message } = await threads.saveConversation(ALICE, {
      threadId: thread.id,
      userMessage: 'I shipped it',
      aiResponse: 'Then?',
      audioResponse: mp3(2048),
    });
    const { message: silent } = await threads.saveConversation(ALICE, { threadId: thread.id, userMessage: 'quietly', aiResponse: 'ok' });
    const audio = await threads.messageAudio(ALICE, thread.id, message.id);
    expect(audio.equals(Buffer.alloc(2048, 9))).toBe(true);
    expect(await threads.messageAudioBase64(ALICE, thread.id, message.id)).toBe(mp3(2048));

    const notFound = { status: 404, message: THREAD_MESSAGES.audioNotFound };
    expect(await failureOf(threads.messageAudio(BOB, thread.id, message.id))).toEqual(notFound);
    expect(await failureOf(threads.messageAudio(ALICE, thread.id + 1, message.id))).toEqual(notFound);
    expect(await failureOf(threads.messageAudio(ALICE, thread.id, silent.id))).toEqual(notFound);

    const items = (await threads.listMessages(ALICE, thread.id)).map(presentThreadItem);
    expect(items.map((item) => [item.audioResponse, item.audioUrl])).toEqual([
      [null, messageAudioPath(thread.id, message.id)],
      [null, null],
    ]);
  });
});
