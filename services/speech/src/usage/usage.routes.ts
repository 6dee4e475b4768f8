import { usageResponseSchema, usersUsageResponseSchema } from '@story/proto';
import { adminsOnly, requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { UserSettingsClient } from '../nats/user-settings.client.ts';
import type { MonthlyUsageService } from './monthly-usage.service.ts';

/** Seconds to a tenth, as shown. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * `GET /api/usage`: the caller's plan, its monthly minutes, the seconds used this UTC month, the
 * month, and what the plan includes (issue 21). `GET /api/usage/users` (admins): everybody's
 * seconds this month, for the users table.
 */
export function registerUsageRoutes(app: ServiceApp, deps: { usage: MonthlyUsageService; settings: UserSettingsClient }): void {
  app.get('/api/usage', { ...signedInOnly, schema: { response: { 200: usageResponseSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    const [plan, used] = await Promise.all([deps.settings.settingsOf(userId), deps.usage.usageOf(userId)]);
    return {
      userType: plan.userType,
      monthlyMinutes: plan.monthlyMinutes,
      usedSeconds: tenths(used.usedSeconds),
      periodStart: used.periodStart.toISOString(),
      periodEnd: used.periodEnd.toISOString(),
      features: plan.features,
    };
  });

  app.get('/api/usage/users', { ...adminsOnly, schema: { response: { 200: usersUsageResponseSchema } } }, async () => {
    const month = await deps.usage.everybody();
    const users = month.users.map((row) => ({ userId: row.userId, usedSeconds: tenths(row.usedSeconds) }));
    return { periodStart: month.periodStart.toISOString(), periodEnd: month.periodEnd.toISOString(), users };
  });
}
