import { PassThrough } from 'node:stream';
import {
  FEEDBACK_MESSAGES,
  answerFeedbackSchema,
  answerIdParamsSchema,
  correctTranscriptRequestSchema,
  feedbackSnippetParamsSchema,
  snippetProgressResponseSchema,
} from '@story/proto';
import { HttpError, requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { AnswerFeedbackService } from './answer-feedback.service.ts';
import type { FeedbackNews } from './feedback-news.ts';

/** How long a feedback stream waits before it says the feedback is unavailable (as the web app's looks did: about two and a half minutes). */
export const FEEDBACK_STREAM_MS = 150_000;
/** A comment this often keeps the stream alive through the gateway's idle timeout (5 s) and proxies. */
export const FEEDBACK_STREAM_HEARTBEAT_MS = 2_000;

/**
 * `/api/feedback`: feedback on the caller's answers, and their progress on a snippet's questions.
 * `PUT /api/feedback/{answerId}/transcript` (`{ transcript }`): the caller corrects what the
 * recogniser heard; the answer is scored again and the re-scored feedback is the answer (issue 19).
 */
export function registerFeedbackRoutes(
  app: ServiceApp,
  service: AnswerFeedbackService,
  news: Pick<FeedbackNews, 'follow'>,
  streamMs = FEEDBACK_STREAM_MS,
): void {
  app.get(
    '/api/feedback/snippets/:snippetId/progress',
    { ...signedInOnly, schema: { params: feedbackSnippetParamsSchema, response: { 200: snippetProgressResponseSchema } } },
    async (request) => service.progressFor(requireUser(request).userId, request.params.snippetId),
  );

  app.get('/api/feedback/:answerId', { ...signedInOnly, schema: { params: answerIdParamsSchema, response: { 200: answerFeedbackSchema } } }, async (request) =>
    service.feedbackFor(requireUser(request).userId, request.params.answerId),
  );

  /*
   * `GET /api/feedback/{answerId}/events` (server-sent events): one `feedback` event with the feedback
   * on the caller's answer as soon as it is stored (at once when it already is), then the end; or one
   * `unavailable` event when it is not stored within FEEDBACK_STREAM_MS. Another person's answer is
   * refused like GET's (404), or with a `refused` event when its feedback is stored while waiting.
   */
  app.get('/api/feedback/:answerId/events', { ...signedInOnly, schema: { params: answerIdParamsSchema } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const { answerId } = request.params;
    const heard: string[] = [];
    // Listen before the first look, so that feedback stored in between is not missed.
    let stopFollowing = news.follow(answerId, () => heard.push(answerId));
    const found = await service.find(userId, answerId).catch((error: unknown) => {
      // Refused (the plan lacks feedback on interview answers): nothing is followed.
      stopFollowing();
      throw error;
    });
    if (!found && (await service.isAnothers(userId, answerId))) {
      stopFollowing();
      throw new HttpError(404, FEEDBACK_MESSAGES.notReady);
    }
    const stream = new PassThrough();
    let done = false;
    const finish = (event: string, data: unknown) => {
      if (done) return;
      done = true;
      stopFollowing();
      clearInterval(heartbeat);
      clearTimeout(deadline);
      stream.end(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const look = async () => {
      const feedback = await service.find(userId, answerId).catch(() => undefined);
      if (feedback) return finish('feedback', feedback);
      if (await service.isAnothers(userId, answerId).catch(() => false)) finish('refused', { message: FEEDBACK_MESSAGES.notReady });
    };
    const heartbeat = setInterval(() => stream.write(': waiting\n\n'), FEEDBACK_STREAM_HEARTBEAT_MS);
    const deadline = setTimeout(() => finish('unavailable', { message: FEEDBACK_MESSAGES.notReady }), streamMs);
    reply.raw.once('close', () => finish('closed', {}));
    stream.write('retry: 1000\n\n');
    if (found) finish('feedback', found);
    else {
      stopFollowing();
      stopFollowing = news.follow(answerId, () => void look());
      if (heard.length > 0) void look();
    }
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });

  app.put(
    '/api/feedback/:answerId/transcript',
    { ...signedInOnly, schema: { params: answerIdParamsSchema, body: correctTranscriptRequestSchema, response: { 200: answerFeedbackSchema } } },
    async (request) => service.correct(requireUser(request).userId, request.params.answerId, request.body.transcript),
  );
}
