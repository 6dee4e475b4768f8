import { ACCOUNT_MESSAGES, deleteAccountRequestSchema, messageResponseSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import { clearSessionCookie, type CookieOptions } from '../sessions/session-cookie.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

/** `DELETE /api/users/me`: the signed-in person deletes their account, confirmed by password or Google; signed out on success. */
export function registerAccountDeletionRoutes(app: ServiceApp, deletion: AccountDeletionService, cookie: CookieOptions): void {
  app.delete(
    '/api/users/me',
    { ...signedInOnly, schema: { body: deleteAccountRequestSchema.optional(), response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const identity = requireUser(request);
      await deletion.deleteAccount(identity.userId, request.body ?? {});
      clearSessionCookie(reply, cookie);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
}
