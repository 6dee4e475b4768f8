import type { EventSubject } from '@story/proto';
import type { OutboxStore } from '@story/service-kit';

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

/** One exchange of a snippet (interview practice) conversation. */
export interface SnippetExchange {
  userMessage: string;
  aiResponse: string;
  timestamp: string;
}

export interface SnippetConversationRecord {
  id: number;
  snippetId: number;
  userId: number;
  conversationHistory: SnippetExchange[];
  createdAt: string;
  updatedAt: string;
}

/** A domain event to write into the outbox in the same transaction as the change it describes. */
export interface OutboxEventInput {
  subject: EventSubject;
  payload: unknown;
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
  idempotency?: { key: string; requestHash: string };
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
 * Everything the conversations service stores. Every read and write of user data takes the user id,
 * so no code path can reach another user's rows. Implementations: SQLite (embedded) and MongoDB;
 * both pass `conversation.repository.contract.ts`.
 */
export interface ConversationRepository extends OutboxStore {
  listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]>;
  createThread(userId: number, title: string, now: string): Promise<ThreadRecord>;
  findThread(userId: number, threadId: number): Promise<ThreadRecord | undefined>;
  /** The thread's messages oldest first, or undefined when the thread is not the user's. */
  listMessages(userId: number, threadId: number): Promise<MessageRecord[] | undefined>;
  renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined>;
  /** Soft-deletes the thread and writes `event` with it; a thread already deleted is left as it is (no event). */
  softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEventInput): Promise<ThreadStateChange | undefined>;
  /** Brings a deleted thread back and writes `event` with it; an active thread is left as it is (no event). */
  recoverThread(userId: number, threadId: number, event: OutboxEventInput): Promise<ThreadStateChange | undefined>;
  /**
   * Saves a message pair, moves the thread's lastUpdated forward and writes the event `buildEvent`
   * makes, all in one transaction. With an idempotency key already used by the same user for the
   * same request, returns the first result and writes nothing.
   */
  saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord) => OutboxEventInput): Promise<SaveMessageResult>;
  /**
   * Deletes for good up to `limit` threads deleted before `cutoff`, with their messages, writing the
   * event `buildEvent` makes for each. Returns the purged threads.
   */
  purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEventInput): Promise<ThreadRecord[]>;
  /** Drops idempotency keys and published outbox rows older than `before`. */
  pruneBookkeeping(before: string): Promise<void>;
  /** Takes or renews the named lease for `owner` until `now + ttlMs`; false while someone else holds it. */
  acquireLease(name: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean>;
  releaseLease(name: string, owner: string): Promise<void>;
  /** The user's conversations about a snippet, most recently updated first. */
  listSnippetConversations(userId: number, snippetId: number): Promise<SnippetConversationRecord[]>;
  /**
   * Stores a snippet conversation's history: it continues the user's latest conversation about the
   * snippet when the new history extends it, else it starts a new one. `buildEvents` gets the stored
   * record and the index of the first exchange that is new.
   */
  saveSnippetConversation(
    userId: number,
    snippetId: number,
    history: SnippetExchange[],
    now: string,
    buildEvents: (record: SnippetConversationRecord, firstNewIndex: number) => OutboxEventInput[],
  ): Promise<{ record: SnippetConversationRecord; created: boolean }>;
  /** Outbox rows not yet published (tests and diagnostics). */
  countPendingEvents(): Promise<number>;
  close(): Promise<void>;
}
