import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SUBJECTS, storiesMatchReplySchema } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { EventPublisher, eventually, everyStoryEmbedded, startTestSearch, type TestSearch } from './search-test-kit.ts';

/**
 * `search.stories.match` (issue 22): the profile service asks for the stories behind a résumé's
 * bullets. Each text finds the person's own stories as a query would, with the same floor, and
 * comes back with the person's words only.
 */
let nats: NatsServerHandle;
let search: TestSearch;
let events: EventPublisher;
let client: NatsConnection;

const ask = async (body: unknown) =>
  storiesMatchReplySchema.parse((await client.request(SUBJECTS.storiesMatch, JSON.stringify(body), { timeout: 5000 })).json());

beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(tempDataDir('search-match-'), 'nats') });
  search = await startTestSearch({ natsUrl: nats.url });
  events = await EventPublisher.connect(nats.url);
  client = await connect({ servers: nats.url });
  await events.storySaved(
    5,
    'conversation:501',
    'Me: The checkout page was slow, so I cached the prices and we got it from 3 seconds down to 800 milliseconds.\n\nCoach: That is a big change. How did customers react?',
    { threadId: 51 },
  );
  await events.storySaved(5, 'conversation:502', 'Me: I trained four new nurses on the night shift.\n\nCoach: What did you teach first?', { threadId: 52 });
  await events.storySaved(6, 'conversation:601', 'Me: I also sped up a checkout page, for another shop.\n\nCoach: Tell me more.', { threadId: 61 });
  // One story told over two messages: the result comes two turns later.
  await events.storySaved(7, 'conversation:701', 'Me: I rebuilt the search page of our shop.\n\nCoach: What came of it?', { threadId: 71 });
  await events.storySaved(7, 'conversation:702', 'Me: Sales from search went up by 12 percent.\n\nCoach: Great.', { threadId: 71 });
  await eventually(async () => (await search.deps.storage.stories.countStories()) === 5, 'five stories');
  await everyStoryEmbedded(search);
});
afterAll(async () => {
  await client?.close();
  await events?.close();
  await search?.close();
  await nats?.stop();
});

describe(SUBJECTS.storiesMatch, () => {
  it('finds the story behind each bullet, with the person’s words only, and nothing for a bullet no story tells', async () => {
    const reply = await ask({
      userId: 5,
      queries: [
        { key: 'role-1-b-1', text: 'Software Engineer Northwind: Worked on the checkout page performance' },
        { key: 'role-1-b-2', text: 'Chef Bistro: Managed the wine list and seasonal menus' },
      ],
    });
    if (!reply.ok) throw new Error(reply.message);
    const [checkout, wine] = reply.results;
    expect(checkout?.key).toBe('role-1-b-1');
    expect(checkout?.stories[0]).toMatchObject({
      threadId: 51,
      content: 'The checkout page was slow, so I cached the prices and we got it from 3 seconds down to 800 milliseconds.',
    });
    expect(checkout?.stories.map((story) => story.content).join(' ')).not.toContain('Coach');
    expect(checkout?.stories.map((story) => story.content).join(' ')).not.toContain('another shop');
    expect(wine).toEqual({ key: 'role-1-b-2', stories: [] });
  });

  it('reads the whole story behind a bullet: a number told in a later message counts', async () => {
    const reply = await ask({ userId: 7, queries: [{ key: 'b', text: 'Rebuilt the shop search page' }] });
    if (!reply.ok) throw new Error(reply.message);
    const [story] = reply.results[0]?.stories ?? [];
    expect(story?.threadId).toBe(71);
    expect(story?.content).toBe('I rebuilt the search page of our shop.\n\nSales from search went up by 12 percent.');
  });

  it('answers a malformed question with its problem, and another person’s stories never', async () => {
    const bad = await ask({ userId: -1, queries: 'nope' });
    expect(bad.ok).toBe(false);
    const stranger = await ask({ userId: 999, queries: [{ key: 'a', text: 'checkout page' }] });
    expect(stranger).toEqual({ ok: true, results: [{ key: 'a', stories: [] }] });
  });
});
