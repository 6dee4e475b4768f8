import { answerFeedbackSchema, answerIdParamsSchema, correctTranscriptRequestSchema, feedbackSnippetParamsSchema, snippetProgressResponseSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { AnswerFeedbackService } from './answer-feedback.service.ts';

/**
 * `/api/feedback`: feedback on the caller's answers, and their progress on a snippet's questions.
 * `PUT /api/feedback/{answerId}/transcript` (`{ transcript }`): the caller corrects what the
 * recogniser heard; the answer is scored again and the re-scored feedback is the answer (issue 19).
 */
export function registerFeedbackRoutes(app: ServiceApp, service: AnswerFeedbackService): void {
  app.get(
    '/api/feedback/snippets/:snippetId/progress',
    { ...signedInOnly, schema: { params: feedbackSnippetParamsSchema, response: { 200: snippetProgressResponseSchema } } },
    async (request) => service.progressFor(requireUser(request).userId, request.params.snippetId),
  );

  app.get('/api/feedback/:answerId', { ...signedInOnly, schema: { params: answerIdParamsSchema, response: { 200: answerFeedbackSchema } } }, async (request) =>
    service.feedbackFor(requireUser(request).userId, request.params.answerId),
  );

  app.put(
    '/api/feedback/:answerId/transcript',
    { ...signedInOnly, schema: { params: answerIdParamsSchema, body: correctTranscriptRequestSchema, response: { 200: answerFeedbackSchema } } },
    async (request) => service.correct(requireUser(request).userId, request.params.answerId, request.body.transcript),
  );
}
