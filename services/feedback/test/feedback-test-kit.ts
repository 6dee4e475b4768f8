import { randomUUID } from 'node:crypto';
import { MOCK_INTERVIEW_MESSAGES, type AnswerGivenEvent } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { afterAll, beforeAll } from 'vitest';
import { UNTIMED_PDF_DEADLINE_MS } from '@story/service-kit/pdf/pdf-renderer';
import { StandInPlans, startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/testing/service-under-test';
import { feedbackService, type FeedbackDeps } from '../src/app.ts';
import { AnswerScoringService } from '../src/answers/answer-scoring.service.ts';
import type { FeedbackConfig } from '../src/config.ts';
import type { InterviewSources } from '../src/mock-interviews/interview-sources.client.ts';
import { keyedRequirementLines } from '@story/testing/fixtures/job-descriptions';

export type TestFeedback = ServiceUnderTest<FeedbackConfig, FeedbackDeps>;

/** The real feedback service (SQLite in a temporary folder), as `main.ts` builds it; plans give everyone everything unless the test gives its own; PDFs untimed (tests are never timed). */
export function startTestFeedback(options: ServiceTestOptions<FeedbackDeps> = {}): Promise<TestFeedback> {
  return startServiceForTest(feedbackService, {
    ...options,
    env: { PDF_RENDER_DEADLINE_MS: String(UNTIMED_PDF_DEADLINE_MS), ...options.env },
    deps: { plans: new StandInPlans(), ...options.deps },
  });
}

/** The feedback service of one describe block and two people's headers, there once its tests start. */
export interface FeedbackForTwo {
  service: TestFeedback;
  alice: Record<string, string>;
  bob: Record<string, string>;
}

/** Starts the feedback service before the block's tests (signed in as `aliceId` and `bobId`) and closes it after them. */
export function feedbackForTwo(aliceId: number, bobId: number): FeedbackForTwo {
  const world = {} as FeedbackForTwo;
  beforeAll(async () => {
    world.service = await startTestFeedback();
    world.alice = await world.service.as(aliceId);
    world.bob = await world.service.as(bobId);
  });
  afterAll(async () => world.service?.close());
  return world;
}

let clock = Date.UTC(2025, 2, 1, 9);
/** An `events.answer.given` as conversations publishes it; each call is a later answer. */
export function answerEvent(overrides: Partial<AnswerGivenEvent> = {}): AnswerGivenEvent {
  clock += 60_000;
  return {
    answerId: randomUUID(),
    userId: 1,
    question: 'Tell me about a time you improved a process.',
    answer:
      'At Harbor Logistics I ran the night shift. Orders left late because pickers walked the whole floor. My goal was same-day dispatch above 95%. ' +
      'I grouped the fastest 200 SKUs near the packing benches and batched the pick lists by zone. Within a month pick time fell from 11 minutes to 7.',
    source: 'typed',
    answeredAt: new Date(clock).toISOString(),
    ...overrides,
  };
}

/** Scores an event with the service's own engine and store, as its consumer does (for tests without NATS). */
export function scoreAnswer(service: TestFeedback, event: AnswerGivenEvent): Promise<unknown> {
  const { storage, engine, fallback, clock: now, news } = service.deps;
  return new AnswerScoringService({
    feedback: storage.feedback,
    engine,
    fallback,
    timeoutMs: service.config.FEEDBACK_TIMEOUT_MS,
    clock: now,
    log: service.app.log,
    news,
  }).score(event);
}

/** A description at Café Nord (two requirements, no snippets) as jobs would tell it to `owners`, and no résumé; anything else is not found. */
export function cafeNordSources(owners: readonly number[], descriptionId: number): InterviewSources {
  return {
    async requirements(userId, jobDescriptionId) {
      if (!owners.includes(userId) || jobDescriptionId !== descriptionId) throw new HttpError(404, MOCK_INTERVIEW_MESSAGES.jobDescriptionNotFound);
      return {
        companyName: 'Café Nord',
        jobTitle: 'Operations Manager',
        requirements: keyedRequirementLines(['Experience leading cross-functional teams through change', 'Improve scheduling and reduce customer wait times']),
        snippets: [],
      };
    },
    async resumeLines() {
      return { resumeId: null, lines: [] };
    },
  };
}
