import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { THREAD_MESSAGES, decodedByteLength } from '@story/proto';
import { isDuplicateKeyError, nextSequence, type MongoOutbox, type OutboxEvent } from '@story/service-kit';
import type { MongoMessageAudioRepository } from '../message-audio/mongo-message-audio.repository.ts';
import type {
  CreateThreadResult,
  MessageRecord,
  SaveMessageInput,
  SaveMessageResult,
  ThreadFilter,
  ThreadRecord,
  ThreadRepository,
  ThreadStateChange,
  TitleSource,
} from './thread.repository.ts';

interface ThreadDoc {
  _id: number;
  userId: number;
  title: string;
  /** Absent on threads written before titles had a source. */
  titleSource?: TitleSource;
  createdAt: string;
  lastUpdated: string;
  deletedAt: string | null;
}

interface MessageDoc {
  _id: number;
  threadId: number;
  userId: number;
  userMessage: string;
  aiResponse: string;
  status: string;
  /** The answer's id from the reply; absent on pairs saved without one. */
  answerId?: string | undefined;
  createdAt: string;
}

/** One per user, bumped by every write a quota counts (see `claimQuotas`). */
interface QuotaGuardDoc {
  _id: number;
  writes: number;
}

interface IdempotencyDoc {
  _id: string;
  userId: number;
  requestHash: string;
  conversationId: number;
  threadId: number;
  createdAt: string;
}

const { Schema } = mongoose;

const threadSchema = new Schema<ThreadDoc>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    title: { type: String, required: true },
    titleSource: { type: String },
    createdAt: { type: String, required: true },
    lastUpdated: { type: String, required: true },
    deletedAt: { type: String, default: null },
  },
  { versionKey: false },
);
threadSchema.index({ userId: 1, lastUpdated: -1, _id: -1 });
threadSchema.index({ deletedAt: 1 }, { partialFilterExpression: { deletedAt: { $type: 'string' } } });

const messageSchema = new Schema<MessageDoc>(
  {
    _id: Number,
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    userMessage: { type: String, required: true },
    aiResponse: { type: String, required: true },
    status: { type: String, default: 'in_progress' },
    answerId: { type: String, required: false },
    createdAt: { type: String, required: true },
  },
  { versionKey: false },
);
messageSchema.index({ threadId: 1, _id: 1 });

const idempotencySchema = new Schema<IdempotencyDoc>(
  {
    _id: String,
    userId: { type: Number, required: true },
    requestHash: { type: String, required: true },
    conversationId: { type: Number, required: true },
    threadId: { type: Number, required: true },
    createdAt: { type: String, required: true },
  },
  { versionKey: false },
);
idempotencySchema.index({ createdAt: 1 });
idempotencySchema.index({ threadId: 1 });

const toThread = (doc: ThreadDoc): ThreadRecord => ({
  id: doc._id,
  userId: doc.userId,
  title: doc.title,
  // Before titles had a source, only the person could set a title other than the default.
  titleSource: doc.titleSource ?? (doc.title === THREAD_MESSAGES.defaultTitle ? 'default' : 'person'),
  createdAt: doc.createdAt,
  lastUpdated: doc.lastUpdated,
  deletedAt: doc.deletedAt ?? null,
});

const quotaGuardSchema = new Schema<QuotaGuardDoc>({ _id: Number, writes: { type: Number, default: 0 } }, { versionKey: false });

/** Every field of a message but a spoken reply left inside by a release older than its collection. */
const MESSAGE_FIELDS = { audioResponse: 0 };

const toMessage = (doc: MessageDoc, audioBytes: number | undefined): MessageRecord => ({
  id: doc._id,
  threadId: doc.threadId,
  userId: doc.userId,
  userMessage: doc.userMessage,
  aiResponse: doc.aiResponse,
  audioBytes: audioBytes ?? null,
  answerId: doc.answerId ?? null,
  createdAt: doc.createdAt,
});

const THREAD_FILTERS: Record<ThreadFilter, Record<string, unknown>> = {
  all: {},
  active: { deletedAt: null },
  deleted: { deletedAt: { $type: 'string' } },
};

/**
 * Threads in MongoDB. Writes that go with an event run in a multi-document transaction (MongoDB
 * needs a replica set for that, which `w: majority` implies anyway), so the outbox row commits or
 * rolls back with the change it describes. Numeric ids come from the counters collection; a gap
 * after an aborted transaction is harmless.
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
    this.threads = connection.model<ThreadDoc>('Thread', threadSchema, 'threads');
    this.messages = connection.model<MessageDoc>('Conversation', messageSchema, 'conversations');
    this.idempotencyKeys = connection.model<IdempotencyDoc>('IdempotencyKey', idempotencySchema, 'idempotency_keys');
    this.quotaGuards = connection.model<QuotaGuardDoc>('QuotaGuard', quotaGuardSchema, 'quota_guards');
  }

  /** Creates the collections and indexes up front: collections cannot be created inside a transaction on older servers. */
  async init(): Promise<void> {
    for (const model of [this.threads, this.messages, this.idempotencyKeys, this.quotaGuards]) {
      await model.createCollection().catch(() => undefined);
      await model.syncIndexes();
    }
  }

  async listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    const docs = await this.threads.find({ userId, ...THREAD_FILTERS[filter] }).sort({ lastUpdated: -1, _id: -1 }).lean<ThreadDoc[]>();
    return docs.map(toThread);
  }

  async listSavedThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    const threads = await this.listThreads(userId, filter);
    if (threads.length === 0) return threads;
    // The threads' ids through the { threadId, _id } index of the messages, never a scan of the user's messages.
    const saved = new Set(await this.messages.distinct('threadId', { threadId: { $in: threads.map((thread) => thread.id) } }));
    return threads.filter((thread) => saved.has(thread.id));
  }

  async createThread(userId: number, title: string, now: string, maxActiveThreads: number): Promise<CreateThreadResult> {
    const id = await nextSequence(this.connection, 'threads');
    await this.prepareQuotaGuard(userId);
    return this.connection.transaction(async (session): Promise<CreateThreadResult> => {
      await this.claimQuotas(userId, session);
      if ((await this.activeThreads(userId, session)) >= maxActiveThreads) return { kind: 'thread-limit-reached' };
      const doc: ThreadDoc = { _id: id, userId, title, titleSource: 'default', createdAt: now, lastUpdated: now, deletedAt: null };
      await this.threads.create([doc], { session });
      return { kind: 'created', thread: toThread(doc) };
    });
  }

  private async activeThreads(userId: number, session: ClientSession): Promise<number> {
    return await this.threads.countDocuments({ userId, deletedAt: null }).session(session);
  }

  /** The user's guard document exists before any transaction bumps it (an upsert racing inside two transactions would fail one of them for good). */
  private async prepareQuotaGuard(userId: number): Promise<void> {
    await this.quotaGuards.updateOne({ _id: userId }, { $setOnInsert: { writes: 0 } }, { upsert: true });
  }

  /**
   * Counts read in a snapshot do not stop two transactions from both taking the last slot. Both
   * writing the user's guard document does: the second one conflicts, is retried, and its counts
   * then include the first one's write.
   */
  private async claimQuotas(userId: number, session: ClientSession): Promise<void> {
    await this.quotaGuards.updateOne({ _id: userId }, { $inc: { writes: 1 } }, { session });
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
    const untitled: mongoose.QueryFilter<ThreadDoc> = {
      _id: threadId,
      userId,
      deletedAt: null,
      $or: [{ titleSource: 'default' }, { titleSource: { $exists: false }, title: THREAD_MESSAGES.defaultTitle }],
    };
    const doc = await this.threads.findOneAndUpdate(untitled, { $set: { title, titleSource: 'model' } }, { new: true }).lean<ThreadDoc>();
    return doc ? toThread(doc) : undefined;
  }

  async softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEvent): Promise<ThreadStateChange | undefined> {
    return this.setDeleted(userId, threadId, at, event, Number.POSITIVE_INFINITY);
  }

  async recoverThread(userId: number, threadId: number, event: OutboxEvent, maxActiveThreads: number): Promise<ThreadStateChange | undefined> {
    await this.prepareQuotaGuard(userId);
    return this.setDeleted(userId, threadId, null, event, maxActiveThreads);
  }

  private async setDeleted(userId: number, threadId: number, deletedAt: string | null, event: OutboxEvent, maxActiveThreads: number): Promise<ThreadStateChange | undefined> {
    return this.connection.transaction(async (session): Promise<ThreadStateChange | undefined> => {
      const current = await this.threads.findOne({ _id: threadId, userId }).session(session).lean<ThreadDoc>();
      if (!current) return undefined;
      if ((current.deletedAt === null) === (deletedAt === null)) return { thread: toThread(current), changed: false };
      if (deletedAt === null) {
        await this.claimQuotas(userId, session);
        if ((await this.activeThreads(userId, session)) >= maxActiveThreads) return { thread: toThread(current), changed: false, refused: 'thread-limit-reached' };
      }
      const updated = await this.threads.findOneAndUpdate({ _id: threadId, userId }, { $set: { deletedAt } }, { new: true, session }).lean<ThreadDoc>();
      if (!updated) return undefined;
      await this.outbox.write(event, session);
      return { thread: toThread(updated), changed: true };
    });
  }

  async saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<SaveMessageResult> {
    const messageId = await nextSequence(this.connection, 'conversations');
    const keyId = input.idempotency ? `${input.userId}:${input.idempotency.key}` : undefined;
    const audio = input.audioResponse ? { base64: input.audioResponse, byteSize: decodedByteLength(input.audioResponse) } : null;
    await this.prepareQuotaGuard(input.userId);
    try {
      return await this.connection.transaction(async (session): Promise<SaveMessageResult> => {
        if (input.idempotency && keyId) {
          const replay = await this.replay(keyId, input.idempotency.requestHash, session);
          if (replay) return replay;
        }
        const thread = await this.threads.findOne({ _id: input.threadId, userId: input.userId }).session(session).lean<ThreadDoc>();
        if (!thread) return { kind: 'thread-not-found' };
        if (thread.deletedAt !== null) return { kind: 'thread-deleted' };
        await this.claimQuotas(input.userId, session);
        if ((await this.messages.countDocuments({ threadId: input.threadId }).session(session)) >= input.quotas.messagesPerThread) return { kind: 'message-limit-reached' };
        if (audio && (await this.audio.bytesOf(input.userId, session)) + audio.byteSize > input.quotas.audioBytesPerUser) return { kind: 'audio-limit-reached' };
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
        if (audio) await this.audio.insert({ messageId, threadId: input.threadId, userId: input.userId, byteSize: audio.byteSize, audio: audio.base64 }, session);
        // $max keeps lastUpdated from going back when two saves carry clocks a hair apart; touching
        // the thread document also makes two concurrent saves conflict and retry, never interleave.
        await this.threads.updateOne({ _id: input.threadId, userId: input.userId }, { $max: { lastUpdated: input.createdAt } }, { session });
        if (input.idempotency && keyId) {
          await this.idempotencyKeys.create(
            [{ _id: keyId, userId: input.userId, requestHash: input.idempotency.requestHash, conversationId: messageId, threadId: input.threadId, createdAt: input.createdAt }],
            { session },
          );
        }
        const message = toMessage(doc, audio?.byteSize);
        await this.outbox.write(buildEvent(message), session);
        return { kind: 'saved', message, replayed: false };
      });
    } catch (error) {
      // Two saves with the same key at once: the loser hits the unique _id; answer with the winner's result.
      if (input.idempotency && keyId && isDuplicateKeyError(error)) {
        const replay = await this.replay(keyId, input.idempotency.requestHash, undefined);
        if (replay) return replay;
      }
      throw error;
    }
  }

  private async replay(keyId: string, requestHash: string, session: ClientSession | undefined): Promise<SaveMessageResult | undefined> {
    const used = await this.idempotencyKeys.findById(keyId).session(session ?? null).lean<IdempotencyDoc>();
    if (!used) return undefined;
    if (used.requestHash !== requestHash) return { kind: 'idempotency-key-reused' };
    const first = await this.messages.findById(used.conversationId, MESSAGE_FIELDS).session(session ?? null).lean<MessageDoc>();
    if (!first) return undefined;
    const sizes = await this.audio.sizesInThread(first.threadId, [first._id], session);
    return { kind: 'saved', message: toMessage(first, sizes.get(first._id)), replayed: true };
  }

  async purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]> {
    const candidates = await this.threads.find({ deletedAt: { $type: 'string', $lt: cutoff } }).sort({ deletedAt: 1, _id: 1 }).limit(limit).lean<ThreadDoc[]>();
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
}
