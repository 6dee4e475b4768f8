import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { EVENT_SUBJECTS, type EventSubject } from '@story/proto';
import { ensureEventsStream } from '@story/service-kit/nats';
import { startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/testing/service-under-test';
import { searchService, type SearchDeps } from '../src/app.ts';
import type { SearchConfig } from '../src/config.ts';
import { WordVectors } from '@story/language/word-vectors';

export type TestSearch = ServiceUnderTest<SearchConfig, SearchDeps>;

let sharedWordVectors: WordVectors | undefined;
/** The word vectors, read once per test file. */
export const wordVectors = (): WordVectors => (sharedWordVectors ??= WordVectors.load());

/** The real search service (SQLite and the embedded vector store in a temporary folder), as `main.ts` builds it. */
export function startTestSearch(options: ServiceTestOptions<SearchDeps> = {}): Promise<TestSearch> {
  return startServiceForTest(searchService, { ...options, deps: { wordVectors: wordVectors(), ...options.deps } });
}

/** Publishes domain events to the EVENTS stream as their producers do (JetStream, acknowledged). */
export class EventPublisher {
  private constructor(private readonly nc: NatsConnection) {}

  static async connect(natsUrl: string): Promise<EventPublisher> {
    const nc = await connect({ servers: natsUrl });
    await ensureEventsStream(nc);
    return new EventPublisher(nc);
  }

  async publish(subject: EventSubject, payload: Record<string, unknown>): Promise<void> {
    await jetstream(this.nc).publish(subject, JSON.stringify(payload));
  }

  /** `events.story.saved` for a message pair of a thread. */
  async storySaved(userId: number, key: string, content: string, extra: Record<string, unknown> = {}): Promise<void> {
    await this.publish(EVENT_SUBJECTS.storySaved, {
      storyKey: key,
      userId,
      sourceType: 'conversation',
      content,
      createdAt: new Date().toISOString(),
      ...extra,
    });
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}

export interface FoundStoryBody {
  id: number;
  sourceType: string;
  content: string;
  createdAt: string;
  distance: number;
  passage?: { start: number; end: number };
  matchedBy?: string[];
  origin?: { kind: string; threadId?: number; messageId?: number; snippetId?: number; conversationId?: number; exchange?: number };
}

/** Asks the service as `userId`; returns the status and body. */
export async function queryStories(
  search: TestSearch,
  userId: number,
  query: unknown,
): Promise<{ status: number; body: { relevantStories: FoundStoryBody[]; message?: string } }> {
  const response = await search.app.inject({
    method: 'POST',
    url: '/api/story-query',
    headers: await search.as(userId),
    payload: query === undefined ? undefined : { query },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every saved story has its vector (the embedding worker runs apart from the events). */
export async function everyStoryEmbedded(search: TestSearch, timeoutMs = 60_000): Promise<void> {
  const { stories } = search.deps.storage;
  await eventually(async () => (await stories.needingVectors(search.deps.embedder.id, 0, 1)).length === 0, 'every story embedded', timeoutMs);
}
