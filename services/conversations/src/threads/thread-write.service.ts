import { decodedByteLength } from '@story/proto';
import type { OutboxEvent } from '@story/service-kit';
import type { MessageAudioRepository } from '../message-audio/message-audio.repository.ts';
import type { MessageRecord, ThreadRecord, ThreadRepository } from './thread.repository.ts';

/** The quotas a save is checked against. */
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

export interface ThreadWriteDeps {
  repository: ThreadRepository;
  audio: MessageAudioRepository;
}

/** An attempt whose write did not commit: another write of the same user's came first. */
const STALE = Symbol('stale');
type Attempt<T> = (version: number) => Promise<T | typeof STALE>;

/**
 * Each stale attempt means another write of the user's committed, so attempts always end; this
 * bound only turns a repository that never commits into an error rather than a loop.
 */
const MAX_ATTEMPTS = 1000;

/**
 * The rules of every write to threads, once for both drivers: the per-user quotas (active threads,
 * messages per thread, saved audio), idempotent saves, and what deleting or recovering changes. It
 * reads the user's write version, counts, decides, and hands the repository a write that commits only
 * while that version is still current; when another write of the user's came first, it counts again.
 * So of two saves racing for the last slot, one is kept and the other refused, on SQLite (even from
 * two processes on one file) as on MongoDB (from any number of instances). Outcomes are values;
 * ThreadService turns them into HTTP errors.
 */
export class ThreadWriteService {
  constructor(private readonly deps: ThreadWriteDeps) {}

  /** Creates a thread unless the user already has `maxActiveThreads` outside the deleted folder. */
  async createThread(userId: number, title: string, now: string, maxActiveThreads: number): Promise<CreateThreadResult> {
    const { repository } = this.deps;
    return this.untilCommitted(userId, async (version) => {
      if ((await repository.countActiveThreads(userId)) >= maxActiveThreads) return { kind: 'thread-limit-reached' };
      const thread = await repository.insertThread(userId, title, now, version);
      return thread ? { kind: 'created', thread } : STALE;
    });
  }

  /** Soft-deletes the thread and writes `event` with it; a thread already deleted is left as it is (no event). */
  async softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEvent): Promise<ThreadStateChange | undefined> {
    return this.setDeleted(userId, threadId, at, event, Number.POSITIVE_INFINITY);
  }

  /**
   * Brings a deleted thread back and writes `event` with it; an active thread is left as it is (no
   * event), and so is one that would take the user past `maxActiveThreads` (refused).
   */
  async recoverThread(userId: number, threadId: number, event: OutboxEvent, maxActiveThreads: number): Promise<ThreadStateChange | undefined> {
    return this.setDeleted(userId, threadId, null, event, maxActiveThreads);
  }

  /**
   * Saves a message pair (its spoken reply apart), moves the thread's lastUpdated forward and writes
   * the event `buildEvent` makes (of the message and its thread), unless the thread is full or the reply would take the user past
   * their audio. With an idempotency key already used by the same user for the same request, returns
   * the first result and writes nothing; for another request, refuses.
   */
  async saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord, thread: ThreadRecord) => OutboxEvent): Promise<SaveMessageResult> {
    const { repository, audio: savedAudio } = this.deps;
    const audio = input.audioResponse ? { base64: input.audioResponse, byteSize: decodedByteLength(input.audioResponse) } : null;
    return this.untilCommitted(input.userId, async (version) => {
      if (input.idempotency) {
        const first = await repository.findKeyedSave(input.userId, input.idempotency.key);
        if (first && first.requestHash !== input.idempotency.requestHash) return { kind: 'idempotency-key-reused' };
        if (first?.message) return { kind: 'saved', message: first.message, replayed: true };
      }
      const thread = await repository.findThread(input.userId, input.threadId);
      if (!thread) return { kind: 'thread-not-found' };
      if (thread.deletedAt !== null) return { kind: 'thread-deleted' };
      if ((await repository.countMessages(input.threadId)) >= input.quotas.messagesPerThread) return { kind: 'message-limit-reached' };
      if (audio && (await savedAudio.savedAudioBytes(input.userId)) + audio.byteSize > input.quotas.audioBytesPerUser) return { kind: 'audio-limit-reached' };
      const { userId, threadId, userMessage, aiResponse, createdAt, idempotency } = input;
      const message = await repository.insertMessage(
        { userId, threadId, userMessage, aiResponse, audio, answerId: input.answerId ?? null, createdAt, idempotency },
        version,
        (saved) => buildEvent(saved, thread),
      );
      return message ? { kind: 'saved', message, replayed: false } : STALE;
    });
  }

  private async setDeleted(
    userId: number,
    threadId: number,
    deletedAt: string | null,
    event: OutboxEvent,
    maxActiveThreads: number,
  ): Promise<ThreadStateChange | undefined> {
    const { repository } = this.deps;
    return this.untilCommitted(userId, async (version) => {
      const current = await repository.findThread(userId, threadId);
      if (!current) return undefined;
      if ((current.deletedAt === null) === (deletedAt === null)) return { thread: current, changed: false };
      if (deletedAt === null && (await repository.countActiveThreads(userId)) >= maxActiveThreads)
        return { thread: current, changed: false, refused: 'thread-limit-reached' };
      const thread = await repository.setThreadDeleted(userId, threadId, deletedAt, event, version);
      return thread ? { thread, changed: true } : STALE;
    });
  }

  /**
   * Runs `attempt` with the user's write version, read before anything it counts (an idempotency
   * key included), until its write commits or it decides without writing.
   */
  private async untilCommitted<T>(userId: number, attempt: Attempt<T>): Promise<T> {
    for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
      const result = await attempt(await this.deps.repository.writeVersion(userId));
      if (result !== STALE) return result;
    }
    throw new Error(`user ${userId}'s thread write did not commit in ${MAX_ATTEMPTS} attempts`);
  }
}
