import type { MessageAudioRepository } from '../src/message-audio/message-audio.repository.ts';
import type { ThreadRepository } from '../src/threads/thread.repository.ts';
import { ThreadWriteService, type CreateThreadResult, type SaveQuotas } from '../src/threads/thread-write.service.ts';
import type { ThreadRecord } from '../src/threads/thread.repository.ts';

/** A quota no test meets unless it is the one about quotas. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;
export const NO_QUOTAS: SaveQuotas = { messagesPerThread: UNLIMITED, audioBytesPerUser: UNLIMITED };

/** The thread a create made; a refusal fails the test. */
export function createdThread(result: CreateThreadResult): ThreadRecord {
  if (result.kind !== 'created') throw new Error(`thread not created: ${result.kind}`);
  return result.thread;
}

type ThreadReads = Pick<
  ThreadRepository,
  'listThreads' | 'listSavedThreads' | 'findThread' | 'listMessages' | 'renameThread' | 'nameUntitledThread' | 'purgeDeletedThreads' | 'forgetUser'
>;
type ThreadWrites = Pick<ThreadWriteService, 'createThread' | 'softDeleteThread' | 'recoverThread' | 'saveMessage'>;

/** A driver's threads as the service uses them: the repository's reads, its writes under the service's rules. */
export type ThreadsWithRules = ThreadReads & ThreadWrites;

/** What the thread contract holds each driver to: its repository with ThreadWriteService's rules on the writes. */
export function threadsWithRules(storage: { threads: ThreadRepository; messageAudio: MessageAudioRepository }): ThreadsWithRules {
  const repository = storage.threads;
  const writes = new ThreadWriteService({ repository, audio: storage.messageAudio });
  return {
    listThreads: (userId, filter) => repository.listThreads(userId, filter),
    listSavedThreads: (userId, filter) => repository.listSavedThreads(userId, filter),
    findThread: (userId, threadId) => repository.findThread(userId, threadId),
    listMessages: (userId, threadId) => repository.listMessages(userId, threadId),
    renameThread: (userId, threadId, title) => repository.renameThread(userId, threadId, title),
    nameUntitledThread: (userId, threadId, title) => repository.nameUntitledThread(userId, threadId, title),
    purgeDeletedThreads: (cutoff, limit, buildEvent) => repository.purgeDeletedThreads(cutoff, limit, buildEvent),
    forgetUser: (userId) => repository.forgetUser(userId),
    createThread: (userId, title, now, maxActiveThreads) => writes.createThread(userId, title, now, maxActiveThreads),
    softDeleteThread: (userId, threadId, at, event) => writes.softDeleteThread(userId, threadId, at, event),
    recoverThread: (userId, threadId, event, maxActiveThreads) => writes.recoverThread(userId, threadId, event, maxActiveThreads),
    saveMessage: (input, buildEvent) => writes.saveMessage(input, buildEvent),
  };
}
