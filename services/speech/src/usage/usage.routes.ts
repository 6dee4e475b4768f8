import {
  PLAN_FEATURES,
  cheapestPlanWith,
  featureLockedMessage,
  lockedFeaturesResponseSchema,
  usageResponseSchema,
  usersUsageResponseSchema,
} from '@story/proto';
import { adminsOnly, planFrom, requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
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

  // What the web app shows instead of a feature the plan lacks: the refusal the owning service would give.
  app.get('/api/usage/locked', { ...signedInOnly, schema: { response: { 200: lockedFeaturesResponseSchema } } }, async (request) => {
    const plan = planFrom(await deps.settings.settingsOf(requireUser(request).userId));
    const missing = PLAN_FEATURES.filter((feature) => !plan.features[feature]);
    return { locked: Object.fromEntries(missing.map((feature) => [feature, featureLockedMessage(feature, cheapestPlanWith(feature, plan.featuresOf))])) };
  });

  app.get('/api/usage/users', { ...adminsOnly, schema: { response: { 200: usersUsageResponseSchema } } }, async () => {
    const month = await deps.usage.everybody();
    const users = month.users.map((row) => ({ userId: row.userId, usedSeconds: tenths(row.usedSeconds) }));
    return { periodStart: month.periodStart.toISOString(), periodEnd: month.periodEnd.toISOString(), users };
  });
}
