import mongoose, { type Connection } from 'mongoose';
import { THREAD_MESSAGES } from '@story/proto';
import type { MessageRecord, ThreadFilter, ThreadRecord, TitleSource } from './thread.repository.ts';

// The documents of threads in MongoDB, their collections' schemas and indexes, and how they read as records.

export interface ThreadDoc {
  _id: number;
  userId: number;
  title: string;
  /** Absent on threads written before titles had a source. */
  titleSource?: TitleSource;
  createdAt: string;
  lastUpdated: string;
  deletedAt: string | null;
}

export interface MessageDoc {
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

/** One per user: its `writes` is the user's write version, moved on by every guarded write (see `ifCurrent`). */
export interface QuotaGuardDoc {
  _id: number;
  writes: number;
}

export interface IdempotencyDoc {
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

export const toThread = (doc: ThreadDoc): ThreadRecord => ({
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
export const MESSAGE_FIELDS = { audioResponse: 0 };

export const toMessage = (doc: MessageDoc, audioBytes: number | undefined): MessageRecord => ({
  id: doc._id,
  threadId: doc.threadId,
  userId: doc.userId,
  userMessage: doc.userMessage,
  aiResponse: doc.aiResponse,
  audioBytes: audioBytes ?? null,
  answerId: doc.answerId ?? null,
  createdAt: doc.createdAt,
});

/** An idempotency key's document id: keys are the user's own. */
export const keyIdOf = (userId: number, key: string) => `${userId}:${key}`;

export const THREAD_FILTERS: Record<ThreadFilter, Record<string, unknown>> = {
  all: {},
  active: { deletedAt: null },
  deleted: { deletedAt: { $type: 'string' } },
};

/** The four collections of threads, as models of `connection`. */
export function threadModels(connection: Connection) {
  return {
    threads: connection.model<ThreadDoc>('Thread', threadSchema, 'threads'),
    messages: connection.model<MessageDoc>('Conversation', messageSchema, 'conversations'),
    idempotencyKeys: connection.model<IdempotencyDoc>('IdempotencyKey', idempotencySchema, 'idempotency_keys'),
    quotaGuards: connection.model<QuotaGuardDoc>('QuotaGuard', quotaGuardSchema, 'quota_guards'),
  };
}
