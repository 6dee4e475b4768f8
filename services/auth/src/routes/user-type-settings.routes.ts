import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { timeLimitResponseSchema, updateUserTypeSettingRequestSchema, userTypeParamsSchema, type UserTypeSetting } from '@story/proto';
import { parseInput, requireAdmin, requireUser, unauthorized } from '@story/service-kit';
import type { AuthServices } from '../auth-services.ts';
import { presentRecordingSettings, presentUserTypeSetting } from '../presenters/user.presenter.ts';

/** The admin's per-user-type settings and the signed-in user's own recording limit. */
export function registerUserTypeSettingsRoutes(app: FastifyInstance, services: AuthServices): void {
  const { settings } = services;

  app.get('/api/user-type-settings', async (request): Promise<UserTypeSetting[]> => {
    requireAdmin(request);
    return (await settings.list()).map(presentUserTypeSetting);
  });

  app.patch('/api/user-type-settings/:userType', async (request): Promise<UserTypeSetting> => {
    requireAdmin(request);
    const { userType } = parseInput(userTypeParamsSchema, request.params);
    const change = parseInput(updateUserTypeSettingRequestSchema, request.body);
    return presentUserTypeSetting(await settings.update(userType, change));
  });

  app.get('/api/user/time-limit', async (request): Promise<z.infer<typeof timeLimitResponseSchema>> => {
    const identity = requireUser(request);
    const mine = await settings.forUser(identity.userId);
    if (!mine) throw unauthorized();
    return presentRecordingSettings(mine);
  });
}
