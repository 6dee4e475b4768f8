import {
  SAVED_CONVERSATION_BODY_LIMIT,
  CONVERSATION_MESSAGES,
  PDF_DOWNLOADS,
  conversationPdfQuerySchema,
  THREAD_MESSAGES,
  createThreadResponseSchema,
  messageAudioParamsSchema,
  messageResponseSchema,
  saveConversationRequestSchema,
  saveConversationResponseSchema,
  threadIdParamsSchema,
  threadItemsResponseSchema,
  threadListQuerySchema,
  threadListResponseSchema,
  threadSchema,
  updateThreadTitleRequestSchema,
} from '@story/proto';
import { badRequest, planFeaturesOnly, requireUser, signedInOnly, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { boundTranscript, pdfFileName, sendPdf } from '@story/service-kit/pdf';
import type { TranscriptPdfs } from '../pdf/transcript-pdfs.ts';
import { presentThread, presentThreadItem } from './thread.presenter.ts';
import { threadTranscript } from './thread-transcript.ts';
import type { ThreadService } from './thread.service.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** A saved reply never changes: the owner's browser may keep it a while, and no shared cache ever may. */
const AUDIO_CACHE_CONTROL = 'private, max-age=3600';

/** The optional Idempotency-Key header: visible ASCII, at most 200 characters. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest(THREAD_MESSAGES.idempotencyKeyInvalid);
  return header;
}

/** `/api/conversation-threads` (with a saved reply's audio and the thread as a PDF) and `/api/conversations`: thin routes over ThreadService. */
export function registerThreadRoutes(app: ServiceApp, threads: ThreadService, pdfs: TranscriptPdfs, plans: PlanCheck): void {
  app.get(
    '/api/conversation-threads',
    { ...signedInOnly, schema: { querystring: threadListQuerySchema, response: { 200: threadListResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const { deleted } = request.query;
      const list = await threads.listThreads(userId, deleted === undefined ? undefined : deleted === 'true');
      return list.map(presentThread);
    },
  );

  app.post('/api/conversation-threads', { ...signedInOnly, schema: { response: { 201: createThreadResponseSchema } } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const thread = await threads.createThread(userId);
    return reply.status(201).send({ threadId: thread.id, title: thread.title });
  });

  app.get(
    '/api/conversation-threads/:threadId',
    { ...signedInOnly, schema: { params: threadIdParamsSchema, response: { 200: threadItemsResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const messages = await threads.listMessages(userId, request.params.threadId);
      return messages.map(presentThreadItem);
    },
  );

  // A deleted thread's PDF is served like its messages: it is still the person's until it is purged.
  // Drawn on a rendering thread, one at a time per person, and made once while the thread is unchanged.
  // The PDF needs what PDF_DOWNLOADS says (Export to PDF, issue 36, 4); the thread itself is everybody's.
  app.get(
    PDF_DOWNLOADS.thread.path,
    { ...planFeaturesOnly(plans, ...PDF_DOWNLOADS.thread.needs), schema: { params: threadIdParamsSchema, querystring: conversationPdfQuerySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { paper, timeZone } = request.query;
      const { thread, messages } = await threads.threadWithMessages(userId, request.params.threadId);
      const transcript = boundTranscript(threadTranscript(thread, messages, timeZone));
      const pdf = await pdfs.render({ owner: userId, kind: 'thread', document: thread.id, input: { transcript, paper, timeZone } });
      return sendPdf(reply, pdfFileName(thread.title, 'Conversation'), pdf);
    },
  );

  app.get(
    '/api/conversation-threads/:threadId/messages/:messageId/audio',
    { ...signedInOnly, schema: { params: messageAudioParamsSchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const mp3 = await threads.messageAudio(userId, request.params.threadId, request.params.messageId);
      return reply
        .type('audio/mpeg')
        .header('content-length', mp3.length)
        .header('cache-control', AUDIO_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(mp3);
    },
  );

  app.patch(
    '/api/conversation-threads/:threadId/title',
    { ...signedInOnly, schema: { params: threadIdParamsSchema, body: updateThreadTitleRequestSchema, response: { 200: threadSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      return presentThread(await threads.renameThread(userId, request.params.threadId, request.body.title));
    },
  );

  app.delete(
    '/api/conversation-threads/:threadId',
    { ...signedInOnly, schema: { params: threadIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await threads.deleteThread(userId, request.params.threadId);
      return { message: THREAD_MESSAGES.movedToDeleted };
    },
  );

  app.post(
    '/api/conversation-threads/:threadId/recover',
    { ...signedInOnly, schema: { params: threadIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      await threads.recoverThread(userId, request.params.threadId);
      return { message: THREAD_MESSAGES.recovered };
    },
  );

  app.post(
    '/api/conversations',
    {
      ...signedInOnly,
      bodyLimit: SAVED_CONVERSATION_BODY_LIMIT,
      schema: { body: saveConversationRequestSchema, response: { 201: saveConversationResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const key = idempotencyKey(request.headers['idempotency-key']);
      const { message, replayed } = await threads.saveConversation(userId, request.body, key);
      if (replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ id: message.id, threadId: message.threadId, message: CONVERSATION_MESSAGES.saved });
    },
  );
}
