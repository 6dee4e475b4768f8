import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import { snippetExchange } from '@story/testing/fixtures/snippet-conversations';
import { snippetStoryEvents } from '../nats/domain-events.ts';
import type { StoreUnderTest } from '../threads/thread.repository.contract.ts';
import type { SnippetConversationRepository } from './snippet-conversation.repository.ts';

const T0 = Date.parse('2024-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const exchange = (n: number) => snippetExchange(n, at(n));

/** The behaviour every SnippetConversationRepository must have, run against each driver. */
export function snippetConversationRepositoryContract(name: string, open: () => Promise<StoreUnderTest<SnippetConversationRepository>>): void {
  describe(`SnippetConversationRepository contract: ${name}`, () => {
    let store: StoreUnderTest<SnippetConversationRepository>;
    let repo: SnippetConversationRepository;
    let nextUser = 5000;
    const newUser = () => ++nextUser;

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
    });
    afterAll(async () => store.cleanup());

    it('continues a snippet conversation whose history extends the latest one, else starts a new one', async () => {
      const user = newUser();
      const snippetId = 77;
      const first = await repo.saveSnippetConversation({ userId: user, snippetId, history: [exchange(1)], now: at(1) }, snippetStoryEvents);
      expect(first.created).toBe(true);
      const extended = await repo.saveSnippetConversation({ userId: user, snippetId, history: [exchange(1), exchange(2)], now: at(2) }, snippetStoryEvents);
      expect(extended).toMatchObject({ created: false, record: { id: first.record.id, createdAt: at(1), updatedAt: at(2) } });
      const fresh = await repo.saveSnippetConversation({ userId: user, snippetId, history: [exchange(9)], now: at(3) }, snippetStoryEvents);
      expect(fresh.created).toBe(true);
      expect(fresh.record.id).not.toBe(first.record.id);

      const listed = await repo.listSnippetConversations(user, snippetId);
      expect(listed.map((c) => c.id)).toEqual([fresh.record.id, first.record.id]);
      expect(listed[1]?.conversationHistory).toEqual([exchange(1), exchange(2)]);
      expect(await repo.listSnippetConversations(user + 1, snippetId)).toEqual([]);
      await repo.saveSnippetConversation({ userId: user, snippetId: 12, history: [exchange(4)], now: at(4) }, snippetStoryEvents);
      expect(await repo.practisedSnippetIds(user)).toEqual([12, snippetId]);
      expect(await repo.practisedSnippetIds(user + 1)).toEqual([]);

      const storyKeys = (await store.outbox.pendingEvents(10_000))
        .filter((e) => e.subject === EVENT_SUBJECTS.storySaved)
        .map((e) => JSON.parse(e.payload).storyKey)
        .filter((key: string) => key.startsWith(`snippet-conversation:${first.record.id}:`));
      expect(storyKeys).toEqual([`snippet-conversation:${first.record.id}:0`, `snippet-conversation:${first.record.id}:1`]);
    });

    it('a transcript corrected in a session goes on with the session, and search indexes the corrected words again (issue 19, 4)', async () => {
      const user = newUser();
      const snippetId = 78;
      const heard = { ...exchange(1), userMessage: 'I lead the art migration', answerId: '6f1c2a4e-0b7d-4c55-9a7e-2f0d8f1b9c31' };
      const first = await repo.saveSnippetConversation({ userId: user, snippetId, history: [heard, exchange(2)], now: at(1) }, snippetStoryEvents);
      const corrected = { ...heard, userMessage: 'I led the data migration' };
      const saved = await repo.saveSnippetConversation(
        { userId: user, snippetId, history: [corrected, exchange(2), exchange(3)], now: at(2) },
        snippetStoryEvents,
      );
      expect(saved).toMatchObject({ created: false, record: { id: first.record.id } });
      expect(saved.record.conversationHistory.map((e) => e.userMessage)).toEqual(['I led the data migration', 'answer 2', 'answer 3']);
      const indexed = (await store.outbox.pendingEvents(10_000))
        .filter((e) => e.subject === EVENT_SUBJECTS.storySaved)
        .map((e) => JSON.parse(e.payload) as { storyKey: string; content: string })
        .filter((event) => event.storyKey.startsWith(`snippet-conversation:${first.record.id}:`));
      // First save: 0 and 1; the correction: 0 again (corrected), 1 again (after it), and 2 (new).
      expect(indexed.map((event) => event.storyKey.split(':').at(-1))).toEqual(['0', '1', '0', '1', '2']);
      expect(indexed[2]?.content).toContain('I led the data migration');
      // Another reply to the same words is another session, not a correction.
      const other = await repo.saveSnippetConversation(
        {
          userId: user,
          snippetId,
          history: [{ ...corrected, aiResponse: 'Something else', timestamp: at(9), answerId: '0d3b9a1e-5c2f-4e8a-b6d1-7a9e3c4f2b10' }],
          now: at(3),
        },
        snippetStoryEvents,
      );
      expect(other.created).toBe(true);
    });

    it('deletes every conversation of one snippet of one user, and nothing else', async () => {
      const user = newUser();
      const other = newUser();
      await repo.saveSnippetConversation({ userId: user, snippetId: 81, history: [exchange(1)], now: at(1) }, snippetStoryEvents);
      await repo.saveSnippetConversation({ userId: user, snippetId: 81, history: [exchange(2)], now: at(2) }, snippetStoryEvents);
      await repo.saveSnippetConversation({ userId: user, snippetId: 82, history: [exchange(3)], now: at(3) }, snippetStoryEvents);
      await repo.saveSnippetConversation({ userId: other, snippetId: 81, history: [exchange(4)], now: at(4) }, snippetStoryEvents);

      expect(await repo.deleteSnippetConversations(user, 81)).toBe(2);
      expect(await repo.listSnippetConversations(user, 81)).toEqual([]);
      expect(await repo.listSnippetConversations(user, 82)).toHaveLength(1);
      expect(await repo.listSnippetConversations(other, 81)).toHaveLength(1);
      expect(await repo.deleteSnippetConversations(user, 81)).toBe(0);
    });

    it('forgets every practice conversation of a deleted account, and nobody else’s', async () => {
      const user = newUser();
      const other = newUser();
      await repo.saveSnippetConversation({ userId: user, snippetId: 91, history: [exchange(1)], now: at(1) }, snippetStoryEvents);
      await repo.saveSnippetConversation({ userId: user, snippetId: 92, history: [exchange(2)], now: at(2) }, snippetStoryEvents);
      await repo.saveSnippetConversation({ userId: other, snippetId: 91, history: [exchange(3)], now: at(3) }, snippetStoryEvents);

      expect(await repo.forgetUser(user)).toBe(2);
      expect(await repo.listSnippetConversations(user, 91)).toEqual([]);
      expect(await repo.listSnippetConversations(user, 92)).toEqual([]);
      expect(await repo.listSnippetConversations(other, 91)).toHaveLength(1);
      expect(await repo.forgetUser(user)).toBe(0);
    });
  });
}
