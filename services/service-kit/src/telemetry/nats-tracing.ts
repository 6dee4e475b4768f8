import { ROOT_CONTEXT, SpanKind, context, propagation, trace, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { recordFailure, tracer, tracingEnabled } from './tracing.ts';

const headerSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const headerGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => (carrier ? carrier.keys() : []),
  get: (carrier, key) => carrier?.get(key) || undefined,
};

/** `existing` (or new headers) with the active trace context in them. */
export function headersWithTraceContext(existing?: MsgHdrs): MsgHdrs {
  const carrier = existing ?? natsHeaders();
  propagation.inject(context.active(), carrier, headerSetter);
  return carrier;
}

const messagingAttributes = (subject: string) => ({ 'messaging.system': 'nats', 'messaging.destination.name': subject });

/**
 * Makes every request and publish of `nc` carry the active trace context in its headers, whichever
 * helper makes it (asks, session checks, speech jobs, JetStream publishes, which are requests too);
 * a request gets a client span. Without an active span (background work) or with tracing off,
 * nothing changes; JetStream's own API (`$JS.…`, acks) is left alone.
 */
export function traceNatsConnection(nc: NatsConnection): NatsConnection {
  if (!tracingEnabled()) return nc;
  const request = nc.request.bind(nc);
  const publish = nc.publish.bind(nc);
  nc.request = (subject, payload, options) => {
    if (subject.startsWith('$') || !trace.getActiveSpan()) return request(subject, payload, options);
    return tracer().startActiveSpan(`request ${subject}`, { kind: SpanKind.CLIENT, attributes: messagingAttributes(subject) }, async (span) => {
      try {
        return await request(subject, payload, { timeout: 1000, ...options, headers: headersWithTraceContext(options?.headers) });
      } catch (error) {
        recordFailure(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  };
  nc.publish = (subject, payload, options) => {
    if (subject.startsWith('$') || !trace.getActiveSpan()) return publish(subject, payload, options);
    publish(subject, payload, { ...options, headers: headersWithTraceContext(options?.headers) });
  };
  return nc;
}

/**
 * Runs the work a NATS message asks for in a span whose parent is the trace context in the
 * message's headers (the asker's or publisher's span, in another process). With tracing off it
 * only runs the work.
 */
export function inMessageSpan<T>(message: { subject: string; headers?: MsgHdrs | undefined }, kind: 'server' | 'consumer', work: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return work();
  const parent = propagation.extract(ROOT_CONTEXT, message.headers, headerGetter);
  const options = { kind: kind === 'server' ? SpanKind.SERVER : SpanKind.CONSUMER, attributes: messagingAttributes(message.subject) };
  return tracer().startActiveSpan(`process ${message.subject}`, options, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
