import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  MOCK_SUBJECTS,
  QUEUE_GROUPS,
  mockAnswerNatsRequestSchema,
  mockLineRequestSchema,
  type mockAnswerNatsReplySchema,
  type mockLineReplySchema,
} from '@story/proto';
import { HttpError, describeZodError, startResponders, type PlanCheck } from '@story/service-kit';
import type { MockInterviewService } from './mock-interview.service.ts';

type Refusal = { ok: false; status: number; message: string };

/** A refusal the asking service passes on as it is: an HttpError's status and message, else a 500. */
function refusalOf(error: unknown, log: FastifyBaseLogger): Refusal {
  if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
  log.error({ err: error }, 'a spoken mock interview answer failed');
  return { ok: false, status: 500, message: 'Failed to record your answer. Please try again.' };
}

/** What the speech service asks of a mock interview: the interviews, and the plans that have them (issue 36, 4). */
export interface MockAnswerDeps {
  interviews: MockInterviewService;
  plans: PlanCheck;
}

/**
 * Answers a question of the speech service about a person's mock interview: the request read with
 * `schema` (400 when it does not fit), the person's plan checked (403 without mock interviews), then
 * `answer`; what fails is a refusal.
 */
async function answerIfPlanAllows<Request extends { userId: number }, Reply>(
  schema: z.ZodType<Request>,
  plans: PlanCheck,
  body: unknown,
  log: FastifyBaseLogger,
  answer: (request: Request) => Promise<Reply>,
): Promise<Reply | Refusal> {
  const request = schema.safeParse(body);
  if (!request.success) return { ok: false, status: 400, message: describeZodError(request.error) };
  try {
    await plans.require(request.data.userId, 'mockInterviews');
    return await answer(request.data);
  } catch (error) {
    return refusalOf(error, log);
  }
}

/**
 * A spoken answer of a mock interview: recorded and scored as a typed one is; the interviewer's next
 * words are the reply to speak. A plan without mock interviews is refused (403) before anything.
 */
export function answerSpokenMockAnswer(
  { interviews, plans }: MockAnswerDeps,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<z.infer<typeof mockAnswerNatsReplySchema>> {
  return answerIfPlanAllows(mockAnswerNatsRequestSchema, plans, body, log, async ({ userId, interviewId, questionIndex, part, text, delivery, attemptKey }) => {
    const answered = await interviews.answer(userId, interviewId, { questionIndex, part, text: text.trim(), source: 'spoken', delivery, attemptKey });
    return { ok: true as const, aiResponse: answered.next.text, ...(answered.answerId ? { answerId: answered.answerId } : {}) };
  });
}

/** What the interviewer says now, for the speech service to speak (a plan without mock interviews: 403). */
export function answerMockLine({ interviews, plans }: MockAnswerDeps, body: unknown, log: FastifyBaseLogger): Promise<z.infer<typeof mockLineReplySchema>> {
  return answerIfPlanAllows(mockLineRequestSchema, plans, body, log, async ({ userId, interviewId }) => {
    const { line, topic } = await interviews.lineAndTopic(userId, interviewId);
    return { ok: true as const, aiResponse: line, ...(topic ? { topic } : {}) };
  });
}

/** Serves `feedback.mock.answer` and `feedback.mock.line` in the `feedback` queue group; returns a function that stops listening. */
export function startMockInterviewResponders(nc: NatsConnection, deps: MockAnswerDeps, log: FastifyBaseLogger): () => Promise<void> {
  return startResponders(
    nc,
    QUEUE_GROUPS.feedback,
    [
      { subject: MOCK_SUBJECTS.mockAnswer, answer: (body) => answerSpokenMockAnswer(deps, body, log) },
      { subject: MOCK_SUBJECTS.mockLine, answer: (body) => answerMockLine(deps, body, log) },
    ],
    log,
  );
}
