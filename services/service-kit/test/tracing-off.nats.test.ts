import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { createServiceApp } from '../src/http-app.ts';
import { connectNats } from '../src/nats.ts';
import { startTracing, tracer, tracingEnabled } from '../src/telemetry/tracing.ts';

/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is registered: the OpenTelemetry API stays its no-op,
 * NATS connections are the client's own, and no message or request carries a trace context.
 */
const dir = mkdtempSync(join(tmpdir(), 'kit-tracing-off-'));
let nats: NatsServerHandle;
let nc: NatsConnection;

beforeAll(async () => {
  expect(await startTracing('kit-off', { env: { OTEL_SERVICE_NAME: 'ignored' } })).toBe(false);
  nats = await startNatsServer({ storeDir: join(dir, 'js') });
  nc = await connectNats(nats.url, 'kit-off');
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('tracing without an OTLP endpoint', () => {
  it('registers nothing: spans do not record and no context is kept or propagated', () => {
    expect(tracingEnabled()).toBe(false);
    tracer().startActiveSpan('unseen', (span) => {
      expect(span.isRecording()).toBe(false);
      expect(trace.getActiveSpan()).toBeUndefined();
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      expect(carrier).toEqual({});
      span.end();
    });
  });

  it('leaves NATS connections unwrapped, and their messages without trace headers', async () => {
    expect(Object.hasOwn(nc, 'request')).toBe(false);
    expect(Object.hasOwn(nc, 'publish')).toBe(false);
    const seen: (MsgHdrs | undefined)[] = [];
    nc.subscribe('kit.off', {
      callback: (_error, msg) => {
        seen.push(msg.headers);
        msg.respond('{}');
      },
    });
    await tracer().startActiveSpan('unseen', async (span) => {
      await nc.request('kit.off', '{}', { timeout: 2000 });
      span.end();
    });
    expect(seen).toEqual([undefined]);
  });

  it('adds no hooks to the HTTP app: a request with a traceparent is served as before', async () => {
    const app = createServiceApp({ name: 'kit-off', logger: false });
    app.get('/plain', async () => ({ active: trace.getActiveSpan() !== undefined }));
    const response = await app.inject({ method: 'GET', url: '/plain', headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
    expect(response.json()).toEqual({ active: false });
    await app.close();
  });
});
