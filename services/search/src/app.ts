import { NatsLink, createServiceApp, registerIdentity, type ServiceApp, type ServiceDefinition, type ServiceDeps } from '@story/service-kit';
import { SERVICE_NAME, searchEnvSchema, type SearchConfig } from './config.ts';
import type { Embedder } from './embedding/embedder.ts';
import { createEmbedder } from './embedding/embedder.factory.ts';
import { WordVectors } from './embedding/word-vectors.ts';
import { StoryIndexer } from './indexing/story-indexer.ts';
import { StoryEventsConsumer } from './nats/story-events.consumer.ts';
import { registerStoryQueryRoutes } from './retrieval/story-query.routes.ts';
import { StorySearchService } from './retrieval/story-search.service.ts';
import { openSearchStorage, type SearchStorage } from './storage/search-storage.ts';
import { createVectorStore } from './vectors/vector-store.factory.ts';
import type { VectorStore } from './vectors/vector-store.ts';

/** The search service's dependencies; `main.ts` opens the real ones from configuration. */
export interface SearchDeps extends ServiceDeps {
  storage: SearchStorage & { vectors: VectorStore };
  embedder: Embedder;
  /** GloVe word vectors: the offline embedder's, and the matched passage's sense of similar words. */
  wordVectors: WordVectors;
  /** Read the event stream (SEARCH_INDEXER; tests of queries alone turn it off). */
  runIndexer: boolean;
}

/**
 * Builds the search service: `POST /api/story-query`, and the indexer that reads the domain events
 * with the durable consumer once NATS answers (HTTP serves meanwhile). Closing the app stops the
 * consumer; the caller closes NATS and storage.
 */
export async function buildSearchApp(config: SearchConfig, deps: SearchDeps): Promise<ServiceApp> {
  const { storage, nats, embedder, wordVectors } = deps;
  const app = createServiceApp({
    name: SERVICE_NAME,
    logLevel: config.LOG_LEVEL,
    logger: deps.logger,
    readiness: { database: storage.readiness, vectors: () => storage.vectors.readiness() },
  });
  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);

  const search = new StorySearchService({ stories: storage.stories, vectors: storage.vectors, embedder, wordVectors, resultLimit: config.SEARCH_RESULT_LIMIT });
  registerStoryQueryRoutes(app, search);

  const indexer = new StoryIndexer({ stories: storage.stories, vectors: storage.vectors, embedder });
  const consumer = new StoryEventsConsumer(indexer, app.log);
  app.decorate('storyIndexer', indexer);
  if (deps.runIndexer) nats.onConnect((nc) => consumer.start(nc));

  app.addHook('onReady', async () => {
    nats.start(app.log);
  });
  app.addHook('onClose', async () => {
    await consumer.stop();
  });
  return app;
}

/** The indexer of a built app (tests count what each instance applied). */
export function storyIndexerOf(app: ServiceApp): StoryIndexer {
  const indexer: unknown = Reflect.get(app, 'storyIndexer');
  if (!(indexer instanceof StoryIndexer)) throw new Error('not a search app');
  return indexer;
}

/** The configured document store and vector store, closed together. */
async function openStorageWithVectors(config: SearchConfig): Promise<SearchDeps['storage']> {
  const documents = await openSearchStorage(config, SERVICE_NAME);
  const vectors = createVectorStore(config, SERVICE_NAME);
  await vectors.init();
  return {
    ...documents,
    vectors,
    close: async () => {
      await vectors.close();
      await documents.close();
    },
  };
}

/** The search service as `main.ts` starts it and tests build it. */
export const searchService: ServiceDefinition<SearchConfig, SearchDeps> = {
  name: SERVICE_NAME,
  envSchema: searchEnvSchema,
  async openDeps(config, overrides = {}) {
    const wordVectors = overrides.wordVectors ?? WordVectors.load();
    const storage = overrides.storage ?? (await openStorageWithVectors(config));
    return {
      clock: () => new Date(),
      runIndexer: config.SEARCH_INDEXER,
      ...overrides,
      wordVectors,
      embedder: overrides.embedder ?? createEmbedder(config, wordVectors),
      storage,
      nats: overrides.nats ?? NatsLink.forService(config, SERVICE_NAME),
    };
  },
  buildApp: buildSearchApp,
};
