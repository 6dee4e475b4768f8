import type { ClientSession, Connection, QueryFilter } from 'mongoose';
import { THREAD_MESSAGES } from '@story/proto';
import { nextSequence, type MongoOutbox, type OutboxEvent } from '@story/service-kit';
import type { MongoMessageAudioRepository } from '../message-audio/mongo-message-audio.repository.ts';
import {
  MESSAGE_FIELDS,
  THREAD_FILTERS,
  keyIdOf,
  threadModels,
  toMessage,
  toThread,
  type IdempotencyDoc,
  type MessageDoc,
  type QuotaGuardDoc,
  type ThreadDoc,
} from './mongo-thread.documents.ts';
import type { KeyedSave, MessageRecord, NewMessage, ThreadFilter, ThreadRecord, ThreadRepository } from './thread.repository.ts';

/**
 * Threads in MongoDB. Writes that go with an event run in a multi-document transaction (MongoDB
 * needs a replica set for that, which `w: majority` implies anyway), so the outbox row commits or
 * rolls back with the change it describes. Numeric ids come from the counters collection; a gap
 * after an aborted or stale write is harmless.
 */
export class MongoThreadRepository implements ThreadRepository {
  private readonly threads;
  private readonly messages;
  private readonly idempotencyKeys;
  private readonly quotaGuards;

  constructor(
    private readonly connection: Connection,
    private readonly outbox: MongoOutbox,
    private readonly audio: MongoMessageAudioRepository,
  ) {
    ({ threads: this.threads, messages: this.messages, idempotencyKeys: this.idempotencyKeys, quotaGuards: this.quotaGuards } = threadModels(connection));
  }

  /** Creates the collections and indexes up front: collections cannot be created inside a transaction on older servers. */
  async init(): Promise<void> {
    for (const model of [this.threads, this.messages, this.idempotencyKeys, this.quotaGuards]) {
      await model.createCollection().catch(() => undefined);
      await model.syncIndexes();
    }
  }

  async listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    const docs = await this.threads
      .find({ userId, ...THREAD_FILTERS[filter] })
      .sort({ lastUpdated: -1, _id: -1 })
      .lean<ThreadDoc[]>();
    return docs.map(toThread);
  }

  async listSavedThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    const threads = await this.listThreads(userId, filter);
    if (threads.length === 0) return threads;
    // The threads' ids through the { threadId, _id } index of the messages, never a scan of the user's messages.
    const saved = new Set(await this.messages.distinct('threadId', { threadId: { $in: threads.map((thread) => thread.id) } }));
    return threads.filter((thread) => saved.has(thread.id));
  }

  async findThread(userId: number, threadId: number): Promise<ThreadRecord | undefined> {
    const doc = await this.threads.findOne({ _id: threadId, userId }).lean<ThreadDoc>();
    return doc ? toThread(doc) : undefined;
  }

  async listMessages(userId: number, threadId: number): Promise<MessageRecord[] | undefined> {
    if (!(await this.findThread(userId, threadId))) return undefined;
    const docs = await this.messages.find({ threadId, userId }, MESSAGE_FIELDS).sort({ _id: 1 }).lean<MessageDoc[]>();
    const sizes = await this.audio.sizesInThread(threadId);
    return docs.map((doc) => toMessage(doc, sizes.get(doc._id)));
  }

  async renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined> {
    const doc = await this.threads.findOneAndUpdate({ _id: threadId, userId }, { $set: { title, titleSource: 'person' } }, { new: true }).lean<ThreadDoc>();
    return doc ? toThread(doc) : undefined;
  }

  async nameUntitledThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined> {
    const untitled: QueryFilter<ThreadDoc> = {
      _id: threadId,
      userId,
      deletedAt: null,
      $or: [{ titleSource: 'default' }, { titleSource: { $exists: false }, title: THREAD_MESSAGES.defaultTitle }],
    };
    const doc = await this.threads.findOneAndUpdate(untitled, { $set: { title, titleSource: 'model' } }, { new: true }).lean<ThreadDoc>();
    return doc ? toThread(doc) : undefined;
  }

  /** Also makes the user's guard document, so no transaction has to (an upsert racing inside two transactions would fail one of them for good). */
  async writeVersion(userId: number): Promise<number> {
    const guard = await this.quotaGuards.findOneAndUpdate({ _id: userId }, { $setOnInsert: { writes: 0 } }, { upsert: true, new: true }).lean<QuotaGuardDoc>();
    return guard?.writes ?? 0;
  }

  async countActiveThreads(userId: number): Promise<number> {
    return await this.threads.countDocuments({ userId, deletedAt: null });
  }

  async countMessages(threadId: number): Promise<number> {
    return await this.messages.countDocuments({ threadId });
  }

  async findKeyedSave(userId: number, key: string): Promise<KeyedSave | undefined> {
    const used = await this.idempotencyKeys.findById(keyIdOf(userId, key)).lean<IdempotencyDoc>();
    if (!used) return undefined;
    const first = await this.messages.findById(used.conversationId, MESSAGE_FIELDS).lean<MessageDoc>();
    if (!first) return { requestHash: used.requestHash, message: undefined };
    const sizes = await this.audio.sizesInThread(first.threadId, [first._id]);
    return { requestHash: used.requestHash, message: toMessage(first, sizes.get(first._id)) };
  }

  async insertThread(userId: number, title: string, now: string, version: number): Promise<ThreadRecord | undefined> {
    const id = await nextSequence(this.connection, 'threads');
    return this.ifCurrent(userId, version, async (session) => {
      const doc: ThreadDoc = { _id: id, userId, title, titleSource: 'default', createdAt: now, lastUpdated: now, deletedAt: null };
      await this.threads.create([doc], { session });
      return toThread(doc);
    });
  }

  async setThreadDeleted(userId: number, threadId: number, deletedAt: string | null, event: OutboxEvent, version: number): Promise<ThreadRecord | undefined> {
    return this.ifCurrent(userId, version, async (session) => {
      const updated = await this.threads.findOneAndUpdate({ _id: threadId, userId }, { $set: { deletedAt } }, { new: true, session }).lean<ThreadDoc>();
      if (!updated) return undefined;
      await this.outbox.write(event, session);
      return toThread(updated);
    });
  }

  async insertMessage(input: NewMessage, version: number, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<MessageRecord | undefined> {
    const messageId = await nextSequence(this.connection, 'conversations');
    return this.ifCurrent(input.userId, version, async (session) => {
      const doc: MessageDoc = {
        _id: messageId,
        threadId: input.threadId,
        userId: input.userId,
        userMessage: input.userMessage,
        aiResponse: input.aiResponse,
        status: 'in_progress',
        ...(input.answerId ? { answerId: input.answerId } : {}),
        createdAt: input.createdAt,
      };
      await this.messages.create([doc], { session });
      const { audio } = input;
      if (audio) await this.audio.insert({ messageId, threadId: input.threadId, userId: input.userId, byteSize: audio.byteSize, audio: audio.base64 }, session);
      // $max keeps lastUpdated from going back when two saves carry clocks a hair apart.
      await this.threads.updateOne({ _id: input.threadId, userId: input.userId }, { $max: { lastUpdated: input.createdAt } }, { session });
      if (input.idempotency) {
        const { key, requestHash } = input.idempotency;
        await this.idempotencyKeys.create(
          [
            {
              _id: keyIdOf(input.userId, key),
              userId: input.userId,
              requestHash,
              conversationId: messageId,
              threadId: input.threadId,
              createdAt: input.createdAt,
            },
          ],
          { session },
        );
      }
      const message = toMessage(doc, audio?.byteSize);
      await this.outbox.write(buildEvent(message), session);
      return message;
    });
  }

  /**
   * Runs `write` in a transaction that first moves the user's version on from `version`, or writes
   * nothing when the version has moved. Counts read in a snapshot would not stop two transactions
   * from both taking a user's last slot; both writing the user's guard document does: the second
   * conflicts, is retried by the driver, and then finds the version moved.
   */
  private async ifCurrent<T>(userId: number, version: number, write: (session: ClientSession) => Promise<T | undefined>): Promise<T | undefined> {
    return this.connection.transaction(async (session): Promise<T | undefined> => {
      const claimed = await this.quotaGuards.updateOne({ _id: userId, writes: version }, { $inc: { writes: 1 } }, { session });
      if (claimed.modifiedCount === 0) return undefined;
      return write(session);
    });
  }

  async purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]> {
    const candidates = await this.threads
      .find({ deletedAt: { $type: 'string', $lt: cutoff } })
      .sort({ deletedAt: 1, _id: 1 })
      .limit(limit)
      .lean<ThreadDoc[]>();
    const purged: ThreadRecord[] = [];
    for (const candidate of candidates) {
      const done = await this.connection.transaction(async (session) => {
        // Re-read inside the transaction: the thread may have been recovered since the scan.
        const removed = await this.threads.findOneAndDelete({ _id: candidate._id, deletedAt: { $type: 'string', $lt: cutoff } }, { session }).lean<ThreadDoc>();
        if (!removed) return undefined;
        await this.audio.deleteThread(removed._id, session);
        await this.messages.deleteMany({ threadId: removed._id }, { session });
        await this.idempotencyKeys.deleteMany({ threadId: removed._id }, { session });
        const thread = toThread(removed);
        await this.outbox.write(buildEvent(thread), session);
        return thread;
      });
      if (done) purged.push(done);
    }
    return purged;
  }

  async pruneIdempotencyKeys(before: string): Promise<void> {
    await this.idempotencyKeys.deleteMany({ createdAt: { $lt: before } });
  }

  async forgetUser(userId: number): Promise<number> {
    return this.connection.transaction(async (session) => {
      const threadIds = (await this.threads.find({ userId }, { _id: 1 }, { session }).lean<{ _id: number }[]>()).map((doc) => doc._id);
      const audio = await this.audio.forgetUser(userId, session);
      const messages = (await this.messages.deleteMany({ $or: [{ userId }, { threadId: { $in: threadIds } }] }, { session })).deletedCount;
      await this.idempotencyKeys.deleteMany({ userId }, { session });
      const threads = (await this.threads.deleteMany({ userId }, { session })).deletedCount;
      await this.quotaGuards.deleteOne({ _id: userId }, { session });
      return audio + messages + threads;
    });
  }
}
