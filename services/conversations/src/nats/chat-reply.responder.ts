import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { HTTP_MESSAGES, QUEUE_GROUPS, SUBJECTS, chatReplyReplySchema, chatReplyRequestSchema, processTextRequestSchema } from '@story/proto';
import { HttpError, describeZodError } from '@story/service-kit';
import { processText, type ProcessTextDeps } from '../chat/process-text.service.ts';

type ChatReplyReply = z.infer<typeof chatReplyReplySchema>;

/** The message body as JSON, or undefined when it is not JSON at all. */
function readJson(text: () => unknown): unknown {
  try {
    return text();
  } catch {
    return undefined;
  }
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
    if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
    log.error({ err: error }, 'chat reply failed');
    return { ok: false, status: 500, message: HTTP_MESSAGES.internal };
  }
}

/**
 * Serves `conversations.chat.reply` in the `conversations` queue group, so another conversations
 * process is more capacity. Returns a function that stops listening (answers in flight finish).
 */
export function startChatReplyResponder(nc: NatsConnection, deps: ProcessTextDeps, log: FastifyBaseLogger): () => Promise<void> {
  const subscription: Subscription = nc.subscribe(SUBJECTS.chatReply, {
    queue: QUEUE_GROUPS.conversations,
    callback: (error, msg) => {
      if (error) {
        log.warn({ err: error }, 'chat reply subscription error');
        return;
      }
      void answerChatReply(deps, readJson(() => msg.json<unknown>()), log).then((reply) => {
        msg.respond(JSON.stringify(reply));
      });
    },
  });
  return async () => {
    await subscription.drain().catch(() => undefined);
  };
}
