import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  HTTP_MESSAGES,
  QUEUE_GROUPS,
  SUBJECTS,
  type sessionCheckReplySchema,
  sessionCheckRequestSchema,
  type userSettingsReplySchema,
  userSettingsRequestSchema,
} from '@story/proto';
import { describeZodError, startResponders } from '@story/service-kit';
import type { SessionService } from '../sessions/session.service.ts';
import type { UserTypeSettingsService } from '../user-type-settings/user-type-settings.service.ts';

type SessionCheckReply = z.infer<typeof sessionCheckReplySchema>;
type UserSettingsReply = z.infer<typeof userSettingsReplySchema>;

/** Answers "is session S valid?" A malformed question or a store failure is answered "no". */
export async function answerSessionCheck(sessions: SessionService, body: unknown): Promise<SessionCheckReply> {
  const request = sessionCheckRequestSchema.safeParse(body);
  if (!request.success || request.data.sessionId.length === 0 || request.data.sessionId.length > 128) return { valid: false };
  const live = await sessions.describe(request.data.sessionId);
  return live ? { valid: true, userId: live.userId, isAdmin: live.isAdmin } : { valid: false };
}

/** Answers "what are user U's time limit and response type?" */
export async function answerUserSettings(settings: UserTypeSettingsService, body: unknown): Promise<UserSettingsReply> {
  const request = userSettingsRequestSchema.safeParse(body);
  if (!request.success) return { ok: false, message: describeZodError(request.error) };
  const [mine, plans] = await Promise.all([settings.forUser(request.data.userId), settings.list()]);
  if (!mine) return { ok: false, message: ACCOUNT_MESSAGES.userNotFound };
  return {
    ok: true,
    userType: mine.userType,
    timeLimit: mine.timeLimit,
    responseType: mine.responseType,
    monthlyMinutes: mine.monthlyMinutes,
    features: mine.features,
    plans: plans.map((plan) => ({ userType: plan.userType, features: plan.features })),
  };
}

/**
 * Serves auth's NATS questions in the `auth` queue group, so more auth processes mean more capacity.
 * Returns a function that stops listening (and waits for answers in flight).
 */
export function startAuthResponders(
  nc: NatsConnection,
  services: { sessions: SessionService; settings: UserTypeSettingsService },
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startResponders(
    nc,
    QUEUE_GROUPS.auth,
    [
      {
        subject: SUBJECTS.sessionCheck,
        answer: (body) => answerSessionCheck(services.sessions, body),
        failureReply: { valid: false } satisfies SessionCheckReply,
      },
      {
        subject: SUBJECTS.userSettings,
        answer: (body) => answerUserSettings(services.settings, body),
        failureReply: { ok: false, message: HTTP_MESSAGES.internal } satisfies UserSettingsReply,
      },
    ],
    log,
  );
}
