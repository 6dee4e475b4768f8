import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  HTTP_MESSAGES,
  QUEUE_GROUPS,
  SUBJECTS,
  type chatOpeningReplySchema,
  chatOpeningRequestSchema,
  type chatReplyReplySchema,
  chatReplyRequestSchema,
  openingRequestSchema,
  processTextRequestSchema,
} from '@story/proto';
import { HttpError, describeZodError, startResponders } from '@story/service-kit';
import { openConversation } from '../chat/opening.service.ts';
import { processText, type ProcessTextDeps } from '../chat/process-text.service.ts';

type ChatReplyReply = z.infer<typeof chatReplyReplySchema>;
type ChatOpeningReply = z.infer<typeof chatOpeningReplySchema>;

/** An error as a refusal over NATS: its status and message, or a 500 that tells nothing. */
function refusal(error: unknown, log: FastifyBaseLogger, what: string): { ok: false; status: number; message: string } {
  if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
  log.error({ err: error }, `${what} failed`);
  return { ok: false, status: 500, message: HTTP_MESSAGES.internal };
}

/**
 * Answers the speech service's "what does the coach reply to this spoken turn?" with the very code
 * of `/api/process-text` (one place makes replies): the same input rules, model, timeout and messages.
 */
export async function answerChatReply(deps: ProcessTextDeps, body: unknown, log: FastifyBaseLogger): Promise<ChatReplyReply> {
  const request = chatReplyRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, status: 400, message: describeZodError(request.error) };
  const { userId, delivery, ...turn } = request.data;
  const input = processTextRequestSchema.safeParse(turn);
  if (!input.success) return { ok: false, status: 400, message: describeZodError(input.error) };
  try {
    const { aiResponse, answerId } = await processText(deps, userId, input.data, log, { source: 'spoken', delivery });
    return { ok: true, aiResponse, answerId };
  } catch (error) {
    return refusal(error, log, 'chat reply');
  }
}

/** Answers the speech service's "what does the coach open a voice practice with?" with the code of `/api/process-text/opening`. */
export async function answerChatOpening(deps: ProcessTextDeps, body: unknown, log: FastifyBaseLogger): Promise<ChatOpeningReply> {
  const request = chatOpeningRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, status: 400, message: describeZodError(request.error) };
  const { userId, ...opening } = request.data;
  const input = openingRequestSchema.safeParse(opening);
  if (!input.success) return { ok: false, status: 400, message: describeZodError(input.error) };
  try {
    return { ok: true, ...(await openConversation(deps, userId, input.data, log)) };
  } catch (error) {
    return refusal(error, log, 'chat opening');
  }
}

/**
 * Serves `conversations.chat.reply` and `conversations.chat.opening` in the `conversations` queue
 * group, so another conversations process is more capacity. Returns a function that stops listening
 * (answers in flight finish).
 */
export function startChatReplyResponder(nc: NatsConnection, deps: ProcessTextDeps, log: FastifyBaseLogger): () => Promise<void> {
  return startResponders(
    nc,
    QUEUE_GROUPS.conversations,
    [
      { subject: SUBJECTS.chatReply, answer: (body) => answerChatReply(deps, body, log) },
      { subject: SUBJECTS.chatOpening, answer: (body) => answerChatOpening(deps, body, log) },
    ],
    log,
  );
}
