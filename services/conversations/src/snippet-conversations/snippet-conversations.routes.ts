import {
  CONVERSATION_MESSAGES,
  PDF_DOWNLOADS,
  conversationPdfQuerySchema,
  saveSnippetConversationRequestSchema,
  saveSnippetConversationResponseSchema,
  snippetConversationsResponseSchema,
  snippetIdParamsSchema,
} from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { boundTranscript, pdfFileName, sendPdf } from '@story/service-kit/pdf';
import type { TranscriptPdfs } from '../pdf/transcript-pdfs.ts';
import type { SnippetConversationRecord } from './snippet-conversation.repository.ts';
import type { SnippetConversationService } from './snippet-conversation.service.ts';
import { snippetPracticeTranscript } from './snippet-practice-transcript.ts';

const presentSnippetConversation = (record: SnippetConversationRecord) => ({
  id: record.id,
  snippetId: record.snippetId,
  conversationHistory: record.conversationHistory,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/**
 * `/api/snippet-conversations`: interview-practice sessions saved per snippet, and all of a snippet's
 * as a PDF. They are the plan feature `interviewPractice`; the PDF needs what PDF_DOWNLOADS says (issue 36, 4).
 */
export function registerSnippetConversationRoutes(app: ServiceApp, service: SnippetConversationService, pdfs: TranscriptPdfs, plans: PlanCheck): void {
  const practiceOnly = planFeaturesOnly(plans, 'interviewPractice');
  app.post(
    '/api/snippet-conversations',
    {
      ...practiceOnly,
      schema: {
        body: saveSnippetConversationRequestSchema,
        response: { 200: saveSnippetConversationResponseSchema, 201: saveSnippetConversationResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { record, created } = await service.save(userId, request.body.snippetId, request.body.conversationHistory);
      return reply.status(created ? 201 : 200).send({ id: record.id, snippetId: record.snippetId, message: CONVERSATION_MESSAGES.snippetConversationSaved });
    },
  );

  app.get(
    '/api/snippet-conversations/:snippetId',
    { ...practiceOnly, schema: { params: snippetIdParamsSchema, response: { 200: snippetConversationsResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const records = await service.list(userId, request.params.snippetId);
      return records.map(presentSnippetConversation);
    },
  );

  app.get(
    PDF_DOWNLOADS.practice.path,
    { ...planFeaturesOnly(plans, ...PDF_DOWNLOADS.practice.needs), schema: { params: snippetIdParamsSchema, querystring: conversationPdfQuerySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { paper, timeZone } = request.query;
      const { snippetText, sessions } = await service.practice(userId, request.params.snippetId);
      const transcript = boundTranscript(snippetPracticeTranscript(snippetText, sessions, timeZone));
      const input = { transcript, paper, timeZone };
      const pdf = await pdfs.render({ owner: userId, kind: 'practice', document: request.params.snippetId, input });
      return sendPdf(reply, pdfFileName(transcript.title, 'Interview-practice'), pdf);
    },
  );
}
