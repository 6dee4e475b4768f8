import { beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES, EVENT_SUBJECTS } from '@story/proto';
import { notFound } from '@story/service-kit';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { SnippetConversationService, type SnippetOwners } from './snippet-conversation.service.ts';
import { failureOf } from '@story/testing/service-under-test';

const OWNER = 5;
const STRANGER = 6;
const SNIPPET = 11;

/** The jobs service's answer for one snippet of one user (the NATS path is tested in test/snippet-conversations.nats.test.ts). */
const owners: SnippetOwners = {
  requireOwned: async (snippetId, userId) => {
    if (snippetId !== SNIPPET || userId !== OWNER) throw notFound('Snippet not found');
    return { snippetText: 'Leads a team of five', jobDescriptionId: 3 };
  },
};

const exchange = (n: number) => ({ userMessage: `answer ${n}`, aiResponse: `question ${n}`, timestamp: `2024-05-0${n}T10:00:00.000Z` });

/** SnippetConversationService on a real SQLite store with a fixed clock. */
describe('SnippetConversationService', () => {
  let storage: ConversationsStorage;
  let service: SnippetConversationService;

  beforeEach(() => {
    storage = openSqliteConversationsStorage(':memory:');
    service = new SnippetConversationService({
      repository: storage.snippetConversations,
      owners,
      clock: () => new Date('2024-05-09T12:00:00.000Z'),
      onEventsWritten: () => undefined,
    });
  });

  it('saves a growing session as one conversation, with a story event per new exchange', async () => {
    const first = await service.save(OWNER, SNIPPET, [exchange(1)]);
    const grown = await service.save(OWNER, SNIPPET, [exchange(1), exchange(2)]);
    expect(first.created).toBe(true);
    expect(grown).toMatchObject({ created: false, record: { id: first.record.id, updatedAt: '2024-05-09T12:00:00.000Z' } });
    const stories = (await storage.outbox.pendingEvents(100)).filter((e) => e.subject === EVENT_SUBJECTS.storySaved);
    expect(stories).toHaveLength(2);
    // Each names the snippet's job description, so that search can forget them when it is deleted.
    expect(stories.map((e) => JSON.parse(e.payload).jobDescriptionId)).toEqual([3, 3]);
    expect((await service.list(OWNER, SNIPPET)).map((c) => c.conversationHistory.length)).toEqual([2]);
  });

  it('keeps each exchange’s answer id, so a saved practice answer finds its feedback', async () => {
    const answerId = '2b1f1a2e-4a8b-4c5d-9e0f-1a2b3c4d5e6f';
    await service.save(OWNER, SNIPPET, [{ ...exchange(1), answerId }, exchange(2)]);
    const [saved] = await service.list(OWNER, SNIPPET);
    expect(saved?.conversationHistory.map((entry) => entry.answerId)).toEqual([answerId, undefined]);
  });

  it('refuses an empty history and a snippet that is not the caller’s, and saves nothing', async () => {
    expect(await failureOf(service.save(OWNER, SNIPPET, []))).toEqual({ status: 400, message: CONVERSATION_MESSAGES.snippetHistoryEmpty });
    expect(await failureOf(service.save(STRANGER, SNIPPET, [exchange(1)]))).toEqual({ status: 404, message: 'Snippet not found' });
    expect(await failureOf(service.list(STRANGER, SNIPPET))).toEqual({ status: 404, message: 'Snippet not found' });
    expect(await storage.outbox.countPendingEvents()).toBe(0);
  });
});
