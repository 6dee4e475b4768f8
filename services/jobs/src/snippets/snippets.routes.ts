import {
  createSnippetRequestSchema,
  createSnippetResponseSchema,
  jobDescriptionIdParamsSchema,
  singleSnippetResponseSchema,
  snippetIdParamsSchema,
  snippetsResponseSchema,
} from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { presentSnippet } from '../job-descriptions/job-description.presenter.ts';
import type { SnippetService } from './snippet.service.ts';

/** `/api/job-description-snippets`: sections of the caller's descriptions saved to practise against; interview practice (issue 36, 4). */
export function registerSnippetRoutes(app: ServiceApp, service: SnippetService, plans: PlanCheck): void {
  const practiceOnly = planFeaturesOnly(plans, 'interviewPractice');
  app.post(
    '/api/job-description-snippets',
    { ...practiceOnly, schema: { body: createSnippetRequestSchema, response: { 201: createSnippetResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const snippet = await service.create(userId, request.body);
      return reply.status(201).send({ id: snippet.id });
    },
  );

  app.get(
    '/api/job-description-snippets/:jobDescriptionId',
    { ...practiceOnly, schema: { params: jobDescriptionIdParamsSchema, response: { 200: snippetsResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      return (await service.listForJobDescription(userId, request.params.jobDescriptionId)).map(presentSnippet);
    },
  );

  app.get(
    '/api/job-description-snippets/single/:snippetId',
    { ...practiceOnly, schema: { params: snippetIdParamsSchema, response: { 200: singleSnippetResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const snippet = await service.get(userId, request.params.snippetId);
      return { id: snippet.id, snippetText: snippet.snippetText, jobDescriptionId: snippet.jobDescriptionId };
    },
  );
}
