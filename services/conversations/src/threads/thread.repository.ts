import type { OutboxEvent } from '@story/service-kit';

/** A thread as stored; `deletedAt` is set while it sits in the deleted folder. */
export interface ThreadRecord {
  id: number;
  userId: number;
  title: string;
  createdAt: string;
  lastUpdated: string;
  deletedAt: string | null;
}

/** One saved message pair of a thread. */
export interface MessageRecord {
  id: number;
  threadId: number;
  userId: number;
  userMessage: string;
  aiResponse: string;
  audioResponse: string | null;
  createdAt: string;
}

export type ThreadFilter = 'all' | 'active' | 'deleted';

export interface SaveMessageInput {
  userId: number;
  threadId: number;
  userMessage: string;
  aiResponse: string;
  audioResponse: string | null;
  createdAt: string;
  /** When the caller sent an Idempotency-Key: the key and a hash of the request it came with. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

export type SaveMessageResult =
  | { kind: 'saved'; message: MessageRecord; replayed: boolean }
  | { kind: 'thread-not-found' }
  | { kind: 'thread-deleted' }
  | { kind: 'idempotency-key-reused' };

/** What a soft delete or a recover did: the thread as it is now, and whether anything changed. */
export interface ThreadStateChange {
  thread: ThreadRecord;
  changed: boolean;
}

/**
 * Threads and their saved messages (with the idempotency keys of saves). Every read and write takes
 * the user id, so no code path can reach another user's rows. Writes that change what the search
 * service indexes write their event to the outbox in the same transaction. Implementations: SQLite
 * and MongoDB; both pass `thread.repository.contract.ts`.
 */
export interface ThreadRepository {
  listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
  createThread(userId: number, title: string, now: string): Promise<ThreadRecord>;
  findThread(userId: number, threadId: number): Promise<ThreadRecord | undefined>;
  /** The thread's messages oldest first, or undefined when the thread is not the user's. */
  listMessages(userId: number, threadId: number): Promise<MessageRecord[] | undefined>;
  renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined>;
  /** Soft-deletes the thread and writes `event` with it; a thread already deleted is left as it is (no event). */
  softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEvent): Promise<ThreadStateChange | undefined>;
  /** Brings a deleted thread back and writes `event` with it; an active thread is left as it is (no event). */
  recoverThread(userId: number, threadId: number, event: OutboxEvent): Promise<ThreadStateChange | undefined>;
  /**
   * Saves a message pair, moves the thread's lastUpdated forward and writes the event `buildEvent`
   * makes, all in one transaction. With an idempotency key already used by the same user for the
   * same request, returns the first result and writes nothing.
   */
  saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<SaveMessageResult>;
  /**
   * Deletes for good up to `limit` threads deleted before `cutoff`, with their messages, writing the
   * event `buildEvent` makes for each. Returns the purged threads.
   */
  purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]>;
  /** Drops idempotency keys older than `before`. */
  pruneIdempotencyKeys(before: string): Promise<void>;
}
