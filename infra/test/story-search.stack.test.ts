import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedUpClient } from '@story/testing/api-client';
import { standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Story search across the running system: stories saved in conversations reach search over NATS
 * (each service its own NATS user), each person finds only their own through the gateway, and
 * deleting, recovering a thread in conversations shows in search.
 */
let stack: StandardStack;

beforeAll(async () => {
  stack = await standardStack();
});
afterAll(async () => {});

const signedUp = (): Promise<ApiClient> => signedUpClient(stack.gatewayUrl, 'stories');

async function saveStory(client: ApiClient, userMessage: string): Promise<number> {
  const thread = await client.post('/api/conversation-threads');
  expect(thread.status).toBe(201);
  const saved = await client.post('/api/conversations', { threadId: thread.body.threadId, userMessage, aiResponse: 'What happened next?' });
  expect(saved.status).toBe(201);
  return thread.body.threadId as number;
}

/** The contents found for a query, polled until `settled` holds (indexing is asynchronous). */
async function searchUntil(client: ApiClient, query: string, settled: (contents: string[]) => boolean): Promise<string[]> {
  let contents: string[] = [];
  await expect
    .poll(
      async () => {
        const answer = await client.post('/api/story-query', { query });
        expect(answer.status).toBe(200);
        contents = answer.body.relevantStories.map((story: { content: string }) => story.content);
        return settled(contents);
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return contents;
}

describe('story search through the gateway', () => {
  it('finds each person’s own stories, follows thread deletion and recovery, and refuses bad queries', async () => {
    const ada = await signedUp();
    const bob = await signedUp();
    const thread = await saveStory(ada, 'I led the migration of our billing database to Postgres over three weekends.');
    await saveStory(ada, 'I organised a charity run for the food bank with forty volunteers.');
    await saveStory(bob, 'I also moved a database to Postgres, at another company.');

    // Both of Ada's stories are indexed once a query finds each of them.
    await searchUntil(ada, 'charity volunteers', (contents) => contents.some((content) => content.includes('charity run')));
    const found = await searchUntil(ada, 'moving an old database to a new one', (contents) => contents.length > 0);
    expect(found[0]).toContain('billing database');
    expect(found.join()).not.toContain('another company');

    expect((await ada.delete(`/api/conversation-threads/${thread}`)).status).toBe(200);
    await searchUntil(ada, 'Postgres', (contents) => contents.length === 0);
    expect((await ada.post(`/api/conversation-threads/${thread}/recover`)).status).toBe(200);
    await searchUntil(ada, 'Postgres', (contents) => contents.length === 1);

    const empty = await ada.post('/api/story-query', { query: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Please enter a search query' });
    expect((await new ApiClient(stack.gatewayUrl).post('/api/story-query', { query: 'Postgres' })).status).toBe(401);
  });
});
