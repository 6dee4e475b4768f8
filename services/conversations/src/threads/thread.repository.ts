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

/** A message pair to store, its spoken reply decoded to its size already. */
export interface NewMessage {
  userId: number;
  threadId: number;
  userMessage: string;
  aiResponse: string;
  /** The spoken reply (standard base64 MP3) and the bytes it decodes to, or null. */
  audio: { base64: string; byteSize: number } | null;
  answerId: string | null;
  createdAt: string;
  /** When the caller sent an Idempotency-Key: the key and a hash of the request, stored with the message. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

/** The save an idempotency key was first used for: the request's hash, and its message (unless it is gone). */
export interface KeyedSave {
  requestHash: string;
  message: MessageRecord | undefined;
}

/**
 * Threads and their saved messages (with the idempotency keys of saves): it stores and queries, and
 * the rules (quotas, idempotent saves, what a delete or recover changes) live in ThreadWriteService.
 * Every read and write takes the user id, so no code path can reach another user's rows. Writes that
 * change what the search service indexes write their event to the outbox in the same transaction.
 *
 * Every write that a quota counts, or that deletes or recovers a thread, takes the user's write
 * version that the service read before it counted, and commits only while that version is still the
 * user's, moving it on in the same transaction (compare-and-set); otherwise it writes nothing and
 * answers undefined, and the service counts again. So of two writes racing for a user's last slot,
 * one commits and the other sees it. Implementations: SQLite and MongoDB; both pass
 * `thread.repository.contract.ts` (under the service's rules).
 */
export interface ThreadRepository {
  listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
  /** The same list without the threads that have no saved message yet (what the person's thread lists show). */
  listSavedThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
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

  /** The user's write version (0 before their first write): read it before counting what a write depends on. */
  writeVersion(userId: number): Promise<number>;
  /** The user's threads outside the deleted folder. */
  countActiveThreads(userId: number): Promise<number>;
  /** The messages saved to a thread. */
  countMessages(threadId: number): Promise<number>;
  /** The save the user first made with an idempotency key, or undefined when the key is unused. */
  findKeyedSave(userId: number, key: string): Promise<KeyedSave | undefined>;

  /** A new thread titled by default, if `version` is still the user's. */
  insertThread(userId: number, title: string, now: string, version: number): Promise<ThreadRecord | undefined>;
  /** Sets or clears the thread's deletion time and writes `event`, if `version` is still the user's and the thread is. */
  setThreadDeleted(userId: number, threadId: number, deletedAt: string | null, event: OutboxEvent, version: number): Promise<ThreadRecord | undefined>;
  /**
   * Stores a message pair (its spoken reply apart, its idempotency key with it), moves the thread's
   * lastUpdated forward and writes the event `buildEvent` makes, if `version` is still the user's.
   */
  insertMessage(message: NewMessage, version: number, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<MessageRecord | undefined>;

  /**
   * Deletes for good up to `limit` threads deleted before `cutoff`, with their messages and audio, writing the
   * event `buildEvent` makes for each. Returns the purged threads.
   */
  purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]>;
  /** Drops idempotency keys older than `before`. */
  pruneIdempotencyKeys(before: string): Promise<void>;
  /** Deletes every thread of a deleted account with its messages, their audio and keys (issue 24); how many rows went (0 the second time). */
  forgetUser(userId: number): Promise<number>;
}
