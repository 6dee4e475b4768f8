import {
  NatsLink,
  createServiceApp,
  registerExportSource,
  registerIdentity,
  type ServiceApp,
  type ServiceDefinition,
  type ServiceDeps,
} from '@story/service-kit';
import { SERVICE_NAME, searchEnvSchema, type SearchConfig } from './config.ts';
import type { Embedder } from './embedding/embedder.ts';
import { createEmbedder } from './embedding/embedder.factory.ts';
import { WordVectors } from '@story/language/word-vectors';
import { SearchExportSource } from './export/search-export.source.ts';
import { StoryEmbeddingWorker } from './indexing/story-embedding.worker.ts';
import { StoryIndexer } from './indexing/story-indexer.ts';
import { StoryEventsConsumer } from './nats/story-events.consumer.ts';
import { startStoriesMatchResponder } from './nats/stories-match.responder.ts';
import { registerStoryQueryRoutes } from './retrieval/story-query.routes.ts';
import { StorySearchService } from './retrieval/story-search.service.ts';
import { openSearchStorage, type SearchStorage } from './storage/search-storage.ts';
import type { StoryRepository } from './stories/story.repository.ts';
import { createVectorStore } from './vectors/vector-store.factory.ts';
import type { VectorStore } from './vectors/vector-store.ts';

/** The search service's dependencies; `main.ts` opens the real ones from configuration. */
export interface SearchDeps extends ServiceDeps {
  storage: SearchStorage & { vectors: VectorStore };
  embedder: Embedder;
  /** GloVe word vectors: the offline embedder's, and the matched passage's sense of similar words. */
  wordVectors: WordVectors;
  /** Applies the domain events to the stores (its `applied` count tells what this instance did). */
  indexer: StoryIndexer;
  /** Gives saved stories their vectors, in batches, apart from the events (woken by the indexer). */
  embedding: StoryEmbeddingWorker;
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
  // The data export (issue 24): the person's stories.
  registerExportSource(app, nats, SERVICE_NAME, new SearchExportSource(storage.stories));

  const consumer = new StoryEventsConsumer(deps.indexer, app.log);
  if (deps.runIndexer) nats.onConnect((nc) => consumer.start(nc));
  let stopResponder: (() => Promise<void>) | undefined;
  nats.onConnect((nc, log) => {
    stopResponder = startStoriesMatchResponder(nc, search, log);
  });

  app.addHook('onReady', async () => {
    nats.start(app.log);
    // The model loads now rather than on the first query; stories saved while this instance was down are embedded.
    void embedder.warm?.().catch((error: unknown) => app.log.warn({ err: error }, 'the embedder could not start; searching by words until it can'));
    if (deps.runIndexer) deps.embedding.start(app.log);
    else void warnOfMissingVectors(storage.stories, embedder, app);
  });
  app.addHook('onClose', async () => {
    await stopResponder?.();
    await consumer.stop();
    await deps.embedding.stop();
  });
  return app;
}

/** Says at start, on an instance that does not index, when stories lack a vector of the configured embedder (SEARCH_EMBEDDER changed: `make reembed`). */
async function warnOfMissingVectors(stories: StoryRepository, embedder: Embedder, app: ServiceApp): Promise<void> {
  try {
    const missing = await stories.needingVectors(embedder.id, 0, 1);
    if (missing.length > 0)
      app.log.warn(
        { embedder: embedder.id },
        'some stories have no vector of this embedder and are found by their words only: run `make reembed` if SEARCH_EMBEDDER changed',
      );
  } catch (error) {
    app.log.warn({ err: error }, 'could not check the stories’ vectors');
  }
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
    const embedder = overrides.embedder ?? createEmbedder(config, wordVectors);
    const embedding = overrides.embedding ?? new StoryEmbeddingWorker({ stories: storage.stories, vectors: storage.vectors, embedder });
    return {
      clock: () => new Date(),
      runIndexer: config.SEARCH_INDEXER,
      ...overrides,
      wordVectors,
      embedder,
      storage,
      embedding,
      indexer: overrides.indexer ?? new StoryIndexer({ stories: storage.stories, vectors: storage.vectors, embedder, onStoryToEmbed: () => embedding.wake() }),
      nats: overrides.nats ?? NatsLink.forService(config, SERVICE_NAME),
    };
  },
  buildApp: buildSearchApp,
};
