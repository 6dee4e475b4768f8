import { openingRequestSchema, openingResponseSchema, processTextRequestSchema, processTextResponseSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import { openConversation } from './opening.service.ts';
import { processText, type ProcessTextDeps } from './process-text.service.ts';

/**
 * `POST /api/process-text`: the coach's reply to a typed message, and the id of the answer's feedback to come.
 * `POST /api/process-text/opening`: the coach's first words, before the person says anything (the interviewer's first question).
 */
export function registerProcessTextRoutes(app: ServiceApp, deps: ProcessTextDeps): void {
  app.post(
    '/api/process-text',
    { ...signedInOnly, schema: { body: processTextRequestSchema, response: { 200: processTextResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      return processText(deps, userId, request.body, request.log);
    },
  );
  app.post(
    '/api/process-text/opening',
    { ...signedInOnly, schema: { body: openingRequestSchema, response: { 200: openingResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      return openConversation(deps, userId, request.body, request.log);
    },
  );
}
