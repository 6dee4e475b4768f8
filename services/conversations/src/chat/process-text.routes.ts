import type { FastifyInstance } from 'fastify';
import { processTextRequestSchema } from '@story/proto';
import { parseInput, requireUser } from '@story/service-kit';
import { processText, type ProcessTextDeps } from './process-text.service.ts';

/** `POST /api/process-text`: the coach's reply to a typed message. */
export function registerProcessTextRoutes(app: FastifyInstance, deps: ProcessTextDeps): void {
  app.post('/api/process-text', async (request) => {
    const { userId } = requireUser(request);
    const input = parseInput(processTextRequestSchema, request.body ?? {});
    return { aiResponse: await processText(deps, userId, input, request.log) };
  });
}
