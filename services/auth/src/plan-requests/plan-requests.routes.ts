import {
  PLAN_MESSAGES,
  adminPlanRequestResponseSchema,
  adminPlanRequestsResponseSchema,
  createPlanRequestSchema,
  idParamsSchema,
  messageResponseSchema,
  myPlanRequestsResponseSchema,
  planRequestResponseSchema,
  plansResponseSchema,
} from '@story/proto';
import { adminsOnly, requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import { presentUserTypeSetting } from '../user-type-settings/user-type-setting.presenter.ts';
import type { UserTypeSettingsService } from '../user-type-settings/user-type-settings.service.ts';
import { presentAdminPlanRequest, presentPlanRequest } from './plan-request.presenter.ts';
import type { PlanRequestService } from './plan-request.service.ts';

/**
 * Plans and plan requests (issue 39): every plan as admins set it (`GET /api/plans`); the person's
 * request (ask, see, withdraw, acknowledge its answer); the admins' list with Grant and Refuse.
 */
export function registerPlanRequestRoutes(app: ServiceApp, deps: { requests: PlanRequestService; settings: UserTypeSettingsService }): void {
  const { requests, settings } = deps;

  app.get('/api/plans', { ...signedInOnly, schema: { response: { 200: plansResponseSchema } } }, async () => ({
    plans: (await settings.list()).map(presentUserTypeSetting),
  }));

  app.get('/api/plan-requests/mine', { ...signedInOnly, schema: { response: { 200: myPlanRequestsResponseSchema } } }, async (request) => {
    const mine = await requests.mine(requireUser(request).userId);
    return {
      userType: mine.userType,
      request: mine.request && presentPlanRequest(mine.request),
      decision: mine.decision && presentPlanRequest(mine.decision),
    };
  });

  app.post(
    '/api/plan-requests',
    { ...signedInOnly, schema: { body: createPlanRequestSchema, response: { 201: planRequestResponseSchema } } },
    async (request, reply) => {
      const asked = await requests.ask(requireUser(request).userId, request.body.userType);
      void reply.status(201);
      return { request: presentPlanRequest(asked) };
    },
  );

  app.delete('/api/plan-requests/mine', { ...signedInOnly, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
    await requests.withdraw(requireUser(request).userId);
    return { message: PLAN_MESSAGES.withdrawn };
  });

  app.post(
    '/api/plan-requests/:id/acknowledge',
    { ...signedInOnly, schema: { params: idParamsSchema, response: { 200: planRequestResponseSchema } } },
    async (request) => ({ request: presentPlanRequest(await requests.acknowledge(requireUser(request).userId, request.params.id)) }),
  );

  app.get('/api/plan-requests', { ...adminsOnly, schema: { response: { 200: adminPlanRequestsResponseSchema } } }, async () => ({
    requests: (await requests.listOpen()).map(presentAdminPlanRequest),
  }));

  app.post(
    '/api/plan-requests/:id/grant',
    { ...adminsOnly, schema: { params: idParamsSchema, response: { 200: adminPlanRequestResponseSchema } } },
    async (request) => ({ request: presentAdminPlanRequest(await requests.grant(request.params.id, requireUser(request).userId)) }),
  );

  app.post(
    '/api/plan-requests/:id/refuse',
    { ...adminsOnly, schema: { params: idParamsSchema, response: { 200: adminPlanRequestResponseSchema } } },
    async (request) => ({ request: presentAdminPlanRequest(await requests.refuse(request.params.id, requireUser(request).userId)) }),
  );
}
