import {
  timeLimitResponseSchema,
  updateUserTypeSettingRequestSchema,
  userTypeParamsSchema,
  userTypeSettingSchema,
  userTypeSettingsResponseSchema,
} from '@story/proto';
import { adminsOnly, requireUser, signedInOnly, unauthorized, type ServiceApp } from '@story/service-kit';
import { presentRecordingSettings, presentUserTypeSetting } from './user-type-setting.presenter.ts';
import type { UserTypeSettingsService } from './user-type-settings.service.ts';

/** The admin's per-user-type settings and the signed-in user's own recording limit. */
export function registerUserTypeSettingsRoutes(app: ServiceApp, settings: UserTypeSettingsService): void {
  app.get('/api/user-type-settings', { ...adminsOnly, schema: { response: { 200: userTypeSettingsResponseSchema } } }, async () =>
    (await settings.list()).map(presentUserTypeSetting),
  );

  app.patch(
    '/api/user-type-settings/:userType',
    { ...adminsOnly, schema: { params: userTypeParamsSchema, body: updateUserTypeSettingRequestSchema, response: { 200: userTypeSettingSchema } } },
    async (request) => presentUserTypeSetting(await settings.update(request.params.userType, request.body)),
  );

  app.get('/api/user/time-limit', { ...signedInOnly, schema: { response: { 200: timeLimitResponseSchema } } }, async (request) => {
    const identity = requireUser(request);
    const mine = await settings.forUser(identity.userId);
    if (!mine) throw unauthorized();
    return presentRecordingSettings(mine);
  });
}
