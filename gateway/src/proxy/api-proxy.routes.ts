import { pipeline, Transform } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Agent } from 'undici';
import {
  DEFAULT_API_BODY_LIMIT,
  HTTP_MESSAGES,
  IDENTITY_HEADER,
  REQUEST_ID_HEADER,
  findApiRoute,
  serviceTimeoutMessage,
  serviceUnavailableMessage,
  type ApiRoute,
  type ServiceName,
} from '@story/proto';
import { HttpError, notFound } from '@story/service-kit/errors';
import { setMetricsRoute } from '@story/service-kit/telemetry/http-metrics';
import type { OperationBudgetService } from '../security/operation-budget.service.ts';
import type { CircuitBreaker, CircuitCall, UpstreamTimeouts } from './circuit-breaker.ts';
import { CALLER_HEADER, registerCaller } from './upstream.client.ts';
import { isConnectionLost } from './connection-lost.ts';
import { isUpstreamTimeout, type UpstreamFailureJudge } from './upstream-failures.ts';
import { pathOf } from '../security/security-headers.hooks.ts';
import { loadSession, rateLimitKeyOf, requireSession } from '../session/session.hooks.ts';
import type { SessionService } from '../session/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route-table entry of an `/api` request. */
    apiRoute: ApiRoute | null;
    /** This request's call through its service's circuit breaker, let through on arrival. */
    circuitCall: CircuitCall | null;
  }
}

export const BODY_TOO_LARGE_MESSAGE = HTTP_MESSAGES.bodyTooLarge;

export interface ApiProxyOptions {
  services: Partial<Record<ServiceName, string>>;
  agent: Agent;
  sessions: SessionService;
  budgets: OperationBudgetService;
  timeouts: UpstreamTimeouts;
  breaker: CircuitBreaker;
  failures: UpstreamFailureJudge;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signing out: the route whose accepted answer ends the caller's session at the gateway too. */
const LOGOUT_PREFIX = '/api/users/logout';

/**
 * What a request spends: sign-in routes per address, AI routes, PDF downloads and every change per
 * user. A session route spends one AI operation when the session is opened; its own requests (a
 * recording's chunks, its finish) spend from a budget of their own, generous for a recorder's one
 * chunk a second and tight for a flood of chunks sent again. A PDF is rendered when asked for, so
 * each download spends from the PDF budget although it is a GET.
 */
async function spendBudget(budgets: OperationBudgetService, route: ApiRoute, request: FastifyRequest): Promise<void> {
  if (route.rateLimit === 'auth' || (route.rateLimit === 'auth-changes' && !SAFE_METHODS.has(request.method))) await budgets.spend('auth', `ip:${request.ip}`);
  else if (route.rateLimit === 'ai') await budgets.spend('ai', rateLimitKeyOf(request));
  else if (route.rateLimit === 'pdf') await budgets.spend('pdf', rateLimitKeyOf(request));
  else if (route.rateLimit === 'ai-session') {
    if (request.method === 'POST' && pathOf(request.url) === route.prefix) await budgets.spend('ai', rateLimitKeyOf(request));
    else await budgets.spend('chunks', rateLimitKeyOf(request));
  } else if (!SAFE_METHODS.has(request.method) && !route.public) await budgets.spend('writes', rateLimitKeyOf(request));
}

/**
 * Dot segments, encoded dots or slashes, backslashes and empty segments: no API path has them, and
 * a service that normalised them could be reached on a route the gateway classified differently
 * (e.g. `/api/users/login/../../users` is public by its prefix).
 */
const AMBIGUOUS_PATH = /(^|\/)\.{1,2}(\/|$)|%2e|%2f|%5c|\\|\/\//i;

const bodyTooLarge = () => new HttpError(413, BODY_TOO_LARGE_MESSAGE);

/** Counts the bytes of a streamed body and fails the stream once it passes the limit. */
function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(bodyTooLarge());
      else callback(null, chunk);
    },
  });
}

/** The HttpError somewhere in an error's cause chain (reply-from wraps what undici reports). */
function httpErrorIn(error: unknown): HttpError | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof HttpError) return current;
    current = current.cause;
  }
  return undefined;
}

/**
 * Whether to ask again, at once, after a failed attempt: once, for a read (GET, HEAD) whose
 * connection was refused or cut before any answer, the moment an instance of a service stops and
 * its connection is handed to another. A change is never sent twice; an answer (a 503 included)
 * is never retried.
 */
export function retryLostRead({ err, req, attempt }: { err?: unknown; req: { method?: string }; attempt: number }): number | null {
  return attempt === 0 && err && SAFE_METHODS.has(String(req.method).toUpperCase()) && isConnectionLost(err) ? 1 : null;
}

/** Work whose time says how heavy the request is rather than whether the service is up (see UpstreamFailureJudge). */
function isExpensive(route: ApiRoute): boolean {
  return route.rateLimit === 'ai' || route.rateLimit === 'ai-session' || route.rateLimit === 'pdf' || route.streamed === true;
}

/** How long the gateway waits for a service's answer to this request. */
function timeoutFor(route: ApiRoute, method: string, timeouts: UpstreamTimeouts): number {
  if (route.rateLimit === 'ai' || route.rateLimit === 'ai-session' || route.streamed) return timeouts.aiMs;
  return SAFE_METHODS.has(method) ? timeouts.readMs : timeouts.writeMs;
}

/**
 * `/api/*`: finds the owning service in the route table, checks the session (401 on protected
 * routes), applies the route's rate limit, and streams the request to the service unchanged except
 * for the headers: the client's `x-internal-identity` is always dropped, the gateway-signed one is
 * added for a valid session, and the request id travels along. Bodies are not parsed here, only
 * counted against the route's size limit, so a 25 MB upload streams straight through.
 */
export async function apiProxyRoutes(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { services, agent, sessions, budgets, timeouts, breaker, failures } = options;

  app.decorateRequest('apiRoute', null);
  app.decorateRequest('circuitCall', null);
  // Every body passes through raw; the owning service parses and validates it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const route = request.apiRoute;
    const limit = route?.maxBodyBytes ?? DEFAULT_API_BODY_LIMIT;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      done(bodyTooLarge());
      return;
    }
    const limited = limitBody(limit);
    pipeline(payload, limited, () => {
      // Errors reach the upstream request through `limited`; nothing else to do here.
    });
    done(null, limited);
  });

  await app.register(replyFrom, {
    undici: agent,
    disableRequestLogging: true,
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    const route = AMBIGUOUS_PATH.test(path) ? undefined : findApiRoute(path);
    if (!route) throw notFound(`No route for ${request.method} ${path}`);
    request.apiRoute = route;
    // Timed by its route-table entry, not by fastify's `/api/*`.
    setMetricsRoute(request, route.prefix);
    const session = await loadSession(request, sessions);
    if (!route.public) requireSession(session);
    await spendBudget(budgets, route, request);
    if (!services[route.service]) throw new HttpError(503, serviceUnavailableMessage(route.service));
    // A service that keeps failing is not waited for again and again: a clear 503 at once.
    const call = breaker.begin(route.service);
    if (!call) throw new HttpError(503, serviceUnavailableMessage(route.service));
    request.circuitCall = call;
    // However the request ends (answered, its body refused, its caller gone, an error thrown), a call
    // still without a verdict gives its place back, so a half-open circuit is never left waiting.
    reply.raw.once('close', call.released);
  });

  // A request refused before its body was read (too large, upstream gone) leaves bytes on the
  // connection that would be read as the next request: close it instead of keeping it alive.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    // A logout auth accepted ends the session here before the answer leaves: the caller's next request
    // (or a replayed cookie) is refused at once, whenever auth's revocation event arrives.
    const session = request.gatewaySession;
    if (request.apiRoute?.prefix === LOGOUT_PREFIX && request.method === 'POST' && reply.statusCode < 300 && session?.kind === 'valid')
      sessions.ended(session.identity.sessionId);
  });

  const proxy = (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.apiRoute;
    const call = request.circuitCall;
    const base = route ? services[route.service] : undefined;
    if (!route || !call || !base) throw notFound();
    const service = route.service;
    // The caller going away before the answer (closed tab, dropped connection) ends the service's request too.
    const { key: callerKey, signal: caller } = registerCaller(reply);
    return reply.from(`${base}${pathOf(request.url)}`, {
      timeout: timeoutFor(route, request.method, timeouts),
      rewriteHeaders: (headers) => {
        call.succeeded();
        return headers;
      },
      rewriteRequestHeaders: (proxied, headers) => {
        // Already removed on arrival; removed again so that no code path can forward a client's claim.
        delete headers[IDENTITY_HEADER];
        const session = proxied.gatewaySession;
        if (session?.kind === 'valid') headers[IDENTITY_HEADER] = session.identityToken;
        headers[REQUEST_ID_HEADER] = proxied.id;
        headers[CALLER_HEADER] = callerKey;
        return headers;
      },
      // A service's 503 goes back to the caller as it is (reply-from would retry GETs); retrying only
      // multiplies the load. A read whose connection was lost is asked once more (retryLostRead).
      retryDelay: retryLostRead,
      onError: (failedReply, { error }) => {
        // Nobody to answer, and not the service's fault: no verdict.
        if (caller.aborted) {
          call.released();
          return;
        }
        const known = httpErrorIn(error);
        if (known) {
          // The caller's body was refused on its way (too large): no verdict on the service either.
          call.released();
          void failedReply.code(known.statusCode).send({ message: known.message });
          return;
        }
        // The verdict first (it may ask the service whether it is alive), so the next request meets a circuit that knows.
        const message = isUpstreamTimeout(error) ? serviceTimeoutMessage(service) : serviceUnavailableMessage(service);
        void failures
          .judge(call, service, error, { caller: rateLimitKeyOf(request), expensive: isExpensive(route) })
          .then(() => failedReply.code(503).send({ message }));
      },
    });
  };

  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  app.route({ method: [...methods], url: '/api', handler: proxy });
  app.route({ method: [...methods], url: '/api/*', handler: proxy });
}
