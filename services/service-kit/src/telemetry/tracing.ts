import { createRequire } from 'node:module';
import { ROOT_CONTEXT, SpanStatusCode, context, propagation, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { NodeTracerProvider, SpanExporter } from '@opentelemetry/sdk-trace-node';

export interface TracingOptions {
  /** Where OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
  /** Spans go here, one by one, instead of to the OTLP endpoint (tests). */
  exporter?: SpanExporter;
}

let provider: NodeTracerProvider | undefined;

/**
 * The `@opentelemetry/resources` the tracer SDK itself loads. The lock file hoists an older 1.x copy
 * to the root, which is what a bare import resolves to from a bundle; this one is always the SDK's.
 */
function sdkResources(): typeof import('@opentelemetry/resources') {
  const fromKit = createRequire(import.meta.url);
  const fromSdk = createRequire(fromKit.resolve('@opentelemetry/sdk-trace-node'));
  return createRequire(fromSdk.resolve('@opentelemetry/sdk-trace-base'))('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
}

/**
 * Turns tracing on for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans batched to the
 * OTLP/HTTP endpoint, under `service.name` = `serviceName` (OTEL_SERVICE_NAME overrides), W3C trace
 * context as the propagator, async context kept across awaits. Unset, nothing is registered and the
 * API stays a no-op. Call once, at start, before the app and NATS; answers whether tracing is on.
 * The SDK is loaded only then: importing it costs a process about 0.2 s of start-up.
 */
export async function startTracing(serviceName: string, options: TracingOptions = {}): Promise<boolean> {
  if (provider) return true;
  const env = options.env ?? process.env;
  if (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  const [{ BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const { resourceFromAttributes } = sdkResources();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  return true;
}

/** How long shutdown waits for the last spans to reach the collector: one that is down must not hold the process. */
const FLUSH_ON_STOP_MS = 2000;

/** Sends the spans still waiting and turns tracing off again (shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const current = provider;
  provider = undefined;
  if (!current) return;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_ON_STOP_MS);
  });
  await Promise.race([current.shutdown().catch(() => undefined), givenUp]);
  clearTimeout(timer);
  trace.disable();
  propagation.disable();
  context.disable();
}

/** Whether this process records spans (instrumentation is not even installed otherwise). */
export const tracingEnabled = (): boolean => provider !== undefined;

/** The tracer of the platform's own instrumentation. */
export const tracer = (): Tracer => trace.getTracer('@story/service-kit');

/** The W3C `traceparent` of the active span, to keep with work done later (an outbox row); undefined when none. */
export function currentTraceparent(): string | undefined {
  if (!trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a stored `traceparent` names (the root context when there is none). */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** OpenTelemetry's stable HTTP attribute names (semantic-conventions would cost every process an import for five strings). */
export const HTTP_ATTRIBUTES = {
  method: 'http.request.method',
  route: 'http.route',
  statusCode: 'http.response.status_code',
  path: 'url.path',
  server: 'server.address',
} as const;

/** Marks a span failed with what went wrong. */
export function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}
