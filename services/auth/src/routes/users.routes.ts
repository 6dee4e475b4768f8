import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  checkEmailQuerySchema,
  googleAuthRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  signupEmailSchema,
  type AdminUser,
  type AuthResponse,
  type SessionUser,
} from '@story/proto';
import { parseInput, requireAdmin, requireUser } from '@story/service-kit';
import type { AuthServices } from '../auth-services.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../http/session-cookie.ts';
import { presentAdminUser, presentAuthResponse, presentSessionUser } from '../presenters/user.presenter.ts';
import type { UserRecord } from '../repositories/user.repository.ts';
import { AUTH_MESSAGES } from '../services/account.service.ts';

/** Sign-up enforces the email step's domain rule on the server too, with the same message. */
const serverRegisterSchema = registerRequestSchema.extend({ email: signupEmailSchema });

/** `/api/users/*`: sign-up, sign-in, sign-out, the current user and the admin's user list. */
export function registerUsersRoutes(app: FastifyInstance, services: AuthServices): void {
  const { accounts, sessions, cookie } = services;

  const signIn = async (reply: FastifyReply, user: UserRecord, message: string): Promise<AuthResponse> => {
    const session = await sessions.start(user);
    setSessionCookie(reply, session.token, session.maxAgeSeconds, cookie);
    return presentAuthResponse(message, user);
  };

  app.get('/api/users/check-email', async (request): Promise<{ exists: boolean }> => {
    const { email } = parseInput(checkEmailQuerySchema, request.query);
    return { exists: await accounts.emailExists(email) };
  });

  app.post('/api/users/register', async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(serverRegisterSchema, request.body);
    const user = await accounts.register(input);
    void reply.status(201);
    return signIn(reply, user, AUTH_MESSAGES.registered);
  });

  app.post('/api/users/login', async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(loginRequestSchema, request.body);
    const user = await accounts.login(input);
    return signIn(reply, user, AUTH_MESSAGES.loggedIn);
  });

  app.post('/api/users/google-auth', async (request, reply): Promise<AuthResponse> => {
    const input = parseInput(googleAuthRequestSchema, request.body);
    const user = await accounts.signInWithGoogle(input);
    return signIn(reply, user, AUTH_MESSAGES.googleSignedIn);
  });

  app.post('/api/users/logout', async (request, reply): Promise<{ message: string }> => {
    await sessions.logout(request.identity?.sessionId, readSessionCookie(request));
    clearSessionCookie(reply, cookie);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  // The web app asks this on every load, so it is where an aging session gets renewed.
  app.get('/api/users/me', async (request, reply): Promise<SessionUser> => {
    const identity = requireUser(request);
    const user = await accounts.currentUser(identity.userId);
    const renewed = await sessions.renewIfAging(identity.sessionId, user);
    if (renewed) setSessionCookie(reply, renewed.token, renewed.maxAgeSeconds, cookie);
    return presentSessionUser(user);
  });

  app.get('/api/users', async (request): Promise<AdminUser[]> => {
    requireAdmin(request);
    return (await accounts.listUsers()).map(presentAdminUser);
  });
}
