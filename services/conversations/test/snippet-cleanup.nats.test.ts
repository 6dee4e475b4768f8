import { describe, expect, it } from 'vitest';
import { EVENT_CONSUMERS, EVENT_SUBJECTS, type SnippetExchange } from '@story/proto';
import { eventsOnNats } from './events-on-nats.ts';
import { waitFor } from './event-stream-reader.ts';

const USER = 8;
const OTHER = 9;
const exchange = (n: number): SnippetExchange => ({ userMessage: `answer ${n}`, aiResponse: `question ${n}`, timestamp: `2024-05-0${n}T10:00:00.000Z` });

/**
 * The jobs service deletes a job description with its snippets and says so on EVENTS; the
 * conversations service's durable consumer deletes those snippets' practice conversations.
 */
describe('snippet clean-up from events.snippet.deleted, with a real nats-server', () => {
  const nats = eventsOnNats('conversations-cleanup-');
  const repository = () => nats.service().deps.storage.snippetConversations;
  const publish = (payload: unknown) => nats.publish(EVENT_SUBJECTS.snippetDeleted, payload);
  const save = (userId: number, snippetId: number, n: number) =>
    repository().saveSnippetConversation({ userId, snippetId, history: [exchange(n)], now: `2024-05-0${n}T10:00:00.000Z` }, () => []);
  const count = async (userId: number, snippetId: number) => (await repository().listSnippetConversations(userId, snippetId)).length;

  it('deletes the conversations of a deleted snippet of that user only, and skips a malformed event', async () => {
    await save(USER, 11, 1);
    await save(USER, 11, 2);
    await save(USER, 12, 3);
    await save(OTHER, 11, 4);
    nats.publisher().publish(EVENT_SUBJECTS.snippetDeleted, 'not json');
    await publish({ userId: USER, snippetId: 'eleven' });
    await publish({ userId: USER, snippetId: 11, at: new Date().toISOString() });
    await waitFor(async () => (await count(USER, 11)) === 0, 'snippet 11’s conversations to go');
    expect(await count(USER, 12)).toBe(1);
    expect(await count(OTHER, 11)).toBe(1);
    // The same event again deletes nothing more.
    await publish({ userId: USER, snippetId: 11, at: new Date().toISOString() });
    await waitFor(() => nats.consumerIdle(EVENT_CONSUMERS.snippetCleanup), 'every event to be acked or dropped');
    expect(await count(USER, 12)).toBe(1);
  });

  it('handles an event published while the service was down once it is back', async () => {
    await nats.outage(() => publish({ userId: OTHER, snippetId: 11, at: new Date().toISOString() }));
    await waitFor(async () => (await count(OTHER, 11)) === 0, 'the event published during the outage');
    expect(await count(USER, 12)).toBe(1);
  });
});
