import { ACCOUNT_MESSAGES, messageResponseSchema, revokeOtherSessionsResponseSchema, sessionUserSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { AccountService } from '../accounts/account.service.ts';
import { presentSessionUser } from '../accounts/user.presenter.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie, type CookieOptions } from './session-cookie.ts';
import type { SessionService } from './session.service.ts';

export interface SessionRoutesDeps {
  accounts: AccountService;
  sessions: SessionService;
  cookie: CookieOptions;
}

/** The current session: who is signed in (renewing an aging session), signing out, and ending every other session. */
export function registerSessionRoutes(app: ServiceApp, { accounts, sessions, cookie }: SessionRoutesDeps): void {
  app.post('/api/users/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    await sessions.logout(request.identity?.sessionId, readSessionCookie(request));
    clearSessionCookie(reply, cookie);
    return { message: ACCOUNT_MESSAGES.loggedOut };
  });

  // The web app asks this on every load, so it is where an aging session gets renewed.
  app.get('/api/users/me', { ...signedInOnly, schema: { response: { 200: sessionUserSchema } } }, async (request, reply) => {
    const identity = requireUser(request);
    const user = await accounts.currentUser(identity.userId);
    const renewed = await sessions.renewIfAging(identity.sessionId, user);
    if (renewed) setSessionCookie(reply, renewed.token, renewed.maxAgeSeconds, cookie);
    return presentSessionUser(user);
  });

  app.post('/api/users/sessions/revoke-others', { ...signedInOnly, schema: { response: { 200: revokeOtherSessionsResponseSchema } } }, async (request) => {
    const identity = requireUser(request);
    const revoked = await sessions.revokeOthers(identity.userId, identity.sessionId);
    return { message: ACCOUNT_MESSAGES.otherSessionsRevoked, revoked };
  });
}
