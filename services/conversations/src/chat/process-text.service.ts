import type { FastifyBaseLogger } from 'fastify';
import { HttpError, withinTime } from '@story/service-kit';
import { CONVERSATION_MESSAGES, type ProcessTextRequest } from '@story/proto';
import type { ThreadService } from '../threads/thread.service.ts';
import type { ChatModel } from './chat-model.ts';


export interface ProcessTextDeps {
  chatModel: ChatModel;
  threads: ThreadService;
  timeoutMs: number;
}

/**
 * The coach's reply to a typed message. A thread id, when given, must be the caller's. A model that
 * fails or takes longer than the timeout gives the specification's message as a 502, never a hang.
 */
export async function processText(deps: ProcessTextDeps, userId: number, input: ProcessTextRequest, log: FastifyBaseLogger): Promise<string> {
  if (input.threadId !== undefined) await deps.threads.getThread(userId, input.threadId);
  try {
    const reply = await withinTime(
      deps.chatModel.reply({ text: input.text.trim(), history: input.conversationHistory, context: input.context }),
      deps.timeoutMs,
      'chat model gave no reply',
    );
    if (!reply.trim()) throw new Error('chat model gave an empty reply');
    return reply;
  } catch (error) {
    log.warn({ err: error, model: deps.chatModel.name }, 'chat reply failed');
    throw new HttpError(502, CONVERSATION_MESSAGES.processTextFailed);
  }
}
