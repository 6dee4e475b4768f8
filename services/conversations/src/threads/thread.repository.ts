import type { OutboxEvent } from '@story/service-kit';

/**
 * Where a thread's title came from: the default ("New Conversation"), the chat model after the first
 * saved exchange, or the person, whose rename is never overwritten.
 */
export type TitleSource = 'default' | 'model' | 'person';

/** A thread as stored; `deletedAt` is set while it sits in the deleted folder. */
export interface ThreadRecord {
  id: number;
  userId: number;
  title: string;
  titleSource: TitleSource;
  createdAt: string;
  lastUpdated: string;
  deletedAt: string | null;
}

/** One saved message pair of a thread. Its spoken reply is stored apart (MessageAudioRepository). */
export interface MessageRecord {
  id: number;
  threadId: number;
  userId: number;
  userMessage: string;
  aiResponse: string;
  /** Bytes of the spoken reply, or null when the reply has no audio. */
  audioBytes: number | null;
  /** The answer's id from the reply (its feedback is found by it), or null. */
  answerId: string | null;
  createdAt: string;
}

export type ThreadFilter = 'all' | 'active' | 'deleted';

/** The quotas a save is checked against, counted inside its transaction. */
export interface SaveQuotas {
  messagesPerThread: number;
  audioBytesPerUser: number;
}

export interface SaveMessageInput {
  userId: number;
  threadId: number;
  userMessage: string;
  aiResponse: string;
  /** The spoken reply as standard base64 MP3, or null. */
  audioResponse: string | null;
  /** The answer's id from the reply, when the client sent it. */
  answerId?: string | null | undefined;
  createdAt: string;
  /** When the caller sent an Idempotency-Key: the key and a hash of the request it came with. */
  idempotency?: { key: string; requestHash: string } | undefined;
  quotas: SaveQuotas;
}

export type SaveMessageResult =
  | { kind: 'saved'; message: MessageRecord; replayed: boolean }
  | { kind: 'thread-not-found' }
  | { kind: 'thread-deleted' }
  | { kind: 'idempotency-key-reused' }
  | { kind: 'message-limit-reached' }
  | { kind: 'audio-limit-reached' };

export type CreateThreadResult = { kind: 'created'; thread: ThreadRecord } | { kind: 'thread-limit-reached' };

/**
 * What a soft delete or a recover did: the thread as it is now, whether anything changed, and, when
 * a recover was refused because the user already has as many threads as allowed, why.
 */
export interface ThreadStateChange {
  thread: ThreadRecord;
  changed: boolean;
  refused?: 'thread-limit-reached';
}

/**
 * Threads and their saved messages (with the idempotency keys of saves). Every read and write takes
 * the user id, so no code path can reach another user's rows. Writes that change what the search
 * service indexes write their event to the outbox in the same transaction. Implementations: SQLite
 * and MongoDB; both pass `thread.repository.contract.ts`.
 */
export interface ThreadRepository {
  listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
  /** The same list without the threads that have no saved message yet (what the person's thread lists show). */
  listSavedThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
  /** Creates a thread unless the user already has `maxActiveThreads` outside the deleted folder (counted in the same transaction). */
  createThread(userId: number, title: string, now: string, maxActiveThreads: number): Promise<CreateThreadResult>;
  findThread(userId: number, threadId: number): Promise<ThreadRecord | undefined>;
  /** The thread's messages oldest first, or undefined when the thread is not the user's. */
  listMessages(userId: number, threadId: number): Promise<MessageRecord[] | undefined>;
  /** The person's rename: it stays, whatever a model suggests later. */
  renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined>;
  /**
   * Gives an active thread still titled by default the model's title; undefined (nothing changed)
   * when the thread is not the user's, is deleted, or already has a title from a model or the person.
   */
  nameUntitledThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined>;
  /** Soft-deletes the thread and writes `event` with it; a thread already deleted is left as it is (no event). */
  softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEvent): Promise<ThreadStateChange | undefined>;
  /**
   * Brings a deleted thread back and writes `event` with it; an active thread is left as it is (no
   * event), and so is one that would take the user past `maxActiveThreads` (refused).
   */
  recoverThread(userId: number, threadId: number, event: OutboxEvent, maxActiveThreads: number): Promise<ThreadStateChange | undefined>;
  /**
   * Saves a message pair (its spoken reply apart), moves the thread's lastUpdated forward and writes
   * the event `buildEvent` makes, all in one transaction that first counts the thread's messages and
   * the user's audio against `input.quotas`: of two saves racing for the last slot, one is refused.
   * With an idempotency key already used by the same user for the same request, returns the first
   * result and writes nothing.
   */
  saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<SaveMessageResult>;
  /**
   * Deletes for good up to `limit` threads deleted before `cutoff`, with their messages and audio, writing the
   * event `buildEvent` makes for each. Returns the purged threads.
   */
  purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]>;
  /** Drops idempotency keys older than `before`. */
  pruneIdempotencyKeys(before: string): Promise<void>;
}
