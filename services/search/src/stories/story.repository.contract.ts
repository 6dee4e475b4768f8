import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedStory, StoryRepository } from './story.repository.ts';

/** A story store to run the contract against, and how to throw it away. */
export interface StoryStoreUnderTest {
  repository: StoryRepository;
  cleanup(): Promise<void>;
}

const v = (n: number) => `${String(n).padStart(17, '0')}.${String(n).padStart(15, '0')}`;

/**
 * What every StoryRepository must do, whichever database holds it (SQLite always, MongoDB when one
 * is reachable): one story per key, the newer event wins, deletions of what stories belong to hold
 * whatever order events come in, and everything is scoped to the user. Each test has its own users.
 */
export function storyRepositoryContract(name: string, open: () => Promise<StoryStoreUnderTest>): void {
  describe(`StoryRepository contract: ${name}`, () => {
    let store: StoryStoreUnderTest;
    let repo: StoryRepository;
    let nextUser = 5000;
    let nextKey = 0;
    const newUser = () => ++nextUser;
    const story = (userId: number, extra: Partial<SavedStory> = {}): SavedStory => ({
      userId,
      storyKey: `key-${++nextKey}`,
      sourceType: 'conversation',
      content: 'Me: I led the migration of our billing database to Postgres.',
      threadId: null,
      snippetId: null,
      jobDescriptionId: null,
      createdAt: '2024-03-01T09:00:00.000Z',
      version: v(1),
      ...extra,
    });
    const stored = async (input: SavedStory) => {
      const outcome = await repo.applySaved(input);
      if (outcome.kind !== 'stored') throw new Error(`expected stored, got ${outcome.kind}`);
      return outcome;
    };

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
    });
    afterAll(async () => store.cleanup());

    it('stores one story per key; the same event again changes nothing and needs no new vector once embedded', async () => {
      const user = newUser();
      const first = await stored(story(user, { storyKey: 'same', threadId: 1 }));
      expect(first).toMatchObject({
        needsVector: true,
        story: { userId: user, hidden: false, embeddingGenerated: false, embedder: null, metadata: { storyKey: 'same', threadId: 1 } },
      });
      await repo.markEmbedded(first.story.id, 'e1', first.story.version);
      const again = await stored(story(user, { storyKey: 'same', threadId: 1 }));
      expect(again).toMatchObject({ needsVector: false, story: { id: first.story.id, embeddingGenerated: true, embedder: 'e1' } });
      expect(await repo.countStories(user)).toBe(1);
    });

    it('lets a newer event for the key win and ignores an older one', async () => {
      const user = newUser();
      const key = `edit-${user}`;
      const original = await stored(story(user, { storyKey: key, version: v(5) }));
      await repo.markEmbedded(original.story.id, 'e1', original.story.version);
      const edited = await stored(story(user, { storyKey: key, content: 'Me: I organised a bake sale.', version: v(7) }));
      expect(edited).toMatchObject({ needsVector: true, story: { id: original.story.id, content: 'Me: I organised a bake sale.', embedder: null } });
      expect(await repo.applySaved(story(user, { storyKey: key, content: 'Me: the stale one', version: v(6) }))).toEqual({ kind: 'stale' });
      // A key is its first user's: another user's event for it is not applied.
      expect(await repo.applySaved(story(newUser(), { storyKey: key, version: v(9) }))).toEqual({ kind: 'stale' });
      // The stale write did not mark anything embedded either.
      await repo.markEmbedded(original.story.id, 'e1', v(5));
      expect((await repo.findVisible(user, [original.story.id]))[0]).toMatchObject({ content: 'Me: I organised a bake sale.', embeddingGenerated: false });
    });

    it('hides a deleted thread’s stories, shows them when it is recovered, and removes them when it is purged, in any order', async () => {
      const user = newUser();
      const a = await stored(story(user, { threadId: 10, version: v(1) }));
      expect(await repo.applyThreadState(user, 10, 'deleted', v(3))).toEqual({ hidden: [a.story.id], shown: [], removed: [] });
      expect(await repo.findVisible(user, [a.story.id])).toEqual([]);
      // A save that comes after the deletion (redelivered, or from another instance) stays hidden.
      const late = await stored(story(user, { threadId: 10, version: v(2) }));
      expect(late.story.hidden).toBe(true);
      // The person's export has every story, hidden ones too, by id, and nobody else's.
      expect((await repo.storiesOf(user)).map((s) => s.id)).toEqual([a.story.id, late.story.id].sort((x, y) => x - y));
      expect(await repo.storiesOf(newUser())).toEqual([]);
      // An older recover does not undo the newer delete.
      expect(await repo.applyThreadState(user, 10, 'recovered', v(2))).toEqual({ hidden: [], shown: [], removed: [] });
      expect((await repo.applyThreadState(user, 10, 'recovered', v(4))).shown.sort()).toEqual([a.story.id, late.story.id].sort());
      expect(await repo.findVisible(user, [a.story.id, late.story.id])).toHaveLength(2);
      expect((await repo.applyThreadState(user, 10, 'purged', v(5))).removed.sort()).toEqual([a.story.id, late.story.id].sort());
      // Purged is for good: neither a later recover nor a late save brings anything back.
      expect(await repo.applyThreadState(user, 10, 'recovered', v(6))).toEqual({ hidden: [], shown: [], removed: [] });
      expect(await repo.applySaved(story(user, { threadId: 10, version: v(7) }))).toEqual({ kind: 'dropped', removedIds: [] });
      expect(await repo.countStories(user)).toBe(0);
    });

    it('removes the stories of a snippet, a job description or a user, and drops their late saves', async () => {
      const user = newUser();
      const bySnippet = await stored(story(user, { snippetId: 1, jobDescriptionId: 100 }));
      const byJob = await stored(story(user, { snippetId: 2, jobDescriptionId: 200 }));
      const other = await stored(story(user, { threadId: 3 }));
      const neighbour = newUser();
      await stored(story(neighbour, { snippetId: 1, jobDescriptionId: 100 }));
      expect(await repo.removeOwner(user, { kind: 'snippet', id: 1 }, v(2))).toEqual({ hidden: [], shown: [], removed: [bySnippet.story.id] });
      expect(await repo.removeOwner(user, { kind: 'job-description', id: 200 }, v(3))).toEqual({ hidden: [], shown: [], removed: [byJob.story.id] });
      expect(await repo.applySaved(story(user, { snippetId: 1, jobDescriptionId: 100 }))).toEqual({ kind: 'dropped', removedIds: [] });
      expect(await repo.applySaved(story(user, { snippetId: 9, jobDescriptionId: 200 }))).toEqual({ kind: 'dropped', removedIds: [] });
      expect(await repo.countStories(neighbour)).toBe(1);
      expect(await repo.removeOwner(user, { kind: 'user' }, v(4))).toEqual({ hidden: [], shown: [], removed: [other.story.id] });
      expect(await repo.applySaved(story(user, { threadId: 3 }))).toEqual({ kind: 'dropped', removedIds: [] });
      expect(await repo.countStories(user)).toBe(0);
      expect(await repo.countStories(neighbour)).toBe(1);
    });

    it('finds the user’s visible stories by their words, best first, and nobody else’s', async () => {
      const user = newUser();
      const postgres = await stored(story(user, { content: 'Me: We moved the billing database to Postgres; Postgres made reports fast.', threadId: 20 }));
      const nurse = await stored(story(user, { content: 'Me: On a night shift I noticed a patient in danger.', threadId: 21 }));
      await stored(story(newUser(), { content: 'Me: Postgres everywhere.' }));
      expect((await repo.searchLexical(user, ['postgres'], 10)).map((hit) => hit.id)).toEqual([postgres.story.id]);
      const both = await repo.searchLexical(user, ['patient', 'database', 'shift'], 10);
      expect(both.map((hit) => hit.id)).toEqual([nurse.story.id, postgres.story.id]);
      expect(both[0]?.score).toBeGreaterThan(both[1]?.score ?? Infinity);
      expect(await repo.searchLexical(user, ['"quotes"', 'OR', 'NEAR(', '*'], 10)).toEqual([]);
      expect(await repo.searchLexical(user, [], 10)).toEqual([]);
      await repo.applyThreadState(user, 21, 'deleted', v(9));
      expect(await repo.searchLexical(user, ['patient'], 10)).toEqual([]);
      expect(await repo.findVisible(user, [postgres.story.id, nurse.story.id])).toEqual([expect.objectContaining({ id: postgres.story.id })]);
      expect(await repo.findVisible(newUser(), [postgres.story.id])).toEqual([]);
    });

    it('finds the visible stories of whole conversations (a thread, a practice conversation, a lone story), oldest first, the user’s only', async () => {
      const user = newUser();
      const first = await stored(story(user, { threadId: 31, content: 'Me: I was a nurse on nights.' }));
      const second = await stored(story(user, { threadId: 31, content: 'Me: I called the doctor twice.' }));
      const otherThread = await stored(story(user, { threadId: 32 }));
      const practice = await stored(story(user, { storyKey: `snippet-conversation:${user}:0`, snippetId: 4 }));
      const practiceLater = await stored(story(user, { storyKey: `snippet-conversation:${user}:1`, snippetId: 4 }));
      // A practice conversation whose id starts with the same digits is another conversation.
      await stored(story(user, { storyKey: `snippet-conversation:${user}1:0`, snippetId: 4 }));
      const lone = await stored(story(user, { storyKey: `lone-${user}` }));
      const ids = async (conversations: Parameters<StoryRepository['findConversations']>[1], owner = user) =>
        (await repo.findConversations(owner, conversations)).map((record) => record.id);
      expect(await ids([{ kind: 'thread', threadId: 31 }])).toEqual([first.story.id, second.story.id]);
      expect(await ids([{ kind: 'practice', conversationId: user }])).toEqual([practice.story.id, practiceLater.story.id]);
      expect(await ids([{ kind: 'story', storyKey: `lone-${user}` }, { kind: 'thread', threadId: 32 }])).toEqual([otherThread.story.id, lone.story.id]);
      expect(await ids([])).toEqual([]);
      expect(await ids([{ kind: 'thread', threadId: 31 }], newUser())).toEqual([]);
      await repo.applyThreadState(user, 31, 'deleted', v(5));
      expect(await ids([{ kind: 'thread', threadId: 31 }])).toEqual([]);
    });

    it('lists the stories whose vector is missing or made by another embedder', async () => {
      const user = newUser();
      const a = await stored(story(user));
      const b = await stored(story(user));
      await repo.markEmbedded(a.story.id, 'e2', a.story.version);
      const needing = (await repo.needingVectors('e2', a.story.id - 1, 100)).filter((record) => record.userId === user).map((record) => record.id);
      expect(needing).toEqual([b.story.id]);
      const forOther = (await repo.needingVectors('e3', a.story.id - 1, 100)).filter((record) => record.userId === user).map((record) => record.id);
      expect(forOther).toEqual([a.story.id, b.story.id]);
    });
  });
}
