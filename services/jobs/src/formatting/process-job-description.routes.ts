import { processJobDescriptionRequestSchema, processJobDescriptionResponseSchema } from '@story/proto';
import { signedInOnly, type ServiceApp } from '@story/service-kit';
import { cleanJobDescription, type ProcessJobDescriptionDeps } from './process-job-description.service.ts';

/** `POST /api/process-job-description`: the pasted description cleaned into markdown (nothing is saved). */
export function registerProcessJobDescriptionRoutes(app: ServiceApp, deps: ProcessJobDescriptionDeps): void {
  app.post(
    '/api/process-job-description',
    { ...signedInOnly, schema: { body: processJobDescriptionRequestSchema, response: { 200: processJobDescriptionResponseSchema } } },
    async (request) => ({ cleanedDescription: await cleanJobDescription(deps, request.body, request.log) }),
  );
}
