import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectProcessMetrics, httpRequestDuration, metricsText } from './metrics.ts';

/** Probes and scrapes: answered all the time, and not what a latency panel is about. */
const UNTIMED_ROUTES = new Set(['/metrics', '/healthz', '/readyz']);
/** The one label of every request no route matched, so probing random paths adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

const routeLabels = new WeakMap<FastifyRequest, string>();

/**
 * Names the route of a request more precisely than its fastify route (the gateway's `/api/*`
 * proxy: the route-table prefix it matched). Must be a bounded value, never the raw path.
 */
export function setMetricsRoute(request: FastifyRequest, route: string): void {
  routeLabels.set(request, route);
}

/** Where the process's `/metrics` is: on this app's port, or on an internal listener elsewhere (then 404 here). */
export type MetricsExposure = 'here' | 'elsewhere';

/**
 * Times every request into `story_http_request_duration_seconds` (route template, never the raw
 * URL) and serves `/metrics` on this app, or answers it 404 when the metrics live on an internal port.
 */
export function registerHttpMetrics(app: FastifyInstance, service: string, exposure: MetricsExposure): void {
  collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const template = request.routeOptions.url;
    if (template !== undefined && UNTIMED_ROUTES.has(template)) return;
    const route = routeLabels.get(request) ?? template ?? UNMATCHED_ROUTE;
    httpRequestDuration.observe({ service, method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (exposure === 'elsewhere') {
    app.get('/metrics', async (request, reply) => reply.status(404).send({ message: `No route for ${request.method} /metrics` }));
    return;
  }
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metricsText();
    return reply.type(contentType).send(body);
  });
}
