import { createHash } from 'node:crypto';
import { THREAD_MESSAGES, type SaveConversationRequest } from '@story/proto';
import { HttpError, conflict, notFound } from '@story/service-kit';
import { storySavedEvent, threadDeletedEvent, threadRecoveredEvent } from '../nats/domain-events.ts';
import type { MessageRecord, ThreadFilter, ThreadRecord, ThreadRepository } from './thread.repository.ts';

export interface ThreadServiceDeps {
  repository: ThreadRepository;
  clock: () => Date;
  /** Called after a write that added outbox events, so they go out at once. */
  onEventsWritten: () => void;
}

export type SaveConversationInput = SaveConversationRequest;

/**
 * Threads and their saved messages, for one caller at a time: every method takes the caller's user
 * id and never touches anyone else's rows. REST routes and GraphQL resolvers both call these.
 */
export class ThreadService {
  constructor(private readonly deps: ThreadServiceDeps) {}

  /** The caller's threads, newest activity first. */
  async listThreads(userId: number, deleted: boolean | undefined): Promise<ThreadRecord[]> {
    const filter: ThreadFilter = deleted === undefined ? 'all' : deleted ? 'deleted' : 'active';
    return this.deps.repository.listThreads(userId, filter);
  }

  /** A new empty thread titled "New Conversation". */
  async createThread(userId: number): Promise<ThreadRecord> {
    return this.deps.repository.createThread(userId, THREAD_MESSAGES.defaultTitle, this.now());
  }

  /** One of the caller's threads (deleted ones too), or 404. */
  async getThread(userId: number, threadId: number): Promise<ThreadRecord> {
    const thread = await this.deps.repository.findThread(userId, threadId);
    if (!thread) throw notFound(THREAD_MESSAGES.notFound);
    return thread;
  }

  /** The thread's saved messages, oldest first, or 404. */
  async listMessages(userId: number, threadId: number): Promise<MessageRecord[]> {
    const messages = await this.deps.repository.listMessages(userId, threadId);
    if (!messages) throw notFound(THREAD_MESSAGES.notFound);
    return messages;
  }

  /** Renames the thread (title already validated and trimmed). */
  async renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord> {
    const thread = await this.deps.repository.renameThread(userId, threadId, title);
    if (!thread) throw notFound(THREAD_MESSAGES.notFound);
    return thread;
  }

  /** Moves the thread to the deleted folder, publishing `events.thread.deleted`; deleting twice is a no-op. */
  async deleteThread(userId: number, threadId: number): Promise<ThreadRecord> {
    const at = this.now();
    const change = await this.deps.repository.softDeleteThread(userId, threadId, at, threadDeletedEvent(userId, threadId, at));
    if (!change) throw notFound(THREAD_MESSAGES.notFound);
    if (change.changed) this.deps.onEventsWritten();
    return change.thread;
  }

  /** Brings the thread back from the deleted folder, publishing `events.thread.recovered`. */
  async recoverThread(userId: number, threadId: number): Promise<ThreadRecord> {
    const change = await this.deps.repository.recoverThread(userId, threadId, threadRecoveredEvent(userId, threadId, this.now()));
    if (!change) throw notFound(THREAD_MESSAGES.notFound);
    if (change.changed) this.deps.onEventsWritten();
    return change.thread;
  }

  /**
   * Saves a message pair to one of the caller's active threads with its `events.story.saved`, in
   * one transaction. The same Idempotency-Key for the same request returns the first result.
   */
  async saveConversation(userId: number, input: SaveConversationInput, idempotencyKey?: string): Promise<{ message: MessageRecord; replayed: boolean }> {
    const result = await this.deps.repository.saveMessage(
      {
        userId,
        threadId: input.threadId,
        userMessage: input.userMessage,
        aiResponse: input.aiResponse,
        audioResponse: input.audioResponse ?? null,
        createdAt: this.now(),
        idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: requestHash(input) } : undefined,
      },
      storySavedEvent,
    );
    switch (result.kind) {
      case 'thread-not-found':
        throw notFound(THREAD_MESSAGES.notFound);
      case 'thread-deleted':
        throw conflict(THREAD_MESSAGES.deleted);
      case 'idempotency-key-reused':
        throw new HttpError(422, THREAD_MESSAGES.idempotencyKeyReused);
      case 'saved':
        if (!result.replayed) this.deps.onEventsWritten();
        return { message: result.message, replayed: result.replayed };
    }
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

/** A fingerprint of what was asked, so a key reused for a different message is refused, not replayed. */
function requestHash(input: SaveConversationInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.threadId, input.userMessage, input.aiResponse, input.audioResponse ?? null]))
    .digest('hex');
}
