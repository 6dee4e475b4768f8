import {
  PDF_DOWNLOADS,
  RESUME_MESSAGES,
  idParamsSchema,
  messageResponseSchema,
  pdfQuerySchema,
  resumeResponseSchema,
  resumeSuggestionsResponseSchema,
  resumeVersionsResponseSchema,
  saveResumeRequestSchema,
  suggestionParamsSchema,
  type PlanFeature,
} from '@story/proto';
import { requireUser, signedInOnly, type PlanCheck, type ServiceApp } from '@story/service-kit';
import { pdfFileName, sendPdf } from '@story/service-kit/pdf';
import type { FastifyRequest } from 'fastify';
import { presentResume } from './resume.presenter.ts';
import { readResumeUpload } from './resume-upload.ts';
import type { ResumeService } from './resume.service.ts';

/**
 * `/api/resumes`: upload, the current résumé, review and edits as versions, suggestions, the PDF.
 * Résumés are part of the plans with `resume`; the PDF of those with what PDF_DOWNLOADS says (issue 36, 4).
 */
export function registerResumeRoutes(app: ServiceApp, service: ResumeService, plans: PlanCheck): void {
  const person = async (request: FastifyRequest, needs: readonly PlanFeature[] = ['resume']) => {
    const { userId } = requireUser(request);
    await plans.require(userId, ...needs);
    return userId;
  };

  app.post('/api/resumes', { ...signedInOnly, schema: { response: { 201: resumeResponseSchema } } }, async (request, reply) => {
    const userId = await person(request);
    const file = await readResumeUpload(request);
    const record = await service.upload(userId, file);
    request.log.info({ resumeId: record.id, format: record.format, bytes: file.bytes.length }, 'résumé uploaded');
    return reply.status(201).send({ resume: presentResume(record) });
  });

  app.get('/api/resumes/current', { ...signedInOnly, schema: { response: { 200: resumeResponseSchema } } }, async (request) => {
    const userId = await person(request);
    return { resume: presentResume(await service.current(userId)) };
  });

  const byId = { ...signedInOnly, schema: { params: idParamsSchema, response: { 200: resumeResponseSchema } } };

  app.get('/api/resumes/:id', byId, async (request) => {
    const userId = await person(request);
    return { resume: presentResume(await service.find(userId, request.params.id)) };
  });

  app.put('/api/resumes/:id', { ...byId, schema: { ...byId.schema, body: saveResumeRequestSchema } }, async (request) => {
    const userId = await person(request);
    const record = await service.save(userId, request.params.id, request.body.content, request.body.basedOn);
    return { resume: presentResume(record) };
  });

  app.get(
    '/api/resumes/:id/versions',
    { ...signedInOnly, schema: { params: idParamsSchema, response: { 200: resumeVersionsResponseSchema } } },
    async (request) => {
      const userId = await person(request);
      return { versions: await service.versions(userId, request.params.id) };
    },
  );

  app.get(
    '/api/resumes/:id/suggestions',
    { ...signedInOnly, schema: { params: idParamsSchema, response: { 200: resumeSuggestionsResponseSchema } } },
    async (request) => {
      const userId = await person(request);
      const { record, items, advice } = await service.suggestions(userId, request.params.id);
      return { resumeId: record.id, version: record.version, suggestions: items, advice };
    },
  );

  app.post(
    '/api/resumes/:id/suggestions/:suggestionId/accept',
    { ...signedInOnly, schema: { params: suggestionParamsSchema, response: { 200: resumeResponseSchema } } },
    async (request) => {
      const userId = await person(request);
      const record = await service.accept(userId, request.params.id, request.params.suggestionId);
      return { resume: presentResume(record) };
    },
  );

  app.post(
    '/api/resumes/:id/suggestions/:suggestionId/dismiss',
    { ...signedInOnly, schema: { params: suggestionParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const userId = await person(request);
      await service.dismiss(userId, request.params.id, request.params.suggestionId);
      return { message: RESUME_MESSAGES.suggestionDismissed };
    },
  );

  app.get(PDF_DOWNLOADS.resume.path, { ...signedInOnly, schema: { params: idParamsSchema, querystring: pdfQuerySchema } }, async (request, reply) => {
    const userId = await person(request, PDF_DOWNLOADS.resume.needs);
    const { record, pdf } = await service.pdf(userId, request.params.id, request.query.paper);
    return sendPdf(reply, pdfFileName(record.content.name, 'Resume', '-resume'), pdf);
  });
}
