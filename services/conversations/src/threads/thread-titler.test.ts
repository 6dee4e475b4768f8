import { beforeEach, describe, expect, it } from 'vitest';
import { THREAD_MESSAGES } from '@story/proto';
import { OfflineCoachModel } from '../chat/offline-coach/offline-coach.model.ts';
import { storySavedEvent } from '../nats/domain-events.ts';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { threadsWithRules } from '@story/testing/fixtures/threads';
import { ThreadService } from './thread.service.ts';
import { ThreadTitler, cleanModelTitle } from './thread-titler.ts';

const ALICE = 1;
const BOB = 2;

/** A model that names threads as each test says: the offline coach, a fixed answer, a failure, or never. */
class TitleModel {
  readonly name = 'titles';
  readonly asked: string[][] = [];
  answer: 'offline' | 'fail' | 'hang' | string = 'offline';
  private readonly offline = new OfflineCoachModel();
  release: () => void = () => undefined;

  async titleFor(userMessages: readonly string[]): Promise<string> {
    this.asked.push([...userMessages]);
    if (this.answer === 'offline') return this.offline.titleFor(userMessages);
    if (this.answer === 'fail') throw new Error('model down');
    if (this.answer === 'hang') return new Promise<string>(() => undefined);
    const answer = this.answer;
    return new Promise<string>((resolve) => {
      this.release = () => resolve(answer);
    });
  }
}

/** ThreadService with its titler, on a real SQLite store in memory. */
describe('ThreadTitler', () => {
  let storage: ConversationsStorage;
  let model: TitleModel;
  let titler: ThreadTitler;
  let threads: ThreadService;
  let warnings: unknown[];

  beforeEach(() => {
    warnings = [];
    storage = openSqliteConversationsStorage(':memory:');
    model = new TitleModel();
    titler = new ThreadTitler({ repository: storage.threads, chatModel: model, timeoutMs: 200, log: { warn: (entry: unknown) => void warnings.push(entry) } });
    threads = new ThreadService({
      repository: storage.threads,
      audio: storage.messageAudio,
      quotas: { threadsPerUser: 10, messagesPerThread: 10, audioMegabytesPerUser: 1 },
      retentionDays: 30,
      clock: () => new Date(),
      onEventsWritten: () => undefined,
      onExchangeSaved: (userId, threadId) => titler.afterSave(userId, threadId),
    });
  });

  const say = (userId: number, threadId: number, userMessage: string) =>
    threads.saveConversation(userId, { threadId, userMessage, aiResponse: 'Tell me more?' });
  const titleOf = async (userId: number, threadId: number) => (await threads.getThread(userId, threadId)).title;

  it('keeps "New Conversation" until the first exchange is saved, then names the thread from what the person said', async () => {
    const thread = await threads.createThread(ALICE);
    await titler.settled();
    expect(await titleOf(ALICE, thread.id)).toBe(THREAD_MESSAGES.defaultTitle);
    await say(ALICE, thread.id, 'Last year I led the migration of our billing system to a new platform.');
    await titler.settled();
    expect(await titleOf(ALICE, thread.id)).toBe('Led the migration of our billing system');
    // Named once: later exchanges do not ask again.
    await say(ALICE, thread.id, 'I want to talk about the time I organised a charity run');
    await titler.settled();
    expect(model.asked).toHaveLength(1);
    expect(await titleOf(ALICE, thread.id)).toBe('Led the migration of our billing system');
  });

  it('never overwrites the person’s rename, even one made while the model was thinking', async () => {
    const renamedFirst = await threads.createThread(ALICE);
    await threads.renameThread(ALICE, renamedFirst.id, 'My own title');
    await say(ALICE, renamedFirst.id, 'I rebuilt the onboarding guide for new nurses.');
    await titler.settled();
    expect(await titleOf(ALICE, renamedFirst.id)).toBe('My own title');
    expect(model.asked).toHaveLength(0);

    model.answer = 'Model title';
    const racing = await threads.createThread(ALICE);
    await say(ALICE, racing.id, 'I rebuilt the onboarding guide for new nurses.');
    await threads.renameThread(ALICE, racing.id, 'Renamed meanwhile');
    model.release();
    await titler.settled();
    expect(await titleOf(ALICE, racing.id)).toBe('Renamed meanwhile');
  });

  it('keeps the default when the model fails, hangs or has nothing to name, and tries again at the next save', async () => {
    const thread = await threads.createThread(ALICE);
    for (const answer of ['fail', 'hang'] as const) {
      model.answer = answer;
      await say(ALICE, thread.id, 'I negotiated a new contract with our biggest supplier.');
      await titler.settled();
      expect(await titleOf(ALICE, thread.id), answer).toBe(THREAD_MESSAGES.defaultTitle);
    }
    model.answer = 'offline';
    await say(ALICE, thread.id, 'ok');
    await titler.settled();
    // The first message named it, once the model answered.
    expect(await titleOf(ALICE, thread.id)).toBe('Negotiated a new contract with our biggest supplier');
    expect(warnings.length).toBeGreaterThanOrEqual(2);

    const greeting = await threads.createThread(ALICE);
    await say(ALICE, greeting.id, 'hi');
    await titler.settled();
    expect(await titleOf(ALICE, greeting.id)).toBe(THREAD_MESSAGES.defaultTitle);
  });

  it('names only the caller’s own active thread', async () => {
    const thread = await threads.createThread(ALICE);
    await threadsWithRules(storage).saveMessage(
      {
        userId: ALICE,
        threadId: thread.id,
        userMessage: 'I led the migration.',
        aiResponse: '?',
        audioResponse: null,
        createdAt: new Date().toISOString(),
        quotas: { messagesPerThread: 10, audioBytesPerUser: 10 },
      },
      storySavedEvent,
    );
    expect(await titler.titleThread(BOB, thread.id)).toBeUndefined();
    await threads.deleteThread(ALICE, thread.id);
    expect(await titler.titleThread(ALICE, thread.id)).toBeUndefined();
    expect(await titleOf(ALICE, thread.id)).toBe(THREAD_MESSAGES.defaultTitle);
  });
});

describe('cleanModelTitle', () => {
  it('keeps the title and drops quotes, labels, full stops and extra lines', () => {
    expect(cleanModelTitle('  "Leading the billing migration."  ')).toBe('Leading the billing migration');
    expect(cleanModelTitle('Title: **Night shifts at the warehouse**\nIt is about...')).toBe('Night shifts at the warehouse');
    expect(cleanModelTitle('“Rebuilding trust”')).toBe('Rebuilding trust');
  });

  it('cuts a long answer at a word and refuses an empty or default one', () => {
    const long = cleanModelTitle('The long story of how I moved a whole company onto a new billing platform in six weeks') ?? '';
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith(' ')).toBe(false);
    for (const empty of ['', '   ', '""', '...', 'New Conversation']) expect(cleanModelTitle(empty), empty).toBeUndefined();
  });
});
