import {
  PASSWORD_RESET_MESSAGES,
  messageResponseSchema,
  passwordResetCheckRequestSchema,
  passwordResetCheckResponseSchema,
  passwordResetCompleteRequestSchema,
  passwordResetRequestSchema,
} from '@story/proto';
import type { ServiceApp } from '@story/service-kit';
import { clearSessionCookie, type CookieOptions } from '../sessions/session-cookie.ts';
import type { PasswordResetService } from './password-reset.service.ts';

/**
 * Forgot password (issue 39, 6): ask for a link (202, the same answer for every address), check a
 * link before choosing a password, and use it. Public routes; the gateway counts them with sign-in per address.
 */
export function registerPasswordResetRoutes(app: ServiceApp, resets: PasswordResetService, cookie: CookieOptions): void {
  app.post('/api/users/password-reset', { schema: { body: passwordResetRequestSchema, response: { 202: messageResponseSchema } } }, async (request, reply) => {
    await resets.request(request.body.email);
    void reply.status(202);
    return { message: PASSWORD_RESET_MESSAGES.requested };
  });

  app.post(
    '/api/users/password-reset/check',
    { schema: { body: passwordResetCheckRequestSchema, response: { 200: passwordResetCheckResponseSchema } } },
    async (request) => resets.check(request.body.token),
  );

  app.post(
    '/api/users/password-reset/complete',
    { schema: { body: passwordResetCompleteRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await resets.complete(request.body);
      // Every session just ended, this browser's too: its cookie goes with it.
      clearSessionCookie(reply, cookie);
      return { message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );
}
