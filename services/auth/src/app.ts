import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { subgraphSdl } from '@story/proto/graphql';
import { createServiceApp, importPrivateKey, importPublicKey, natsReadiness, registerIdentity, registerSubgraph } from '@story/service-kit';
import type { AuthServices } from './auth-services.ts';
import type { AuthConfig } from './config.ts';
import { authResolvers } from './graphql/auth.resolvers.ts';
import { startAuthResponders } from './nats/auth.responders.ts';
import type { UserRepository } from './repositories/user.repository.ts';
import { registerAuthConfigRoutes } from './routes/auth-config.routes.ts';
import { registerUserTypeSettingsRoutes } from './routes/user-type-settings.routes.ts';
import { registerUsersRoutes } from './routes/users.routes.ts';
import { AccountService } from './services/account.service.ts';
import { createGoogleTokenVerifier } from './services/google-token.verifier.ts';
import { SessionService } from './services/session.service.ts';
import { UserTypeSettingsService } from './services/user-type-settings.service.ts';

export const SERVICE_NAME = 'auth';
/** Auth bodies are a few small fields; nothing legitimate comes near this. */
export const AUTH_BODY_LIMIT_BYTES = 64 * 1024;

export interface AuthAppDeps {
  repository: UserRepository;
  nc: NatsConnection;
  now?: () => Date;
}

/**
 * The auth service as a fastify app: REST routes, the GraphQL subgraph and the NATS responders
 * (stopped when the app closes). The caller owns `repository` and `nc` and closes them after.
 */
export async function buildAuthApp(config: AuthConfig, deps: AuthAppDeps): Promise<FastifyInstance> {
  const { repository, nc } = deps;
  const app = createServiceApp({
    name: SERVICE_NAME,
    logLevel: config.LOG_LEVEL,
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    readiness: { database: () => repository.ping(), nats: natsReadiness(nc) },
  });

  const [privateKey, publicKey] = await Promise.all([importPrivateKey(config.SESSION_PRIVATE_KEY), importPublicKey(config.SESSION_PUBLIC_KEY)]);
  const verifyGoogleToken = config.GOOGLE_CLIENT_ID
    ? createGoogleTokenVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL, issuers: config.GOOGLE_ISSUERS })
    : undefined;
  const services: AuthServices = {
    accounts: new AccountService({ repository, adminEmails: config.ADMIN_EMAILS, verifyGoogleToken, now: deps.now }),
    sessions: new SessionService({ repository, privateKey, publicKey, nc, now: deps.now }),
    settings: new UserTypeSettingsService(repository, deps.now),
    cookie: { secure: config.COOKIE_SECURE },
    googleClientId: config.GOOGLE_CLIENT_ID,
  };

  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);
  registerAuthConfigRoutes(app, services);
  registerUsersRoutes(app, services);
  registerUserTypeSettingsRoutes(app, services);
  await registerSubgraph(app, subgraphSdl('auth'), authResolvers(services));

  const stopResponders = startAuthResponders(nc, services, app.log);
  app.addHook('onClose', async () => {
    await stopResponders();
  });
  return app;
}
