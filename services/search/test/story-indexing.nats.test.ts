import { join } from 'node:path';
import { EVENT_SUBJECTS } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { EventPublisher, eventually, queryStories, startTestSearch, type TestSearch } from './search-test-kit.ts';

/**
 * The search service against a real nats-server: stories indexed from the events, found by the
 * owner only, kept in step with thread, snippet, job-description and user deletions, whatever the
 * delivery order or how often an event comes.
 */
let nats: NatsServerHandle;
let search: TestSearch;
let events: EventPublisher;
const count = (userId?: number) => search.deps.storage.stories.countStories(userId);
const at = () => new Date().toISOString();

beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(tempDataDir('search-nats-'), 'nats') });
  search = await startTestSearch({ natsUrl: nats.url });
  events = await EventPublisher.connect(nats.url);
});
afterAll(async () => {
  await events?.close();
  await search?.close();
  await nats?.stop();
});

describe('story search over indexed events', () => {
  it('indexes saved stories and finds the caller’s own by meaning and by words, best first', async () => {
    await events.storySaved(
      1,
      'conversation:101',
      'Me: I led the migration of our billing database to Postgres with four engineers.\n\nCoach: What was hard?',
      { threadId: 11 },
    );
    await events.storySaved(
      1,
      'conversation:102',
      'Me: As a night nurse I noticed a patient having a silent heart attack and called the rapid response team.\n\nCoach: How did you know?',
      { threadId: 11 },
    );
    await events.storySaved(2, 'conversation:201', 'Me: I also migrated a database to Postgres, for another company.\n\nCoach: Tell me more.', {
      threadId: 21,
    });
    await eventually(async () => (await count()) === 3, 'three stories');

    const found = await queryStories(search, 1, '  moving an old database to a new one  ');
    expect(found.status).toBe(200);
    const [first] = found.body.relevantStories;
    expect(first?.content).toContain('billing database');
    expect(first?.sourceType).toBe('conversation');
    expect(first?.matchedBy).toContain('meaning');
    // Only the caller's stories, and distance in the order of the results.
    expect(found.body.relevantStories.every((story) => !story.content.includes('another company'))).toBe(true);
    const distances = found.body.relevantStories.map((story) => story.distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);

    const rare = await queryStories(search, 1, 'Postgres');
    expect(rare.body.relevantStories[0]?.matchedBy).toEqual(['meaning', 'words']);
    const passage = rare.body.relevantStories[0]?.passage;
    expect(passage && rare.body.relevantStories[0]?.content.slice(passage.start, passage.end)).toContain('Postgres');

    const nurse = await queryStories(search, 1, 'noticing a patient in danger');
    expect(nurse.body.relevantStories[0]?.content).toContain('night nurse');
    expect((await queryStories(search, 2, 'heart attack')).body.relevantStories.map((story) => story.content).join()).not.toContain('nurse');
  });

  it('says where each found story was told, so that the result opens its conversation at the message', async () => {
    const found = await queryStories(search, 1, 'Postgres');
    expect(found.body.relevantStories[0]).toMatchObject({
      content: expect.stringContaining('Postgres'),
      origin: { kind: 'message', threadId: 11, messageId: 101 },
    });
  });

  it('refuses an empty or whitespace query with the specification’s message, and bad bodies with a clear one', async () => {
    for (const query of ['', '   ', undefined, 42, null]) {
      const answer = await queryStories(search, 1, query);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please enter a search query');
    }
    const long = await queryStories(search, 1, 'x'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Search query must be at most 1000 characters');
    const anonymous = await search.app.inject({ method: 'POST', url: '/api/story-query', payload: { query: 'database' } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await search.app.inject({
      method: 'POST',
      url: '/api/story-query',
      headers: await search.forged({ userId: 1, isAdmin: false, sessionId: 's' }),
      payload: { query: 'database' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers nothing found for words no story has', async () => {
    expect((await queryStories(search, 1, 'zzqx vvwq')).body.relevantStories).toEqual([]);
    expect((await queryStories(search, 99, 'database')).body.relevantStories).toEqual([]);
  });

  it('makes one story of an event delivered twice, and a later save of the same key wins', async () => {
    const before = await count(3);
    await events.storySaved(3, 'conversation:301', 'Me: I organised a charity run for the food bank.\n\nCoach: How?', { threadId: 31 });
    await events.storySaved(3, 'conversation:301', 'Me: I organised a charity run for the food bank.\n\nCoach: How?', { threadId: 31 });
    await events.storySaved(3, 'conversation:301', 'Me: I organised a charity bake sale for the animal shelter.\n\nCoach: How?', { threadId: 31 });
    await eventually(async () => (await queryStories(search, 3, 'bake sale')).body.relevantStories.length === 1, 'the edit');
    expect(await count(3)).toBe(before + 1);
    const found = await queryStories(search, 3, 'food bank charity run');
    expect(found.body.relevantStories.map((story) => story.content)).toEqual(['Me: I organised a charity bake sale for the animal shelter.\n\nCoach: How?']);
  });

  it('hides a deleted thread’s stories, shows them again when it is recovered, and forgets them when it is purged', async () => {
    const find = async () => (await queryStories(search, 4, 'forklift accidents warehouse')).body.relevantStories.length;
    await events.storySaved(4, 'conversation:401', 'Me: We had three forklift accidents in the warehouse, so I repainted the lanes.\n\nCoach: Result?', {
      threadId: 41,
    });
    await eventually(async () => (await find()) === 1, 'the story');
    await events.publish(EVENT_SUBJECTS.threadDeleted, { userId: 4, threadId: 41, at: at() });
    await eventually(async () => (await find()) === 0, 'the deleted thread to be hidden');
    await events.publish(EVENT_SUBJECTS.threadRecovered, { userId: 4, threadId: 41, at: at() });
    await eventually(async () => (await find()) === 1, 'the recovered thread to show');
    await events.publish(EVENT_SUBJECTS.threadPurged, { userId: 4, threadId: 41, at: at() });
    await eventually(async () => (await count(4)) === 0, 'the purge');
    // A save of the purged thread that arrives late (redelivered) does not bring it back.
    await events.storySaved(4, 'conversation:402', 'Me: Another forklift story from the same thread.\n\nCoach: Oh?', { threadId: 41 });
    await events.storySaved(4, 'conversation:403', 'Me: A sentinel story in a live thread.\n\nCoach: Oh?', { threadId: 42 });
    await eventually(async () => (await count(4)) === 1, 'the sentinel');
    expect(await find()).toBe(0);
  });

  it('removes the stories of a deleted snippet, job description or user, and drops their late saves', async () => {
    const interview = (key: string, snippetId: number, jobDescriptionId: number, text: string) =>
      events.publish(EVENT_SUBJECTS.storySaved, {
        storyKey: key,
        userId: 5,
        snippetId,
        jobDescriptionId,
        sourceType: 'interview',
        content: `Me: ${text}\n\nCoach: Good.`,
        createdAt: at(),
      });
    await interview('snippet-conversation:1:0', 51, 501, 'I ran an A/B test on the pricing page.');
    await interview('snippet-conversation:2:0', 52, 502, 'I relaunched the mobile checkout.');
    await interview('snippet-conversation:3:0', 53, 502, 'I mentored a junior developer.');
    await events.storySaved(5, 'conversation:501', 'Me: I moved to Germany for a job.\n\nCoach: Wow.', { threadId: 55 });
    await eventually(async () => (await count(5)) === 4, 'four stories');

    await events.publish(EVENT_SUBJECTS.snippetDeleted, { userId: 5, snippetId: 51, at: at() });
    await eventually(async () => (await count(5)) === 3, 'the snippet’s story to go');
    await events.publish(EVENT_SUBJECTS.jobDescriptionDeleted, { userId: 5, jobDescriptionId: 502, at: at() });
    await eventually(async () => (await count(5)) === 1, 'the job description’s stories to go');
    expect((await queryStories(search, 5, 'checkout mentored pricing')).body.relevantStories).toEqual([]);
    await interview('snippet-conversation:1:1', 51, 501, 'A late exchange of the deleted snippet.');

    await events.publish(EVENT_SUBJECTS.userDeleted, { userId: 5, at: at() });
    await eventually(async () => (await count(5)) === 0, 'the user’s stories to go');
    await events.storySaved(5, 'conversation:502', 'Me: saved just before the account was deleted.\n\nCoach: ok', { threadId: 55 });
    await events.storySaved(6, 'conversation:601', 'Me: a sentinel of another user.\n\nCoach: ok', { threadId: 66 });
    await eventually(async () => (await count(6)) === 1, 'the sentinel');
    expect(await count(5)).toBe(0);
    expect((await queryStories(search, 5, 'Germany')).body.relevantStories).toEqual([]);
  });

  it('drops an event no schema accepts instead of trying it for ever', async () => {
    await events.publish(EVENT_SUBJECTS.storySaved, { storyKey: 'broken', userId: 'seven' });
    await events.storySaved(7, 'conversation:701', 'Me: the event after a broken one.\n\nCoach: ok', { threadId: 71 });
    await eventually(async () => (await count(7)) === 1, 'the next event to be indexed');
  });
});
