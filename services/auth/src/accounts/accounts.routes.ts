import {
  ACCOUNT_MESSAGES,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  checkEmailQuerySchema,
  checkEmailResponseSchema,
  googleAuthRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  idParamsSchema,
  signupEmailSchema,
  updateUserRequestSchema,
} from '@story/proto';
import { adminsOnly, requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { CookieOptions } from '../sessions/session-cookie.ts';
import type { SessionService } from '../sessions/session.service.ts';
import { signIn } from '../sessions/sign-in.ts';
import type { PasswordResetService } from '../password-resets/password-reset.service.ts';
import type { PlanRequestService } from '../plan-requests/plan-request.service.ts';
import type { AuthThrottleService } from '../throttles/auth-throttle.service.ts';
import type { AccountService } from './account.service.ts';
import type { PlanChangeService } from './plan-change.service.ts';
import { presentAdminUser } from './user.presenter.ts';

/** Sign-up enforces the email step's domain rule on the server too, with the same message. */
const serverRegisterSchema = registerRequestSchema.extend({ email: signupEmailSchema });

export interface AccountRoutesDeps {
  accounts: AccountService;
  sessions: SessionService;
  throttles: AuthThrottleService;
  cookie: CookieOptions;
  plans: PlanChangeService;
  passwordResets: PasswordResetService;
  planRequests: PlanRequestService;
}

/** `/api/users/*` of accounts: check-email, sign-up, sign-in (password and Google), password change and the admin's user list. */
export function registerAccountRoutes(
  app: ServiceApp,
  { accounts, sessions, throttles, cookie, plans, passwordResets, planRequests }: AccountRoutesDeps,
): void {
  // The gateway limits each address; this limits each e-mail asked about, whatever the address.
  app.get('/api/users/check-email', { schema: { querystring: checkEmailQuerySchema, response: { 200: checkEmailResponseSchema } } }, async (request) => {
    await throttles.countEmailCheck(request.query.email);
    return { exists: await accounts.emailExists(request.query.email) };
  });

  app.post('/api/users/register', { schema: { body: serverRegisterSchema, response: { 201: authResponseSchema } } }, async (request, reply) => {
    const user = await accounts.register(request.body);
    // The plan chosen on the landing page is asked for at once (issue 39): the person lands on the plan page with it waiting.
    await planRequests.askAtSignUp(user, request.body.requestedPlan);
    void reply.status(201);
    return signIn(sessions, cookie, reply, user, ACCOUNT_MESSAGES.registered);
  });

  app.post('/api/users/login', { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } }, async (request, reply) => {
    const user = await accounts.login(request.body);
    return signIn(sessions, cookie, reply, user, ACCOUNT_MESSAGES.loggedIn);
  });

  app.post('/api/users/google-auth', { schema: { body: googleAuthRequestSchema, response: { 200: authResponseSchema } } }, async (request, reply) => {
    const user = await accounts.signInWithGoogle(request.body);
    return signIn(sessions, cookie, reply, user, ACCOUNT_MESSAGES.googleSignedIn);
  });

  app.post(
    '/api/users/password',
    { ...signedInOnly, schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const identity = requireUser(request);
      await accounts.changePassword(identity.userId, request.body);
      // Whoever else holds a session, perhaps the reason for the change, is signed out; this one stays.
      await sessions.revokeOthers(identity.userId, identity.sessionId);
      // A reset link sent for the old password must not undo the new one.
      await passwordResets.forgetLinks(identity.userId);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  // The specification's array of users: all of them, or with `query` and `page` those found, a page at a
  // time (issue 39, 5); how many were found in all is in X-Total-Count.
  app.get(
    '/api/users',
    { ...adminsOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } },
    async (request, reply) => {
      const found = await accounts.searchUsers(request.query);
      void reply.header('x-total-count', String(found.total));
      return found.users.map(presentAdminUser);
    },
  );

  // An admin sets a person's plan (issue 21); a payment integration would call the same command.
  app.patch(
    '/api/users/:id',
    { ...adminsOnly, schema: { params: idParamsSchema, body: updateUserRequestSchema, response: { 200: adminUserSchema } } },
    async (request) => presentAdminUser(await plans.changePlan(request.params.id, request.body.userType, 'admin', requireUser(request).userId)),
  );
}
