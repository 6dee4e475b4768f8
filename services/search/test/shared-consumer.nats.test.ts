import { join } from 'node:path';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { EventPublisher, eventually, queryStories, startTestSearch, type TestSearch } from './search-test-kit.ts';

/** Two search instances on one durable consumer share the work: each story (each its own conversation) is indexed once, by one of them. */
let nats: NatsServerHandle;
let events: EventPublisher;
const instances: TestSearch[] = [];
const STORIES = 300;

beforeAll(async () => {
  const dir = tempDataDir('search-shared-');
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  const dataDir = join(dir, 'data');
  instances.push(await startTestSearch({ natsUrl: nats.url, dataDir }), await startTestSearch({ natsUrl: nats.url, dataDir }));
  events = await EventPublisher.connect(nats.url);
});
afterAll(async () => {
  await events?.close();
  for (const instance of instances) await instance.close();
  await nats?.stop();
});

describe('two search instances', () => {
  it('index each story once between them, and either answers with all of them', async () => {
    await Promise.all(
      Array.from({ length: STORIES }, (_, i) =>
        events.storySaved(9, `conversation:${9000 + i}`, `Me: Story ${i} about the warehouse forklift training.\n\nCoach: And?`, { threadId: 9000 + i }),
      ),
    );
    const [first, second] = instances;
    if (!first || !second) throw new Error('two instances expected');
    await eventually(async () => (await first.deps.storage.stories.countStories(9)) === STORIES, `${STORIES} stories`);
    const applied = instances.map((instance) => instance.deps.indexer.applied);
    expect(applied.reduce((sum, count) => sum + count, 0)).toBe(STORIES);
    expect(Math.min(...applied)).toBeGreaterThan(0);
    // Either instance answers from the shared stores, its cached vectors brought up to date.
    for (const instance of instances) expect((await queryStories(instance, 9, 'forklift')).body.relevantStories).toHaveLength(10);
  });
});
