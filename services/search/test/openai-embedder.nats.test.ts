import { join } from 'node:path';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { OfflineEmbedder } from '../src/embedding/offline.embedder.ts';
import { OpenAiEmbedder } from '../src/embedding/openai.embedder.ts';
import { EventPublisher, eventually, queryStories, startTestSearch, wordVectors, type TestSearch } from './search-test-kit.ts';
import { FakeOpenAiEmbeddings } from './support/fake-openai-embeddings.ts';

/**
 * SEARCH_EMBEDDER=openai: the real `openai` client against a loopback server that speaks the
 * embeddings API. Stories are embedded with text-embedding-3-small's 1536 dimensions and tagged
 * with it; while the API fails, search answers by words, and the story gets its vector once it is back.
 */
let nats: NatsServerHandle;
let fake: FakeOpenAiEmbeddings;
let search: TestSearch;
let events: EventPublisher;

beforeAll(async () => {
  fake = new FakeOpenAiEmbeddings(new OfflineEmbedder(wordVectors()));
  const baseUrl = await fake.start();
  nats = await startNatsServer({ storeDir: join(tempDataDir('search-openai-'), 'nats') });
  search = await startTestSearch({ natsUrl: nats.url, env: { SEARCH_EMBEDDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl } });
  events = await EventPublisher.connect(nats.url);
});
afterAll(async () => {
  await events?.close();
  await search?.close();
  await nats?.stop();
  await fake?.stop();
});

describe('the OpenAI embedder', () => {
  it('is chosen by configuration and asks for 1536 float dimensions of text-embedding-3-small', async () => {
    expect(search.deps.embedder).toBeInstanceOf(OpenAiEmbedder);
    expect(search.deps.embedder.id).toBe('openai:text-embedding-3-small');
    const [vector] = await search.deps.embedder.embed(['hello']);
    expect(vector).toHaveLength(1536);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer sk-test',
      body: { model: 'text-embedding-3-small', dimensions: 1536, encoding_format: 'float', input: ['hello'] },
    });
  });

  it('indexes and finds stories by meaning, each vector tagged with the embedder', async () => {
    await events.storySaved(1, 'conversation:1', 'Me: I led the migration of our billing database to Postgres.\n\nCoach: And?', { threadId: 1 });
    await events.storySaved(1, 'conversation:2', 'Me: I organised a charity run for the food bank.\n\nCoach: And?', { threadId: 2 });
    await eventually(
      async () =>
        (await search.deps.storage.stories.needingVectors('openai:text-embedding-3-small', 0, 10)).length === 0 &&
        (await search.deps.storage.stories.countStories(1)) === 2,
      'two embedded stories',
    );
    const found = await queryStories(search, 1, 'moving an old database to a new one');
    expect(found.status).toBe(200);
    expect(found.body.relevantStories[0]?.content).toContain('Postgres');
    expect(found.body.relevantStories[0]?.matchedBy).toContain('meaning');
  });

  it('answers by words while the API fails, says so when words find nothing, and embeds the story once the API is back', async () => {
    fake.failing = true;
    await events.storySaved(1, 'conversation:3', 'Me: Our forklift drivers went fourteen months without an injury.\n\nCoach: How?', { threadId: 3 });
    await eventually(async () => (await search.deps.storage.stories.countStories(1)) === 3, 'the third story');
    const byWords = await queryStories(search, 1, 'forklift');
    expect(byWords.status).toBe(200);
    expect(byWords.body.relevantStories.map((story) => story.matchedBy)).toEqual([['words']]);
    const nothing = await queryStories(search, 1, 'a paraphrase with no shared word');
    expect(nothing.status).toBe(503);
    expect(nothing.body.message).toBe('Search is not available right now. Please try again in a moment.');

    fake.failing = false;
    await eventually(
      async () => (await search.deps.storage.stories.needingVectors('openai:text-embedding-3-small', 0, 10)).length === 0,
      'the story to be embedded after the outage',
    );
    const [found] = (await queryStories(search, 1, 'forklift drivers without an injury')).body.relevantStories;
    expect(found?.content).toContain('forklift');
    expect(found?.matchedBy).toEqual(['meaning', 'words']);
  });
});
