import type { FastifyInstance } from 'fastify';
import { SAVED_CONVERSATION_BODY_LIMIT, saveConversationRequestSchema, threadIdParamsSchema, threadListQuerySchema, updateThreadTitleRequestSchema } from '@story/proto';
import { badRequest, parseInput, requireUser } from '@story/service-kit';
import { presentThread, presentThreadItem } from './thread.presenter.ts';
import type { ThreadService } from './thread.service.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The optional Idempotency-Key header: visible ASCII, at most 200 characters. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  return header;
}

/** `/api/conversation-threads` and `/api/conversations`: thin routes over ThreadService. */
export function registerThreadRoutes(app: FastifyInstance, threads: ThreadService): void {
  app.get('/api/conversation-threads', async (request) => {
    const { userId } = requireUser(request);
    const { deleted } = parseInput(threadListQuerySchema, request.query);
    const list = await threads.listThreads(userId, deleted === undefined ? undefined : deleted === 'true');
    return list.map(presentThread);
  });

  app.post('/api/conversation-threads', async (request, reply) => {
    const { userId } = requireUser(request);
    const thread = await threads.createThread(userId);
    return reply.status(201).send({ threadId: thread.id, title: thread.title });
  });

  app.get('/api/conversation-threads/:threadId', async (request) => {
    const { userId } = requireUser(request);
    const { threadId } = parseInput(threadIdParamsSchema, request.params);
    const messages = await threads.listMessages(userId, threadId);
    return messages.map(presentThreadItem);
  });

  app.patch('/api/conversation-threads/:threadId/title', async (request) => {
    const { userId } = requireUser(request);
    const { threadId } = parseInput(threadIdParamsSchema, request.params);
    const { title } = parseInput(updateThreadTitleRequestSchema, request.body ?? {});
    return presentThread(await threads.renameThread(userId, threadId, title));
  });

  app.delete('/api/conversation-threads/:threadId', async (request) => {
    const { userId } = requireUser(request);
    const { threadId } = parseInput(threadIdParamsSchema, request.params);
    await threads.deleteThread(userId, threadId);
    return { message: 'Conversation moved to deleted items' };
  });

  app.post('/api/conversation-threads/:threadId/recover', async (request) => {
    const { userId } = requireUser(request);
    const { threadId } = parseInput(threadIdParamsSchema, request.params);
    await threads.recoverThread(userId, threadId);
    return { message: 'Conversation recovered successfully' };
  });

  app.post('/api/conversations', { bodyLimit: SAVED_CONVERSATION_BODY_LIMIT }, async (request, reply) => {
    const { userId } = requireUser(request);
    const key = idempotencyKey(request.headers['idempotency-key']);
    const input = parseInput(saveConversationRequestSchema, request.body ?? {});
    const { message, replayed } = await threads.saveConversation(userId, input, key);
    if (replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(201).send({ id: message.id, threadId: message.threadId, message: 'Conversation saved successfully' });
  });
}
