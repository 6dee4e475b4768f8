import {
  JOB_MESSAGES,
  confirmJobDescriptionRequestSchema,
  confirmJobDescriptionResponseSchema,
  idParamsSchema,
  jobDescriptionActionResponseSchema,
  jobDescriptionsResponseSchema,
} from '@story/proto';
import { planFeaturesOnly, requireUser, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { presentJobDescription } from './job-description.presenter.ts';
import type { JobDescriptionService } from './job-description.service.ts';

/**
 * `/api/confirm-job-description` and `/api/formatted-job-descriptions`: the saved descriptions of the
 * caller, the plan feature `interviewPractice` (issue 36, 4), refused before the body is read.
 */
export function registerJobDescriptionRoutes(app: ServiceApp, service: JobDescriptionService, plans: PlanCheck): void {
  const practiceOnly = planFeaturesOnly(plans, 'interviewPractice');
  app.post(
    '/api/confirm-job-description',
    {
      ...practiceOnly,
      schema: { body: confirmJobDescriptionRequestSchema, response: { 200: confirmJobDescriptionResponseSchema, 201: confirmJobDescriptionResponseSchema } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { record, created } = await service.confirm(userId, request.body);
      return reply.status(created ? 201 : 200).send({ id: record.id, message: JOB_MESSAGES.formattingSaved });
    },
  );

  app.get('/api/formatted-job-descriptions', { ...practiceOnly, schema: { response: { 200: jobDescriptionsResponseSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    return (await service.list(userId, false)).map(presentJobDescription);
  });

  app.get('/api/formatted-job-descriptions/archived', { ...practiceOnly, schema: { response: { 200: jobDescriptionsResponseSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    return (await service.list(userId, true)).map(presentJobDescription);
  });

  const action = { ...practiceOnly, schema: { params: idParamsSchema, response: { 200: jobDescriptionActionResponseSchema } } };

  app.delete('/api/formatted-job-descriptions/:id', action, async (request) => {
    const { userId } = requireUser(request);
    await service.delete(userId, request.params.id);
    return { id: request.params.id, message: JOB_MESSAGES.deleted };
  });

  app.post('/api/formatted-job-descriptions/:id/archive', action, async (request) => {
    const { userId } = requireUser(request);
    const record = await service.setArchived(userId, request.params.id, true);
    return { id: record.id, message: JOB_MESSAGES.archived };
  });

  app.post('/api/formatted-job-descriptions/:id/unarchive', action, async (request) => {
    const { userId } = requireUser(request);
    const record = await service.setArchived(userId, request.params.id, false);
    return { id: record.id, message: JOB_MESSAGES.unarchived };
  });
}
