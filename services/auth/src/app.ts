import { subgraphSdl } from '@story/proto/graphql';
import {
  createNatsBoundServiceApp,
  importPrivateKey,
  registerExportSource,
  importPublicKey,
  registerIdentity,
  relayedService,
  registerSubgraph,
  type RelayedServiceDeps,
  type ServiceApp,
  type ServiceDefinition,
} from '@story/service-kit';
import { AccountDeletionService } from './account-deletion/account-deletion.service.ts';
import { registerAccountDeletionRoutes } from './account-deletion/account-deletion.routes.ts';
import { AccountService } from './accounts/account.service.ts';
import { AuthExportSource } from './export/auth-export.source.ts';
import { DataExportService } from './export/data-export.service.ts';
import { registerDataExportRoutes } from './export/data-export.routes.ts';
import { registerAccountRoutes } from './accounts/accounts.routes.ts';
import { registerAuthConfigRoutes } from './accounts/auth-config.routes.ts';
import { createGoogleTokenVerifier } from './accounts/google-token.verifier.ts';
import { PlanChangeService } from './accounts/plan-change.service.ts';
import type { BillingProvider } from './billing/billing-provider.ts';
import { ManualBillingProvider } from './billing/manual-billing.provider.ts';
import { PlanRequestService } from './plan-requests/plan-request.service.ts';
import { registerPlanRequestRoutes } from './plan-requests/plan-requests.routes.ts';
import { SERVICE_NAME, authEnvSchema, type AuthConfig } from './config.ts';
import { authResolvers } from './graphql/auth.resolvers.ts';
import { createMailer } from './mail/mailer.factory.ts';
import type { Mailer } from './mail/mailer.ts';
import { startAuthResponders } from './nats/auth.responders.ts';
import { PasswordResetService } from './password-resets/password-reset.service.ts';
import { registerPasswordResetRoutes } from './password-resets/password-resets.routes.ts';
import { ResetDeliveries } from './password-resets/reset-deliveries.ts';
import { SessionService } from './sessions/session.service.ts';
import { registerSessionRoutes } from './sessions/sessions.routes.ts';
import { openAuthStorage, type AuthStorage } from './storage/auth-storage.ts';
import { AuthThrottleService } from './throttles/auth-throttle.service.ts';
import { registerRetryAfter } from './throttles/too-many-attempts.ts';
import { UserTypeSettingsService } from './user-type-settings/user-type-settings.service.ts';
import { registerUserTypeSettingsRoutes } from './user-type-settings/user-type-settings.routes.ts';

/** Auth bodies are a few small fields; nothing legitimate comes near this. */
export const AUTH_BODY_LIMIT_BYTES = 64 * 1024;

/** The auth service's dependencies; `main.ts` opens the real ones from configuration. */
export interface AuthDeps extends RelayedServiceDeps<AuthStorage> {
  /** What settles plan requests and changes plans (issue 39): `manual` (admins grant requests on /admin) by default. */
  billing?: BillingProvider;
  /** Where e-mails go; by default SMTP when SMTP_URL is set, else the log (issue 39, 6). */
  mailer?: Mailer;
  /** The reset e-mails being sent after their answer (tests wait for them to end). */
  resetDeliveries?: ResetDeliveries;
}

/**
 * The auth service: REST routes, the GraphQL subgraph and the NATS responders the gateway and the
 * other services ask (session checks, recording settings). Ready only once NATS answers: without
 * it no session can be checked. Closing the app stops the responders; the caller closes NATS and storage.
 */
export async function buildAuthApp(config: AuthConfig, deps: AuthDeps): Promise<ServiceApp> {
  const { storage, nats, clock } = deps;
  const app = createNatsBoundServiceApp(SERVICE_NAME, config, deps, AUTH_BODY_LIMIT_BYTES);

  const [privateKey, publicKey] = await Promise.all([importPrivateKey(config.SESSION_PRIVATE_KEY), importPublicKey(config.SESSION_PUBLIC_KEY)]);
  const verifyGoogleToken = config.GOOGLE_CLIENT_ID
    ? createGoogleTokenVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL, issuers: config.GOOGLE_ISSUERS })
    : undefined;
  const throttles = new AuthThrottleService({
    passwordAttempts: { freeFailures: config.SIGN_IN_FREE_FAILURES, maxDelaySeconds: config.SIGN_IN_MAX_DELAY_SECONDS },
    checkEmailPerMinute: config.CHECK_EMAIL_PER_EMAIL_PER_MINUTE,
    resetRequestsPerHour: config.PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
    clock,
  });
  const accounts = new AccountService({
    repository: storage.users,
    passwordAttempts: throttles.passwordAttempts,
    adminEmails: config.ADMIN_EMAILS,
    verifyGoogleToken,
    clock,
  });
  const sessions = new SessionService({
    sessions: storage.sessions,
    users: storage.users,
    privateKey,
    publicKey,
    publish: (subject, data) => nats.nc?.publish(subject, data),
    absoluteLifetimeSeconds: config.SESSION_ABSOLUTE_LIFETIME_DAYS * 24 * 60 * 60,
    clock,
  });
  const deletion = new AccountDeletionService({
    users: storage.users,
    deletions: storage.accountDeletions,
    passwordAttempts: throttles.passwordAttempts,
    verifyGoogleToken,
    publish: (subject, data) => nats.nc?.publish(subject, data),
    onEventsWritten: () => deps.relay.notify(),
    clock,
  });
  const settings = new UserTypeSettingsService(storage.settings, storage.users, clock);
  const cookie = { secure: config.COOKIE_SECURE };
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const resetDeliveries = deps.resetDeliveries ?? new ResetDeliveries();
  const passwordResets = new PasswordResetService({
    users: storage.users,
    resets: storage.passwordResets,
    sessions,
    throttles,
    mailer,
    deliveries: resetDeliveries,
    siteUrl: config.PUBLIC_SITE_URL,
    googleSignInOffered: verifyGoogleToken !== undefined,
    clock,
    log: app.log,
  });

  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);
  registerRetryAfter(app);
  registerAuthConfigRoutes(app, config.GOOGLE_CLIENT_ID);
  const plans = new PlanChangeService({ users: storage.users, requests: storage.planRequests, clock, log: app.log });
  const billing = deps.billing ?? new ManualBillingProvider();
  const planRequests = new PlanRequestService({ requests: storage.planRequests, users: storage.users, billing, clock, log: app.log });
  registerAccountRoutes(app, { accounts, sessions, throttles, cookie, plans, passwordResets, planRequests });
  registerSessionRoutes(app, { accounts, sessions, cookie });
  registerPasswordResetRoutes(app, passwordResets, cookie);
  registerAccountDeletionRoutes(app, deletion, cookie);
  registerUserTypeSettingsRoutes(app, settings);
  registerPlanRequestRoutes(app, { requests: planRequests, settings });
  // The data export (issue 24): auth writes the ZIP, and answers for its own part like every service.
  registerDataExportRoutes(app, new DataExportService({ leases: storage.leases, nats, clock, pageTimeoutMs: config.EXPORT_PAGE_TIMEOUT_MS }), clock);
  registerExportSource(
    app,
    nats,
    SERVICE_NAME,
    new AuthExportSource({ users: storage.users, sessions: storage.sessions, settings, planRequests: storage.planRequests }),
  );
  await registerSubgraph(app, subgraphSdl('auth'), authResolvers({ accounts, settings, plans, planRequests }));

  let stopResponders: (() => Promise<void>) | undefined;
  nats.onConnect((nc) => throttles.open(nc));
  nats.onConnect((nc, log) => {
    stopResponders = startAuthResponders(nc, { sessions, settings }, log);
  });
  app.addHook('onReady', async () => {
    nats.start(app.log);
    await plans.connect(billing);
  });
  app.addHook('onClose', async () => {
    // E-mails already promised are sent before the process goes.
    await resetDeliveries.idle();
    mailer.close();
    await stopResponders?.();
    await billing.stop();
    await deps.relay.stop();
  });
  return app;
}

/** The auth service as `main.ts` starts it and tests build it. */
export const authService: ServiceDefinition<AuthConfig, AuthDeps> = relayedService({
  name: SERVICE_NAME,
  envSchema: authEnvSchema,
  openStorage: (config) => openAuthStorage(config),
  buildApp: buildAuthApp,
});
