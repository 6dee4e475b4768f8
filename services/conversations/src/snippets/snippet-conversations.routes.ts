import type { FastifyInstance } from 'fastify';
import { saveSnippetConversationRequestSchema, snippetIdParamsSchema } from '@story/proto';
import { parseInput, requireUser } from '@story/service-kit';
import type { SnippetConversationRecord } from '../storage/conversation.repository.ts';
import type { SnippetConversationService } from './snippet-conversation.service.ts';

const presentSnippetConversation = (record: SnippetConversationRecord) => ({
  id: record.id,
  snippetId: record.snippetId,
  conversationHistory: record.conversationHistory,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** `/api/snippet-conversations`: interview-practice sessions saved per snippet. */
export function registerSnippetConversationRoutes(app: FastifyInstance, service: SnippetConversationService): void {
  app.post('/api/snippet-conversations', async (request, reply) => {
    const { userId } = requireUser(request);
    const input = parseInput(saveSnippetConversationRequestSchema, request.body ?? {});
    const { record, created } = await service.save(userId, input.snippetId, input.conversationHistory);
    return reply.status(created ? 201 : 200).send({ id: record.id, snippetId: record.snippetId, message: 'Snippet conversation saved' });
  });

  app.get('/api/snippet-conversations/:snippetId', async (request) => {
    const { userId } = requireUser(request);
    const { snippetId } = parseInput(snippetIdParamsSchema, request.params);
    const records = await service.list(userId, snippetId);
    return records.map(presentSnippetConversation);
  });
}
