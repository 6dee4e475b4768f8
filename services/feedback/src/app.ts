import { subgraphSdl } from '@story/proto/graphql';
import { NatsLink, registerSubgraph, type ServiceApp, type ServiceDefinition, type ServiceDeps, createStoredServiceApp } from '@story/service-kit';
import { AnswerFeedbackService } from './answers/answer-feedback.service.ts';
import { AnswerScoringService } from './answers/answer-scoring.service.ts';
import { FeedbackNews, registerFeedbackNews } from './answers/feedback-news.ts';
import { registerFeedbackRoutes } from './answers/feedback.routes.ts';
import { SERVICE_NAME, feedbackEnvSchema, type FeedbackConfig } from './config.ts';
import { createFeedbackEngines } from './engines/feedback-engine.factory.ts';
import type { FeedbackEngine } from './engines/feedback-engine.ts';
import { feedbackResolvers } from './graphql/feedback.resolvers.ts';
import { AnswerEventsConsumer, registerAnswerEventsConsumer } from './nats/answer-events.consumer.ts';
import { openFeedbackStorage, type FeedbackStorage } from './storage/feedback-storage.ts';

/** The feedback service's dependencies; `main.ts` opens the real ones from configuration. */
export interface FeedbackDeps extends ServiceDeps {
  storage: FeedbackStorage;
  /** The engine FEEDBACK_ENGINE picks. */
  engine: FeedbackEngine;
  /** The offline scorer, which gives the feedback when the configured engine fails or is late. */
  fallback: FeedbackEngine;
  /** News of feedback stored, for the streams that wait for it (`GET /api/feedback/{answerId}/events`). */
  news: FeedbackNews;
}

/**
 * Builds the feedback service: REST and the GraphQL subgraph that serve feedback on the caller's
 * answers, and the durable consumer that scores each answer from the event stream once NATS answers
 * (HTTP serves meanwhile). Closing the app stops the consumer; the caller closes NATS and storage.
 */
export async function buildFeedbackApp(config: FeedbackConfig, deps: FeedbackDeps): Promise<ServiceApp> {
  const { storage, nats } = deps;
  const app = await createStoredServiceApp(SERVICE_NAME, config, deps);

  const scoring = new AnswerScoringService({
    feedback: storage.feedback,
    engine: deps.engine,
    fallback: deps.fallback,
    timeoutMs: config.FEEDBACK_TIMEOUT_MS,
    clock: deps.clock,
    log: app.log,
    news: deps.news,
  });
  const reading = new AnswerFeedbackService(storage.feedback, scoring);
  registerFeedbackRoutes(app, reading, deps.news);
  registerFeedbackNews(app, nats, deps.news);
  await registerSubgraph(app, subgraphSdl('feedback'), feedbackResolvers(reading));
  registerAnswerEventsConsumer(app, nats, new AnswerEventsConsumer(scoring, storage.feedback, app.log));

  app.addHook('onReady', async () => {
    nats.start(app.log);
  });
  return app;
}

/** The feedback service as `main.ts` starts it and tests build it. */
export const feedbackService: ServiceDefinition<FeedbackConfig, FeedbackDeps> = {
  name: SERVICE_NAME,
  envSchema: feedbackEnvSchema,
  async openDeps(config, overrides = {}) {
    const engines = createFeedbackEngines(config);
    return {
      clock: () => new Date(),
      engine: engines.engine,
      fallback: engines.fallback,
      news: new FeedbackNews(),
      ...overrides,
      storage: overrides.storage ?? (await openFeedbackStorage(config, SERVICE_NAME)),
      nats: overrides.nats ?? NatsLink.forService(config, SERVICE_NAME),
    };
  },
  buildApp: buildFeedbackApp,
};
