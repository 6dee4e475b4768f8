import fastifyCookie from '@fastify/cookie';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Agent } from 'undici';
import { IDENTITY_HEADER } from '@story/proto';
import { createServiceApp, type ReadinessCheck } from '@story/service-kit/http-app';
import { importPrivateKey, importPublicKey } from '@story/service-kit/identity';
import { natsReadiness } from '@story/service-kit/nats';
import { serviceUrls, type GatewayConfig } from './gateway.config.ts';
import { graphqlRoutes } from './graphql/graphql.routes.ts';
import type { QueryLimits } from './graphql/query-limits.rule.ts';
import { apiProxyRoutes } from './proxy/api-proxy.routes.ts';
import { CircuitBreaker } from './proxy/circuit-breaker.ts';
import { publicPageRoutes } from './proxy/public-page.routes.ts';
import { UpstreamFailureJudge } from './proxy/upstream-failures.ts';
import { CALLER_HEADER, createUpstreamAgent, upstreamReadiness } from './proxy/upstream.client.ts';
import { csrfKeyFrom, registerCsrfProtection } from './security/csrf.hooks.ts';
import { OperationBudgetService } from './security/operation-budget.service.ts';
import { registerSecurityHeaders } from './security/security-headers.hooks.ts';
import { IdentityTokenService } from './session/identity-token.service.ts';
import { SessionCheckService, type SessionCheckOptions } from './session/session-check.service.ts';
import { decorateSession } from './session/session.hooks.ts';
import { SessionService } from './session/session.service.ts';
import { createSessionTokenVerifier } from './session/session-token.service.ts';
import { webAppRoutes } from './web/web-app.routes.ts';

export interface GatewayDeps {
  /** A connected NATS client; the caller owns it (the gateway does not close it). */
  nats: NatsConnection;
  /** The composed supergraph (main reads gateway/dist/supergraph.graphql). */
  supergraphSdl: string;
  /** The HTTP client towards the services (default: a new keep-alive agent, closed with the app). */
  agent?: Agent;
  logger?: FastifyServerOptions['logger'];
  /** Overrides for tests. */
  sessionCheck?: SessionCheckOptions;
  queryLimits?: Partial<QueryLimits>;
  /** The circuit breaker's clock (tests move it past the open interval instead of waiting). */
  breakerClock?: () => Date;
}

/**
 * The gateway: security headers, CSRF defence and session checks in front of the REST proxy
 * (`/api/*`), the federated GraphQL endpoint (`/graphql`), the public pages services render (`/p/*`)
 * and the web app's files.
 */
export async function buildGateway(config: GatewayConfig, deps: GatewayDeps): Promise<FastifyInstance> {
  const services = serviceUrls(config);
  const agent = deps.agent ?? createUpstreamAgent();
  const ownsAgent = deps.agent === undefined;

  const readiness: Record<string, ReadinessCheck> = { nats: natsReadiness(deps.nats) };
  for (const [name, url] of Object.entries(services)) readiness[name] = upstreamReadiness(agent, url);

  // `/metrics` is served on METRICS_PORT (main.ts), never on the public port the Ingress routes to.
  const app = createServiceApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    logger: deps.logger,
    readiness,
    trustProxy: config.TRUST_PROXY,
    metrics: 'elsewhere',
  });

  const checker = new SessionCheckService(deps.nats, app.log, deps.sessionCheck);
  checker.start();
  const sessionTokens = createSessionTokenVerifier(await importPublicKey(config.SESSION_PUBLIC_KEY));
  const sessions = new SessionService(sessionTokens, checker, new IdentityTokenService(await importPrivateKey(config.IDENTITY_PRIVATE_KEY)));
  app.addHook('onClose', async () => {
    checker.stop();
    if (ownsAgent) await agent.close();
  });

  // An identity header, or the name of a caller, can only ever come from the gateway itself: drop any a client sent, on every route.
  app.addHook('onRequest', async (request) => {
    if (request.headers[IDENTITY_HEADER] !== undefined) delete request.headers[IDENTITY_HEADER];
    if (request.headers[CALLER_HEADER] !== undefined) delete request.headers[CALLER_HEADER];
  });
  registerSecurityHeaders(app, { strictTransportSecurity: config.COOKIE_SECURE });
  await app.register(fastifyCookie);
  registerCsrfProtection(app, {
    secureCookie: config.COOKIE_SECURE,
    key: csrfKeyFrom(config.IDENTITY_PRIVATE_KEY),
    sessionIdOf: async (cookie) => (cookie ? (await sessionTokens.verify(cookie))?.sid : undefined),
  });
  decorateSession(app);
  const budgets = new OperationBudgetService(
    {
      authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
      aiPerMinute: config.RATE_LIMIT_AI_PER_MINUTE,
      writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
      chunksPerMinute: config.RATE_LIMIT_CHUNKS_PER_MINUTE,
      pdfPerMinute: config.RATE_LIMIT_PDF_PER_MINUTE,
    },
    app.log,
  );
  await budgets.attach(deps.nats);

  app.get('/api/csrf-token', async (request) => ({ csrfToken: request.csrfToken }));
  const timeouts = { readMs: config.UPSTREAM_READ_TIMEOUT_MS, writeMs: config.UPSTREAM_WRITE_TIMEOUT_MS, aiMs: config.UPSTREAM_AI_TIMEOUT_MS };
  const breaker = new CircuitBreaker({ failureThreshold: config.CIRCUIT_BREAKER_FAILURES, openMs: config.CIRCUIT_BREAKER_OPEN_MS, clock: deps.breakerClock });
  const failures = new UpstreamFailureJudge(agent, services);
  await app.register(apiProxyRoutes, { services, agent, sessions, budgets, timeouts, breaker, failures });
  await app.register(graphqlRoutes, {
    supergraphSdl: deps.supergraphSdl,
    services,
    agent,
    sessions,
    development: config.NODE_ENV === 'development',
    limits: deps.queryLimits,
    maxResponseBytes: config.GRAPHQL_MAX_RESPONSE_BYTES,
    budgets,
    timeouts,
    breaker,
    failures,
  });
  // Before the web app's fallback: `/p/{slug}` is a page the profile service renders, not the SPA.
  await app.register(publicPageRoutes, { services, agent, timeouts, breaker, failures });
  await app.register(webAppRoutes, { root: config.WEB_DIST });
  return app;
}
