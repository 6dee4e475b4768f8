import { subgraphSdl } from '@story/proto/graphql';
import {
  NatsLink,
  PlanFeatureGate,
  registerExportSource,
  registerSubgraph,
  storiesOverNats,
  type ServiceApp,
  type ServiceDefinition,
  type PlanCheck,
  type ServiceDeps,
  type StoriesFinder,
  createStoredServiceApp,
} from '@story/service-kit';
import { AnswerFeedbackService } from './answers/answer-feedback.service.ts';
import { AnswerScoringService } from './answers/answer-scoring.service.ts';
import { FeedbackNews, registerFeedbackNews } from './answers/feedback-news.ts';
import { registerFeedbackRoutes } from './answers/feedback.routes.ts';
import { SERVICE_NAME, feedbackEnvSchema, type FeedbackConfig } from './config.ts';
import { createFeedbackEngines } from './engines/feedback-engine.factory.ts';
import type { FeedbackEngine } from './engines/feedback-engine.ts';
import { feedbackResolvers } from './graphql/feedback.resolvers.ts';
import { interviewSourcesOverNats, type InterviewSources } from './mock-interviews/interview-sources.client.ts';
import { startMockInterviewResponders } from './mock-interviews/mock-answers.responder.ts';
import { MockInterviewService } from './mock-interviews/mock-interview.service.ts';
import { registerMockInterviewRoutes } from './mock-interviews/mock-interviews.routes.ts';
import { mockReportPdfRenderer, registerMockReportPdfRoute } from './mock-interviews/mock-report-pdf.routes.ts';
import { followUpFor } from './mock-interviews/planning/follow-up.ts';
import { createInterviewPlanners } from './mock-interviews/planning/planner.factory.ts';
import { storyFitFor } from './mock-interviews/planning/story-fit.ts';
import { ReadinessService } from './mock-interviews/readiness.service.ts';
import { AnswerEventsConsumer, registerAnswerEventsConsumer } from './nats/answer-events.consumer.ts';
import { FeedbackExportSource } from './export/feedback-export.source.ts';
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
  /** What mock interviews are planned from (jobs and profile over NATS unless a test gives its own). */
  interviewSources?: InterviewSources;
  /** The person's stories that fit (search over NATS unless a test gives its own). */
  findStories?: StoriesFinder;
  /** What each person's plan includes: auth, asked over NATS, unless a test gives its own (issue 36, 4). */
  plans?: PlanCheck;
}

/** How long the service waits for jobs, profile or search to answer a mock interview's question. */
const MOCK_SOURCES_TIMEOUT_MS = 5_000;

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
  const plans = deps.plans ?? new PlanFeatureGate(nats);
  const reading = new AnswerFeedbackService(storage.feedback, scoring, plans);
  registerFeedbackRoutes(app, reading, deps.news);
  registerFeedbackNews(app, nats, deps.news);
  await registerSubgraph(app, subgraphSdl('feedback'), feedbackResolvers(reading));
  registerAnswerEventsConsumer(app, nats, new AnswerEventsConsumer(scoring, storage.feedback, app.log, storage.mockInterviews));
  // The data export (issue 24): feedback on every answer, and the mock interviews.
  registerExportSource(app, nats, SERVICE_NAME, new FeedbackExportSource({ feedback: storage.feedback, mockInterviews: storage.mockInterviews }));

  const sources = deps.interviewSources ?? interviewSourcesOverNats(nats, MOCK_SOURCES_TIMEOUT_MS);
  const findStories = deps.findStories ?? storiesOverNats(nats, app.log, MOCK_SOURCES_TIMEOUT_MS);
  const planners = createInterviewPlanners(config);
  const mockInterviews = new MockInterviewService({
    interviews: storage.mockInterviews,
    feedback: storage.feedback,
    scoring,
    sources,
    findStories,
    planner: planners.planner,
    fallbackPlanner: planners.fallback,
    plannerTimeoutMs: config.FEEDBACK_TIMEOUT_MS,
    fitStories: storyFitFor,
    followUp: followUpFor,
    clock: deps.clock,
    log: app.log,
  });
  const readiness = new ReadinessService({ interviews: storage.mockInterviews, feedback: storage.feedback, sources, findStories, fitStories: storyFitFor });
  registerMockInterviewRoutes(app, mockInterviews, readiness, plans);
  const pdfs = mockReportPdfRenderer(config);
  registerMockReportPdfRoute(app, mockInterviews, pdfs, plans);
  let stopResponders: (() => Promise<void>) | undefined;
  nats.onConnect((nc, log) => {
    stopResponders = startMockInterviewResponders(nc, { interviews: mockInterviews, plans }, log);
  });

  app.addHook('onReady', async () => {
    nats.start(app.log);
  });
  app.addHook('onClose', async () => {
    await stopResponders?.();
    await pdfs.close();
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
