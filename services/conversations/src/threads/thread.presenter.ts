import { messageAudioPath, type Thread, type ThreadItem } from '@story/proto';
import type { MessageRecord, ThreadRecord } from './thread.repository.ts';

/** A thread as the client sees it. */
export function presentThread(thread: ThreadRecord): Thread {
  return { id: thread.id, title: thread.title, lastUpdated: thread.lastUpdated, deleted: thread.deletedAt !== null, createdAt: thread.createdAt };
}

/** A saved message pair as the client sees it: its spoken reply by URL, never inline. */
export function presentThreadItem(message: MessageRecord): ThreadItem {
  return {
    id: message.id,
    userMessage: message.userMessage,
    aiResponse: message.aiResponse,
    createdAt: message.createdAt,
    answerId: message.answerId,
    audioResponse: null,
    audioUrl: message.audioBytes === null ? null : messageAudioPath(message.threadId, message.id),
  };
}
