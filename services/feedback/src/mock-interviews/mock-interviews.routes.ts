import { z } from 'zod';
import {
  createMockInterviewRequestSchema,
  mockAnswerRequestSchema,
  mockAnswerResponseSchema,
  mockInterviewListQuerySchema,
  mockInterviewParamsSchema,
  mockInterviewSchema,
  mockInterviewSummarySchema,
  mockQuestionParamsSchema,
  pinStoryRequestSchema,
  readinessParamsSchema,
  readinessResponseSchema,
} from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import type { MockInterviewService } from './mock-interview.service.ts';
import type { ReadinessService } from './readiness.service.ts';

/**
 * `/api/mock-interviews` (issue 23): plan one (`POST`), read one or the list, pin a story to a
 * question, answer (typed; spoken answers come through the speech service over NATS), finish with the
 * report; and `GET /api/job-descriptions/{id}/readiness`, the readiness board of a description. Each
 * is the plan feature `mockInterviews` (issue 36, 4), refused before the body is read.
 */
export function registerMockInterviewRoutes(app: ServiceApp, interviews: MockInterviewService, readiness: ReadinessService, plans: PlanCheck): void {
  const mockInterviewsOnly = planFeaturesOnly(plans, 'mockInterviews');
  app.post(
    '/api/mock-interviews',
    { ...mockInterviewsOnly, schema: { body: createMockInterviewRequestSchema, response: { 201: mockInterviewSchema } } },
    async (request, reply) => {
      const planned = await interviews.plan(requireUser(request).userId, request.body);
      return reply.code(201).send(planned);
    },
  );

  app.get(
    '/api/mock-interviews',
    { ...mockInterviewsOnly, schema: { querystring: mockInterviewListQuerySchema, response: { 200: z.array(mockInterviewSummarySchema) } } },
    async (request) => {
      const { userId } = requireUser(request);
      const records = await interviews.list(userId, request.query.jobDescriptionId);
      return records.map(({ id, doc }) => ({
        id,
        jobDescriptionId: doc.jobDescriptionId,
        companyName: doc.companyName,
        jobTitle: doc.jobTitle,
        status: doc.status,
        createdAt: doc.createdAt,
        finishedAt: doc.finishedAt,
        questionCount: doc.questions.length,
        overall: doc.report?.overall ?? null,
      }));
    },
  );

  app.get(
    '/api/mock-interviews/:id',
    { ...mockInterviewsOnly, schema: { params: mockInterviewParamsSchema, response: { 200: mockInterviewSchema } } },
    async (request) => interviews.get(requireUser(request).userId, request.params.id),
  );

  app.put(
    '/api/mock-interviews/:id/questions/:index/story',
    { ...mockInterviewsOnly, schema: { params: mockQuestionParamsSchema, body: pinStoryRequestSchema, response: { 200: mockInterviewSchema } } },
    async (request) => interviews.pin(requireUser(request).userId, request.params.id, request.params.index, request.body.storyId),
  );

  app.post(
    '/api/mock-interviews/:id/answers',
    { ...mockInterviewsOnly, schema: { params: mockInterviewParamsSchema, body: mockAnswerRequestSchema, response: { 200: mockAnswerResponseSchema } } },
    async (request) =>
      interviews.answer(requireUser(request).userId, request.params.id, { ...request.body, source: request.body.delivery ? 'spoken' : 'typed' }),
  );

  app.post(
    '/api/mock-interviews/:id/finish',
    { ...mockInterviewsOnly, schema: { params: mockInterviewParamsSchema, response: { 200: mockInterviewSchema } } },
    async (request) => interviews.finish(requireUser(request).userId, request.params.id),
  );

  app.get(
    '/api/job-descriptions/:id/readiness',
    { ...mockInterviewsOnly, schema: { params: readinessParamsSchema, response: { 200: readinessResponseSchema } } },
    async (request) => readiness.readiness(requireUser(request).userId, request.params.id),
  );
}
