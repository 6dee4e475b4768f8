import { describe, expect, it } from 'vitest';
import { EVENT_CONSUMERS, EVENT_SUBJECTS, type SnippetExchange } from '@story/proto';
import { storySavedEvent } from '../src/nats/domain-events.ts';
import { eventsOnNats } from './events-on-nats.ts';
import { waitFor } from './event-stream-reader.ts';
import { NO_QUOTAS, UNLIMITED, createdThread, threadsWithRules } from '@story/testing/fixtures/threads';

const exchange = (n: number): SnippetExchange => ({ userMessage: `answer ${n}`, aiResponse: `question ${n}`, timestamp: `2024-05-0${n}T10:00:00.000Z` });

/**
 * Auth deletes an account and says so on EVENTS (`events.user.deleted`); the conversations service's
 * own durable consumer forgets the person's threads, messages and practice conversations, also when
 * the service was down as the event was published.
 */
describe('forgetting a deleted account from events.user.deleted, with a real nats-server', () => {
  const nats = eventsOnNats('conversations-user-deletion-');
  const storage = () => nats.service().deps.storage;
  const publish = (payload: unknown) => nats.publish(EVENT_SUBJECTS.userDeleted, payload);
  /** A thread with one saved message and a practice conversation of the person. */
  const leaveData = async (userId: number) => {
    const threads = threadsWithRules(storage());
    const thread = createdThread(await threads.createThread(userId, 'New Conversation', '2024-05-01T10:00:00.000Z', UNLIMITED));
    await threads.saveMessage(
      { userId, threadId: thread.id, userMessage: 'hello', aiResponse: 'hi', audioResponse: null, createdAt: '2024-05-01T10:01:00.000Z', quotas: NO_QUOTAS },
      storySavedEvent,
    );
    await storage().snippetConversations.saveSnippetConversation({ userId, snippetId: 5, history: [exchange(1)], now: '2024-05-01T10:02:00.000Z' }, () => []);
  };
  const rowsOf = async (userId: number) =>
    (await storage().threads.listThreads(userId, 'all')).length + (await storage().snippetConversations.listSnippetConversations(userId, 5)).length;
  it('forgets the person only, acks a repeat that deletes nothing more, and drops a malformed event', async () => {
    await leaveData(21);
    await leaveData(22);
    expect(await rowsOf(21)).toBe(2);
    await publish({ userId: 'twenty-one' });
    await publish({ userId: 21, at: new Date().toISOString() });
    await waitFor(async () => (await rowsOf(21)) === 0, 'the deleted person’s conversations to go');
    await publish({ userId: 21, at: new Date().toISOString() });
    await waitFor(() => nats.consumerIdle(EVENT_CONSUMERS.conversationsUserDeletion), 'every event to be acked or dropped');
    expect(await rowsOf(22)).toBe(2);
  });

  it('forgets a person deleted while the service was down once it is back', async () => {
    await leaveData(23);
    await nats.outage(() => publish({ userId: 23, at: new Date().toISOString() }));
    await waitFor(async () => (await rowsOf(23)) === 0, 'the deletion published during the outage');
    expect(await rowsOf(22)).toBe(2);
  });
});
