import { EVENT_SUBJECTS, exchangeStoryKey, messageStoryKey, storyContent, storySavedEventSchema, threadEventSchema } from '@story/proto';
import type { OutboxEvent } from '@story/service-kit';
import type { z } from 'zod';
import type { SnippetConversationRecord } from '../snippet-conversations/snippet-conversation.repository.ts';
import type { MessageRecord, ThreadRecord } from '../threads/thread.repository.ts';

type StorySavedEvent = z.infer<typeof storySavedEventSchema>;
type ThreadEvent = z.infer<typeof threadEventSchema>;

/**
 * `events.story.saved` for a message pair saved to a thread; the story key makes indexing idempotent.
 * The thread's title goes with it once it has one of its own (a model's or the person's), so that
 * search shows and searches it with the story.
 */
export function storySavedEvent(message: MessageRecord, thread?: Pick<ThreadRecord, 'title' | 'titleSource'>): OutboxEvent {
  const payload: StorySavedEvent = storySavedEventSchema.parse({
    storyKey: messageStoryKey(message.id),
    userId: message.userId,
    threadId: message.threadId,
    sourceType: 'conversation',
    content: storyContent(message.userMessage, message.aiResponse),
    ...(thread && thread.titleSource !== 'default' ? { title: thread.title.slice(0, 200) } : {}),
    createdAt: message.createdAt,
  });
  return { subject: EVENT_SUBJECTS.storySaved, payload };
}

/**
 * `events.story.saved` for each new exchange of a snippet (interview practice) conversation, with the
 * snippet's job description when known, so that search forgets the stories when the description is deleted.
 */
export function snippetStoryEvents(record: SnippetConversationRecord, firstNewIndex: number, jobDescriptionId?: number): OutboxEvent[] {
  return record.conversationHistory.slice(firstNewIndex).flatMap((exchange, offset) => {
    if (exchange.userMessage.trim() === '') return [];
    const payload: StorySavedEvent = storySavedEventSchema.parse({
      storyKey: exchangeStoryKey(record.id, firstNewIndex + offset),
      userId: record.userId,
      snippetId: record.snippetId,
      jobDescriptionId,
      sourceType: 'interview',
      content: storyContent(exchange.userMessage, exchange.aiResponse),
      createdAt: record.updatedAt,
    });
    return [{ subject: EVENT_SUBJECTS.storySaved, payload }];
  });
}

const threadEvent = (subject: OutboxEvent['subject'], userId: number, threadId: number, at: string): OutboxEvent => {
  const payload: ThreadEvent = threadEventSchema.parse({ userId, threadId, at });
  return { subject, payload };
};

/** `events.thread.deleted`: the thread went to the deleted folder. */
export const threadDeletedEvent = (userId: number, threadId: number, at: string) => threadEvent(EVENT_SUBJECTS.threadDeleted, userId, threadId, at);
/** `events.thread.recovered`: the thread came back from the deleted folder. */
export const threadRecoveredEvent = (userId: number, threadId: number, at: string) => threadEvent(EVENT_SUBJECTS.threadRecovered, userId, threadId, at);
/** `events.thread.purged`: the thread and its messages are gone for good. */
export const threadPurgedEvent = (thread: ThreadRecord, at: string) => threadEvent(EVENT_SUBJECTS.threadPurged, thread.userId, thread.id, at);
