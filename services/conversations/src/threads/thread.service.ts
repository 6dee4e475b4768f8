import { createHash } from 'node:crypto';
import {
  THREAD_MESSAGES,
  recoverLimitReached,
  savedAudioLimitReached,
  threadLimitReached,
  threadMessageLimitReached,
  type ResumeBulletRef,
  type SaveConversationRequest,
} from '@story/proto';
import type { ReplyAudioSource } from '../nats/reply-audio.reader.ts';
import { HttpError, conflict, notFound } from '@story/service-kit';
import type { MessageAudioRepository } from '../message-audio/message-audio.repository.ts';
import { storySavedEvent, threadDeletedEvent, threadRecoveredEvent } from '../nats/domain-events.ts';
import type { MessageRecord, ThreadFilter, ThreadRecord, ThreadRepository } from './thread.repository.ts';
import { ThreadWriteService, type SaveQuotas } from './thread-write.service.ts';

/** Per-user quotas, from configuration (DESIGN.md, "Identity and security"). */
export interface SavedDataQuotas {
  threadsPerUser: number;
  messagesPerThread: number;
  audioMegabytesPerUser: number;
}

export interface ThreadServiceDeps {
  repository: ThreadRepository;
  audio: MessageAudioRepository;
  quotas: SavedDataQuotas;
  /** Days a deleted thread is kept (its audio counts until then), for the quota's message. */
  retentionDays: number;
  clock: () => Date;
  /** Called after a write that added outbox events, so they go out at once. */
  onEventsWritten: () => void;
  /** Called after a new exchange is saved (not a replay): the thread may now be named after it. */
  onExchangeSaved?: (userId: number, threadId: number) => void;
  /** Called after every save (a replay too) to a thread told about a résumé bullet: the thread is linked to it (once). */
  onBulletStorySaved?: (userId: number, threadId: number, bullet: ResumeBulletRef) => void;
  /** Spoken replies the speech service kept, for a save that names one by `audioId` (issue 20, point 5). */
  replyAudio?: ReplyAudioSource;
}

const MEGABYTE = 1024 * 1024;

export type SaveConversationInput = SaveConversationRequest;

/**
 * Threads and their saved messages, for one caller at a time: every method takes the caller's user
 * id and never touches anyone else's rows. REST routes and GraphQL resolvers both call these.
 */
export class ThreadService {
  private readonly writes: ThreadWriteService;

  constructor(private readonly deps: ThreadServiceDeps) {
    this.writes = new ThreadWriteService({ repository: deps.repository, audio: deps.audio });
  }

  /**
   * The caller's threads, newest activity first: those with at least one saved message. A thread
   * made and never saved to (a client that creates it when a conversation starts, a first save that
   * failed) is no story, and never shows in a list as an empty "New Conversation".
   */
  async listThreads(userId: number, deleted: boolean | undefined): Promise<ThreadRecord[]> {
    const filter: ThreadFilter = deleted === undefined ? 'all' : deleted ? 'deleted' : 'active';
    return this.deps.repository.listSavedThreads(userId, filter);
  }

  /** A new empty thread titled "New Conversation"; 409 when the caller already has as many as allowed. */
  async createThread(userId: number): Promise<ThreadRecord> {
    const { threadsPerUser } = this.deps.quotas;
    const result = await this.writes.createThread(userId, THREAD_MESSAGES.defaultTitle, this.now(), threadsPerUser);
    if (result.kind === 'thread-limit-reached') throw conflict(threadLimitReached(threadsPerUser));
    return result.thread;
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

  /** The thread and its saved messages, oldest first (a deleted one too, as its GET), or 404: what its PDF shows. */
  async threadWithMessages(userId: number, threadId: number): Promise<{ thread: ThreadRecord; messages: MessageRecord[] }> {
    const thread = await this.getThread(userId, threadId);
    return { thread, messages: await this.listMessages(userId, threadId) };
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
    const change = await this.writes.softDeleteThread(userId, threadId, at, threadDeletedEvent(userId, threadId, at));
    if (!change) throw notFound(THREAD_MESSAGES.notFound);
    if (change.changed) this.deps.onEventsWritten();
    return change.thread;
  }

  /** Brings the thread back from the deleted folder, publishing `events.thread.recovered`; 409 past the thread quota. */
  async recoverThread(userId: number, threadId: number): Promise<ThreadRecord> {
    const { threadsPerUser } = this.deps.quotas;
    const change = await this.writes.recoverThread(userId, threadId, threadRecoveredEvent(userId, threadId, this.now()), threadsPerUser);
    if (!change) throw notFound(THREAD_MESSAGES.notFound);
    if (change.refused === 'thread-limit-reached') throw conflict(recoverLimitReached(threadsPerUser));
    if (change.changed) this.deps.onEventsWritten();
    return change.thread;
  }

  /**
   * Saves a message pair to one of the caller's active threads with its `events.story.saved`, in
   * one write, unless the thread is full or the spoken reply would take the caller past their
   * audio quota (409, nothing saved). The same Idempotency-Key for the same request returns the first result. A
   * save naming a résumé bullet links the thread to it (`onBulletStorySaved`), never holding the save up.
   */
  async saveConversation(userId: number, input: SaveConversationInput, idempotencyKey?: string): Promise<{ message: MessageRecord; replayed: boolean }> {
    const audioResponse = await this.replyAudioOf(userId, input);
    const result = await this.writes.saveMessage(
      {
        userId,
        threadId: input.threadId,
        userMessage: input.userMessage,
        aiResponse: input.aiResponse,
        audioResponse,
        answerId: input.answerId ?? null,
        createdAt: this.now(),
        idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: requestHash(input) } : undefined,
        quotas: this.saveQuotas(),
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
      case 'message-limit-reached':
        throw conflict(threadMessageLimitReached(this.deps.quotas.messagesPerThread));
      case 'audio-limit-reached':
        throw conflict(savedAudioLimitReached(this.deps.quotas.audioMegabytesPerUser, this.deps.retentionDays));
      case 'saved':
        if (!result.replayed) {
          this.deps.onEventsWritten();
          this.deps.onExchangeSaved?.(userId, input.threadId);
        }
        if (input.resumeBullet) this.deps.onBulletStorySaved?.(userId, input.threadId, input.resumeBullet);
        return { message: result.message, replayed: result.replayed };
    }
  }

  /**
   * The spoken reply to save, base64: the one sent, or the kept one `audioId` names (the caller's
   * own, not expired: else 422 with why, and nothing is saved), or null.
   */
  private async replyAudioOf(userId: number, input: SaveConversationInput): Promise<string | null> {
    if (input.audioId === undefined) return input.audioResponse ?? null;
    if (input.audioResponse !== undefined) throw new HttpError(422, THREAD_MESSAGES.replyAudioTwice);
    if (!this.deps.replyAudio) throw new HttpError(503, THREAD_MESSAGES.replyAudioUnavailable);
    const mp3 = await this.deps.replyAudio.read(userId, input.audioId);
    if (!mp3) throw new HttpError(422, THREAD_MESSAGES.replyAudioGone);
    return mp3.toString('base64');
  }

  /** The MP3 of a saved message's spoken reply, or 404 (no such message of the caller's thread, or no audio). */
  async messageAudio(userId: number, threadId: number, messageId: number): Promise<Buffer> {
    return Buffer.from(await this.messageAudioBase64(userId, threadId, messageId), 'base64');
  }

  /** The same spoken reply as it was saved, base64 (GraphQL's `ThreadItem.audioResponse`). */
  async messageAudioBase64(userId: number, threadId: number, messageId: number): Promise<string> {
    const audio = await this.deps.audio.findAudio(userId, threadId, messageId);
    if (!audio) throw notFound(THREAD_MESSAGES.audioNotFound);
    return audio.audio;
  }

  private saveQuotas(): SaveQuotas {
    return { messagesPerThread: this.deps.quotas.messagesPerThread, audioBytesPerUser: this.deps.quotas.audioMegabytesPerUser * MEGABYTE };
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}

/** A fingerprint of what was asked, so a key reused for a different message is refused, not replayed. */
function requestHash(input: SaveConversationInput): string {
  return (
    createHash('sha256')
      // The answer id joins the fingerprint only when sent, so keys of saves from before it still replay.
      .update(
        JSON.stringify([
          input.threadId,
          input.userMessage,
          input.aiResponse,
          input.audioResponse ?? null,
          ...(input.answerId ? [input.answerId] : []),
          ...(input.audioId ? [{ audioId: input.audioId }] : []),
        ]),
      )
      .digest('hex')
  );
}
