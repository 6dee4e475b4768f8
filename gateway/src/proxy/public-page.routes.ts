import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Agent } from 'undici';
import {
  IDENTITY_HEADER,
  PUBLIC_PAGE_ROUTES,
  REQUEST_ID_HEADER,
  serviceTimeoutMessage,
  serviceUnavailableMessage,
  type PublicPageRoute,
  type ServiceName,
} from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { pathOf } from '../security/security-headers.hooks.ts';
import type { CircuitBreaker, UpstreamTimeouts } from './circuit-breaker.ts';
import { isUpstreamTimeout, type UpstreamFailureJudge } from './upstream-failures.ts';

export interface PublicPageOptions {
  services: Partial<Record<ServiceName, string>>;
  agent: Agent;
  timeouts: UpstreamTimeouts;
  breaker: CircuitBreaker;
  failures: UpstreamFailureJudge;
}

/** Only these headers reach the service: a public page learns nothing of who asks (no cookie, no identity). */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'user-agent', 'if-none-match'];

/**
 * Pages a service renders for anyone (`PUBLIC_PAGE_ROUTES`: the public profile at `/p/{slug}`):
 * GET and HEAD only, no session looked at and none forwarded, the visitor's host and scheme passed
 * on for the page's own address. The security headers (CSP without inline scripts) apply as everywhere.
 */
export async function publicPageRoutes(app: FastifyInstance, options: PublicPageOptions): Promise<void> {
  const { services, agent, timeouts, breaker, failures } = options;
  await app.register(replyFrom, { undici: agent, disableRequestLogging: true });

  const proxy = (route: PublicPageRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const base = services[route.service];
    const call = base ? breaker.begin(route.service) : undefined;
    if (!base || !call) throw new HttpError(503, serviceUnavailableMessage(route.service));
    // However the request ends (its visitor gone, an error thrown), a call still without a verdict gives its place back.
    reply.raw.once('close', call.released);
    return reply.from(`${base}${pathOf(request.url)}`, {
      timeout: timeouts.readMs,
      rewriteHeaders: (headers) => {
        call.succeeded();
        return headers;
      },
      rewriteRequestHeaders: (proxied, incoming) => {
        const headers: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = incoming[name];
          if (typeof value === 'string') headers[name] = value;
        }
        delete headers[IDENTITY_HEADER];
        headers['x-forwarded-host'] = proxied.host;
        headers['x-forwarded-proto'] = proxied.protocol;
        headers[REQUEST_ID_HEADER] = proxied.id;
        return headers;
      },
      retryDelay: () => null,
      onError: (failedReply, { error }) => {
        // The verdict first (it may ask the service whether it is alive), so the next request meets a circuit that knows.
        const message = isUpstreamTimeout(error) ? serviceTimeoutMessage(route.service) : serviceUnavailableMessage(route.service);
        void failures.judge(call, route.service, error, { caller: `ip:${request.ip}`, expensive: false }).then(() => failedReply.code(503).send({ message }));
      },
    });
  };

  for (const route of PUBLIC_PAGE_ROUTES) app.route({ method: ['GET', 'HEAD'], url: `${route.prefix}/*`, handler: proxy(route) });
}
