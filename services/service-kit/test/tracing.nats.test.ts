import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { createServiceApp, type ServiceApp } from '../src/http-app.ts';
import { silentLog } from '../src/nats-link.ts';
import { startResponders } from '../src/nats-responders.ts';
import { connectNats } from '../src/nats.ts';
import { OutboxRelay } from '../src/outbox.ts';
import { openSqlite } from '../src/sqlite.ts';
import { OUTBOX_TABLE_SQL, SqliteOutbox } from '../src/sqlite-outbox.ts';
import { startTracing, stopTracing, tracer } from '../src/telemetry/tracing.ts';

/**
 * Trace context across NATS and HTTP inside one process, with spans kept in memory: a request's
 * server span, the NATS request its handler makes, the responder that answers it, and an event
 * written to the outbox during a request, published by the relay and handled by a durable consumer.
 */
const exporter = new InMemorySpanExporter();
const dir = mkdtempSync(join(tmpdir(), 'kit-tracing-'));
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
let nats: NatsServerHandle;
let asker: NatsConnection;
let answerer: NatsConnection;
let stopResponders: () => Promise<void>;
let app: ServiceApp;
let baseUrl: string;

const spanNamed = (name: string, traceId?: string): ReadableSpan => {
  const found = exporter.getFinishedSpans().find((span) => span.name === name && (!traceId || span.spanContext().traceId === traceId));
  if (!found)
    throw new Error(
      `no span "${name}" among ${exporter
        .getFinishedSpans()
        .map((span) => span.name)
        .join(', ')}`,
    );
  return found;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

beforeAll(async () => {
  expect(await startTracing('kit-test', { exporter })).toBe(true);
  nats = await startNatsServer({ storeDir: join(dir, 'js') });
  asker = await connectNats(nats.url, 'asker');
  answerer = await connectNats(nats.url, 'answerer');
  stopResponders = startResponders(answerer, 'kit', [{ subject: 'kit.echo', answer: async (body) => ({ echoed: body }) }], silentLog);
  app = createServiceApp({ name: 'kit-test', logger: false });
  app.post('/ask', async (request) => (await asker.request('kit.echo', JSON.stringify(request.body), { timeout: 2000 })).json<unknown>());
  app.post('/big', async (request) => {
    await asker.request('kit.echo', '{}', { timeout: 2000 });
    return { size: JSON.stringify(request.body).length };
  });
  app.get('/items/:id', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await stopResponders?.();
  await asker?.close();
  await answerer?.close();
  await app?.close();
  await nats?.stop();
  await stopTracing();
  rmSync(dir, { recursive: true, force: true });
});

describe('traces across HTTP and NATS in one process', () => {
  it('makes a NATS request in a route handler a child of the server span, and the responder a child of the request', async () => {
    // Over a real socket: the handler runs after the body's stream events, which come in the connection's own async context.
    const response = await fetch(`${baseUrl}/ask`, {
      method: 'POST',
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'who?' }),
    });
    expect(await response.json()).toEqual({ echoed: { question: 'who?' } });
    await expect.poll(() => exporter.getFinishedSpans().some((span) => span.name === 'process kit.echo')).toBe(true);

    const server = spanNamed('POST /ask', CALLER_TRACE);
    const client = spanNamed('request kit.echo', CALLER_TRACE);
    const responder = spanNamed('process kit.echo', CALLER_TRACE);
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(parentOf(server)).toBe(CALLER_SPAN);
    expect(server.attributes['http.route']).toBe('/ask');
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(parentOf(client)).toBe(server.spanContext().spanId);
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(responder)).toBe(client.spanContext().spanId);
    expect(responder.kind).toBe(SpanKind.SERVER);
    expect(responder.attributes['messaging.destination.name']).toBe('kit.echo');
  });

  it('keeps the server span active for a handler that runs after a large body arrived in many chunks', async () => {
    exporter.reset();
    const response = await fetch(`${baseUrl}/big`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(600_000) }),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => exporter.getFinishedSpans().some((span) => span.name === 'process kit.echo')).toBe(true);
    const server = spanNamed('POST /big');
    expect(parentOf(spanNamed('request kit.echo'))).toBe(server.spanContext().spanId);
  });

  it('names server spans by route template, marks 5xx failed, and gives unrelated requests their own traces', async () => {
    exporter.reset();
    await app.inject({ method: 'GET', url: '/items/41' });
    await app.inject({ method: 'GET', url: '/items/42' });
    await app.inject({ method: 'GET', url: '/broken' });
    await app.inject({ method: 'GET', url: '/healthz' });
    const items = exporter.getFinishedSpans().filter((span) => span.name === 'GET /items/:id');
    expect(items).toHaveLength(2);
    expect(items[0]?.spanContext().traceId).not.toBe(items[1]?.spanContext().traceId);
    expect(items.map((span) => parentOf(span))).toEqual([undefined, undefined]);
    expect(items[0]?.status.code).not.toBe(SpanStatusCode.ERROR);
    const broken = spanNamed('GET /broken');
    expect(broken.status.code).toBe(SpanStatusCode.ERROR);
    expect(broken.attributes['http.response.status_code']).toBe(500);
    // Probes are not traced.
    expect(exporter.getFinishedSpans().map((span) => span.name)).not.toContain('GET /healthz');
  });

  it('carries the trace of the request that wrote an event through the outbox to the durable consumer', { timeout: 20_000 }, async () => {
    exporter.reset();
    const db = openSqlite(join(dir, 'outbox.sqlite'), [OUTBOX_TABLE_SQL]);
    const outbox = new SqliteOutbox(db);
    // The write happens inside a request's span, as a repository's write inside a route handler does.
    tracer().startActiveSpan('write the change', (span) => {
      outbox.write({ subject: 'events.answer.given', payload: { id: 'traced' } });
      span.end();
    });
    const written = spanNamed('write the change');
    const handled: string[] = [];
    const consumer = new DurableEventConsumer({
      durable: 'kit-traced',
      log: silentLog,
      handle: async (subject) => {
        handled.push(subject);
        await asker.request('kit.echo', '{}', { timeout: 2000 });
        return 'handled';
      },
    });
    await consumer.start(answerer);
    const relay = new OutboxRelay(outbox, 'kit');
    relay.start(asker, silentLog);
    try {
      await expect.poll(() => handled, { timeout: 10_000 }).toEqual(['events.answer.given']);
      await expect.poll(() => exporter.getFinishedSpans().some((span) => span.name === 'process events.answer.given')).toBe(true);
    } finally {
      await consumer.stop();
      await relay.stop();
      db.close();
    }
    const traceId = written.spanContext().traceId;
    const publishes = exporter.getFinishedSpans().filter((span) => span.name === 'request events.answer.given');
    expect(publishes).toHaveLength(1);
    const publish = spanNamed('request events.answer.given', traceId);
    const consumed = spanNamed('process events.answer.given', traceId);
    expect(parentOf(publish)).toBe(written.spanContext().spanId);
    expect(parentOf(consumed)).toBe(publish.spanContext().spanId);
    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    // What the handler asks continues the same trace.
    await expect
      .poll(() => exporter.getFinishedSpans().filter((span) => span.name === 'request kit.echo' && parentOf(span) === consumed.spanContext().spanId))
      .toHaveLength(1);
  });
});
