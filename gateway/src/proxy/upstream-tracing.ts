import { SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import { HTTP_ATTRIBUTES, recordFailure, tracer, tracingEnabled } from '@story/service-kit/telemetry/tracing';
import type { Dispatcher } from 'undici';

/** A request to a service with its client span's context in its headers. */
export interface TracedUpstreamRequest<TOpaque> {
  options: Dispatcher.RequestOptions<TOpaque>;
  /** Ends the span with the service's status, or with what failed. */
  end(error: Error | null, statusCode: number | undefined): void;
}

/** `headers` with `extra` added, in whichever of undici's shapes they came. */
function withHeaders(headers: Dispatcher.RequestOptions['headers'], extra: Record<string, string>): Dispatcher.RequestOptions['headers'] {
  if (!headers) return extra;
  if (Array.isArray(headers)) return [...(headers as string[]), ...Object.entries(extra).flat()];
  if (Symbol.iterator in headers) return [...(headers as Iterable<[string, string | string[] | undefined]>), ...Object.entries(extra)];
  return { ...headers, ...extra };
}

/**
 * A client span for a request the gateway sends to a service (a proxied REST call, a subgraph
 * fetch), child of the incoming request's span, with its W3C `traceparent` in the request's headers
 * so the service's server span continues the same trace. Undefined when nothing is traced (tracing
 * off, or a readiness probe outside any request).
 */
export function traceUpstreamRequest<TOpaque>(options: Dispatcher.RequestOptions<TOpaque>): TracedUpstreamRequest<TOpaque> | undefined {
  if (!tracingEnabled() || !trace.getActiveSpan()) return undefined;
  const origin = String(options.origin ?? '');
  const span: Span = tracer().startSpan(`${options.method} ${options.path.split('?')[0]}`, {
    kind: SpanKind.CLIENT,
    attributes: { [HTTP_ATTRIBUTES.method]: options.method, [HTTP_ATTRIBUTES.path]: options.path.split('?')[0], [HTTP_ATTRIBUTES.server]: origin },
  });
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  return {
    options: { ...options, headers: withHeaders(options.headers, carrier) },
    end: (error, statusCode) => {
      if (error) recordFailure(span, error);
      if (statusCode !== undefined) {
        span.setAttribute(HTTP_ATTRIBUTES.statusCode, statusCode);
        if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}
