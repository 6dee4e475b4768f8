import { processJobDescriptionRequestSchema, processJobDescriptionResponseSchema } from '@story/proto';
import { planFeaturesOnly, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { cleanJobDescription, type ProcessJobDescriptionDeps } from './process-job-description.service.ts';

/** `POST /api/process-job-description`: the pasted description cleaned into markdown (nothing is saved); interview practice (issue 36, 4). */
export function registerProcessJobDescriptionRoutes(app: ServiceApp, deps: ProcessJobDescriptionDeps, plans: PlanCheck): void {
  app.post(
    '/api/process-job-description',
    {
      ...planFeaturesOnly(plans, 'interviewPractice'),
      schema: { body: processJobDescriptionRequestSchema, response: { 200: processJobDescriptionResponseSchema } },
    },
    async (request) => ({ cleanedDescription: await cleanJobDescription(deps, request.body, request.log) }),
  );
}
