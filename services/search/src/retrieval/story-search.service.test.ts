import { EVENT_SUBJECTS } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { OfflineEmbedder } from '../embedding/offline.embedder.ts';
import { WordVectors } from '@story/proto/word-vectors';
import { eventVersion } from '../indexing/event-version.ts';
import { StoryIndexer } from '../indexing/story-indexer.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';
import { StorySearchService } from './story-search.service.ts';

const USER = 1;
/** A person with a few stories, as a new user has: every story is a candidate for every query. */
const STORIES: [key: string, threadId: number, me: string][] = [
  ['conversation:11', 1, 'I led the migration of our billing system off an old Oracle database onto Postgres. Invoice errors dropped by forty percent.'],
  ['conversation:12', 1, 'When our head chef quit two days before a wedding, I took over the menu and we served every plate on time.'],
  ['conversation:21', 2, 'I burned out completely as a project manager and had panic attacks before work. I set hard boundaries when I went back.'],
  ['conversation:22', 2, 'I organised a charity run for the food bank and we raised 23,000 dollars.'],
  // The same words saved again as another message (sent twice): one story to the person searching.
  ['conversation:23', 2, 'I organised a charity run for the food bank and we raised 23,000 dollars.'],
];

let search: StorySearchService;
let close: () => Promise<void>;
beforeAll(async () => {
  const wordVectors = WordVectors.load();
  const embedder = new OfflineEmbedder(wordVectors);
  const storage = openSqliteSearchStorage(':memory:');
  const vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 16);
  close = async () => {
    await vectors.close();
    await storage.close();
  };
  const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder });
  for (const [index, [storyKey, threadId, me]] of STORIES.entries()) {
    const event = {
      storyKey,
      userId: USER,
      threadId,
      sourceType: 'conversation',
      content: `Me: ${me}\n\nCoach: Tell me more.`,
      createdAt: new Date(0).toISOString(),
    };
    await indexer.apply(EVENT_SUBJECTS.storySaved, event, eventVersion(index + 1, index + 1));
  }
  search = new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 10 });
});
afterAll(async () => {
  await close?.();
});

const keysFor = async (query: string) => (await search.search(USER, query)).map((found) => found.story.storyKey);

describe('StorySearchService', () => {
  it('finds nothing for a query that matches no story, rather than the least bad stories', async () => {
    for (const query of ['xylophone quantum banana', 'purple elephant spaceship', 'horoscope for Sagittarius', 'scuba diving with sharks']) {
      expect(await keysFor(query), query).toEqual([]);
    }
  });

  it('still finds a story by its meaning, its rare words and its feelings', async () => {
    expect((await keysFor('moving an old database to a new one'))[0]).toBe('conversation:11');
    expect((await keysFor('Postgres'))[0]).toBe('conversation:11');
    expect((await keysFor('taking charge of the kitchen when the boss left'))[0]).toBe('conversation:12');
    expect((await keysFor('a time I felt anxious and overwhelmed'))[0]).toBe('conversation:21');
  });

  it('shows a story once, even when its words were saved twice', async () => {
    const keys = await keysFor('raising money for charity');
    expect(keys.filter((key) => key === 'conversation:22' || key === 'conversation:23')).toHaveLength(1);
    expect(keys[0]).toBe('conversation:22');
  });
});
