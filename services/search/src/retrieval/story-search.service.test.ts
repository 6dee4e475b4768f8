import { EVENT_SUBJECTS } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { SentenceEmbedder } from '../embedding/sentence.embedder.ts';
import { StoryEmbeddingWorker } from '../indexing/story-embedding.worker.ts';
import { WordVectors } from '@story/language/word-vectors';
import { eventVersion } from '../indexing/event-version.ts';
import { StoryIndexer } from '../indexing/story-indexer.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';
import { StorySearchService } from './story-search.service.ts';

const USER = 1;
/** A person with a few stories, as a new user has: every story is a candidate for every query. */
const STORIES: [key: string, threadId: number, me: string][] = [
  ['conversation:11', 1, 'I led the migration of our billing system off an old Oracle database onto Postgres.'],
  // Told two turns later: the outcome belongs to the same story.
  ['conversation:12', 1, 'We did it over three weekends, one table at a time.'],
  ['conversation:13', 1, 'Invoice errors dropped by forty percent.'],
  ['conversation:21', 2, 'When our head chef quit two days before a wedding, I took over the menu and we served every plate on time.'],
  ['conversation:31', 3, 'I burned out completely as a project manager and had panic attacks before work. I set hard boundaries when I went back.'],
  // The conversation changes topic: one story still, opened at the passage that matched.
  ['conversation:32', 3, 'On a happier note, I organised a charity run for the food bank and we raised 23,000 dollars.'],
  // The same words saved again in another thread (sent twice): one story to the person searching.
  ['conversation:41', 4, 'I organised a charity run for the food bank and we raised 23,000 dollars.'],
  ['conversation:51', 5, 'I organised a charity run for the food bank and we raised 23,000 dollars.'],
];

let search: StorySearchService;
let close: () => Promise<void>;
beforeAll(async () => {
  const wordVectors = WordVectors.load();
  const embedder = new SentenceEmbedder();
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
  await new StoryEmbeddingWorker({ stories: storage.stories, vectors, embedder, retry: false }).drain();
  search = new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 10 });
});
afterAll(async () => {
  await close?.();
});

/** The found stories: the key of the message each opens at (its passage's), best first. */
const keysFor = async (query: string) => (await search.search(USER, query)).map((found) => found.story.storyKey);

describe('StorySearchService', () => {
  it('finds nothing for a query that matches no story, rather than the least bad stories', async () => {
    for (const query of ['xylophone quantum banana', 'purple elephant spaceship', 'horoscope for Sagittarius', 'scuba diving with sharks']) {
      expect(await keysFor(query), query).toEqual([]);
    }
  });

  it('still finds a story by its meaning, its rare words and its feelings, opened at the message that tells it', async () => {
    expect((await keysFor('moving an old database to a new one'))[0]).toBe('conversation:11');
    expect((await keysFor('Postgres'))[0]).toBe('conversation:11');
    expect((await keysFor('taking charge of the kitchen when the boss left'))[0]).toBe('conversation:21');
    expect((await keysFor('a time I felt anxious and overwhelmed'))[0]).toBe('conversation:31');
    // The conversation that changed topic is found for its second topic, opened there.
    const charity = await keysFor('raising money for charity');
    expect(charity).toContain('conversation:32');
    expect(charity).not.toContain('conversation:31');
  });

  it('finds a conversation by facts told in different turns, once, with the whole conversation and the passage in it', async () => {
    const found = await search.search(USER, 'a database migration where invoice errors dropped');
    expect(found.filter((hit) => hit.story.threadId === 1)).toHaveLength(1);
    const [first] = found;
    expect(first?.story.threadId).toBe(1);
    expect(first?.conversation.content).toContain('three weekends');
    expect(first?.conversation.content).toContain('forty percent');
    const passage = first?.passage ?? { start: 0, end: 0 };
    expect(first?.conversation.content.slice(passage.start, passage.end)).toMatch(/database|Invoice errors/);
  });

  it('shows a story once, even when its words were saved twice', async () => {
    const threads = (await search.search(USER, 'raising money for charity')).map((found) => found.story.threadId);
    expect(threads.filter((thread) => thread === 4 || thread === 5)).toHaveLength(1);
  });
});
