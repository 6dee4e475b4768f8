import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HTTP_ATTRIBUTES, tracer, tracingEnabled } from './tracing.ts';

/** Probes and scrapes: asked every few seconds, and no request's story. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

const requestSpans = new WeakMap<FastifyRequest, Span>();

function endSpan(request: FastifyRequest, statusCode: number | undefined): void {
  const span = requestSpans.get(request);
  if (!span) return;
  requestSpans.delete(request);
  if (statusCode !== undefined) span.setAttribute(HTTP_ATTRIBUTES.statusCode, statusCode);
  if (statusCode === undefined || statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * A server span for every request of `app` (`METHOD /route/:template`), child of the caller's span
 * when the request carries a W3C `traceparent`. The first hook runs the rest of the request (later
 * hooks, the body, the handler) inside the span's context, so whatever a handler asks over HTTP or
 * NATS becomes the span's child. Nothing is installed when tracing is off.
 */
export function traceRequests(app: FastifyInstance): void {
  if (!tracingEnabled()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && UNTRACED_ROUTES.has(route)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const attributes = {
      [HTTP_ATTRIBUTES.method]: request.method,
      [HTTP_ATTRIBUTES.path]: request.url.split('?')[0],
      ...(route ? { [HTTP_ATTRIBUTES.route]: route } : {}),
    };
    const span = tracer().startSpan(route ? `${request.method} ${route}` : request.method, { kind: SpanKind.SERVER, attributes }, parent);
    const active = trace.setSpan(parent, span);
    requestSpans.set(request, span);
    context.with(active, done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    // A refusal (4xx) is an answer, not a failure: the status code decides, when the response is sent.
    requestSpans.get(request)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    endSpan(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    endSpan(request, undefined);
    done();
  });
}
