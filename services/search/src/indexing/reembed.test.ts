import { EVENT_SUBJECTS } from '@story/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { OfflineEmbedder } from '../embedding/offline.embedder.ts';
import { WordVectors } from '@story/language/word-vectors';
import { openSqliteSearchStorage, type SearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';
import { eventVersion } from './event-version.ts';
import { reembedStories } from './reembed.ts';
import { StoryIndexer } from './story-indexer.ts';

const wordVectors = WordVectors.load();
let storage: SearchStorage;
let vectors: EmbeddedVectorStore;

afterEach(async () => {
  await vectors.close();
  await storage.close();
});

describe('reembedStories', () => {
  it('gives every story a vector of the new embedder, hidden ones too, and then has nothing to do', async () => {
    storage = openSqliteSearchStorage(':memory:');
    vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 64);
    const before = new OfflineEmbedder(wordVectors, { meaning: 1, concepts: 0, words: 0, characters: 0 });
    const after = new OfflineEmbedder(wordVectors);
    expect(before.id).not.toBe(after.id);
    const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder: before });
    const texts = [
      'Me: I led the migration of our billing database to Postgres.',
      'Me: I ran a charity run for the food bank.',
      'Me: I mentored a junior developer.',
    ];
    for (const [i, content] of texts.entries()) {
      await indexer.apply(
        EVENT_SUBJECTS.storySaved,
        { storyKey: `k${i}`, userId: 1, threadId: i + 1, sourceType: 'conversation', content, createdAt: new Date(0).toISOString() },
        eventVersion(i, i + 1),
      );
    }
    // The stories' first vectors, made by the worker the indexer wakes in the service.
    expect(await reembedStories({ stories: storage.stories, vectors, embedder: before })).toBe(3);
    await indexer.apply(EVENT_SUBJECTS.threadDeleted, { userId: 1, threadId: 3, at: new Date(0).toISOString() }, eventVersion(10, 10));

    // The new embedder finds nothing by meaning until the vectors are made again: no mixing of embedders.
    const query = (await after.embed(['moving a database']))[0] ?? new Float32Array(EMBEDDING_DIMENSIONS);
    expect(await vectors.search(1, after.id, query, 10)).toEqual([]);
    expect(await storage.stories.needingVectors(after.id, 0, 10)).toHaveLength(3);

    expect(await reembedStories({ stories: storage.stories, vectors, embedder: after })).toBe(3);
    expect(await storage.stories.needingVectors(after.id, 0, 10)).toEqual([]);
    const found = await vectors.search(1, after.id, query, 10);
    // The story of the deleted thread stays hidden.
    expect(found).toHaveLength(2);
    expect((await storage.stories.findVisible(1, [found[0]?.storyId ?? 0]))[0]?.content).toContain('Postgres');
    expect(await vectors.search(1, before.id, query, 10)).toEqual([]);
    expect(await storage.stories.needingVectors(before.id, 0, 10)).toHaveLength(3);
    expect(await reembedStories({ stories: storage.stories, vectors, embedder: after })).toBe(0);
  });
});
