import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_REGISTRY } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { workerCount, type StackHandle } from '../src/stack.ts';
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from './support/otlp-collector.ts';

/**
 * `SPEECH_WORKERS=n make run` (issue 8): the stack starts n speech workers as their own processes,
 * and any of them serves an upload: with the first one killed, the second still answers; with both
 * gone, the upload gets a clear 503. Every process exports its traces (issue 25, 3) to a collector
 * kept in this test's memory, so one upload can be followed through the gateway, the speech front
 * and the worker that transcribed it.
 */
const SPOKEN = 'I led the migration of our checkout database to a new system. We finished two weeks early.';
const speechWorker = SERVICE_REGISTRY.find((service) => service.name === 'speech')?.workers[0];
const dir = mkdtempSync(join(tmpdir(), 'speech-workers-'));
let stack: StackHandle;
let collector: OtlpCollector;

// Owns its stack: it runs several speech workers and stops them, with an OTLP collector of its own.
beforeAll(async () => {
  execFileSync('flite', ['-voice', 'rms', '-t', SPOKEN, '-o', join(dir, 'answer.wav')]);
  collector = await startOtlpCollector();
  stack = await startTestStack({
    services: ['auth', 'conversations', 'speech'],
    env: { SPEECH_WORKERS: '2', OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' },
  });
});
afterAll(async () => {
  await stack?.stop();
  await collector?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(client: ApiClient) {
  const form = new FormData();
  form.set('audio', new Blob([readFileSync(join(dir, 'answer.wav'))], { type: 'audio/wav' }), 'answer.wav');
  form.set('conversationHistory', '[]');
  return client.request('POST', '/api/transcribe', form);
}

describe('speech workers started by the stack', () => {
  it('reads the worker count from SPEECH_WORKERS: one by default, and a clear error for a bad value', () => {
    expect(speechWorker?.countEnv).toBe('SPEECH_WORKERS');
    if (!speechWorker) return;
    expect(workerCount(speechWorker, {})).toBe(1);
    expect(workerCount(speechWorker, { SPEECH_WORKERS: '' })).toBe(1);
    expect(workerCount(speechWorker, { SPEECH_WORKERS: '3' })).toBe(3);
    expect(workerCount(speechWorker, { SPEECH_WORKERS: '0' })).toBe(0);
    for (const bad of ['two', '-1', '1.5', '33'])
      expect(() => workerCount(speechWorker, { SPEECH_WORKERS: bad })).toThrow(`SPEECH_WORKERS must be a whole number from 0 to 32, got "${bad}"`);
  });

  it("follows one upload's trace across three processes: gateway, speech front, speech worker", async () => {
    const client = new ApiClient(stack.gatewayUrl);
    expect(
      (await client.post('/api/users/register', { email: uniqueEmail('traced'), firstName: 'Ada', lastName: 'Park', password: GOOD_PASSWORD })).status,
    ).toBe(201);
    const uploaded = await upload(client);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    // The gateway's span for the upload starts the trace; the worker's arrives within a batch delay.
    const gatewaySpanOf = (path: string) =>
      collector.spans.find((span) => span.service === 'gateway' && span.kind === 2 && span.attributes['url.path'] === path);
    await expect.poll(() => gatewaySpanOf('/api/transcribe'), { timeout: 10_000 }).toBeDefined();
    const root = gatewaySpanOf('/api/transcribe') as CollectedSpan;
    expect(root.parentSpanId).toBe('');
    const inTrace = () => collector.spans.filter((span) => span.traceId === root.traceId);
    const named = (service: string, name: string) => inTrace().find((span) => span.service === service && span.name === name);
    await expect.poll(() => named('speech-worker', 'process speech.transcribe'), { timeout: 10_000 }).toBeDefined();
    // Auth checks the session, conversations gives the person's vocabulary: all in the same trace.
    expect(new Set(inTrace().map((span) => span.service))).toEqual(new Set(['gateway', 'auth', 'conversations', 'speech', 'speech-worker']));

    // Each hop's span is the child of the span that called it, in the process before.
    const byId = new Map(inTrace().map((span) => [span.spanId, span]));
    const parentOf = (span: CollectedSpan | undefined) => byId.get(span?.parentSpanId ?? '');
    const worker = named('speech-worker', 'process speech.transcribe');
    expect(worker?.kind).toBe(5);
    const asked = parentOf(worker);
    expect([asked?.service, asked?.name, asked?.kind]).toEqual(['speech', 'request speech.transcribe', 3]);
    const front = named('speech', 'POST /api/transcribe');
    expect(front?.kind).toBe(2);
    expect(parentOf(asked)?.spanId).toBe(front?.spanId);
    const proxied = parentOf(front);
    expect([proxied?.service, proxied?.name, proxied?.kind]).toEqual(['gateway', 'POST /api/transcribe', 3]);
    expect(parentOf(proxied)?.spanId).toBe(root.spanId);

    // An unrelated request (the sign-up) has a trace of its own.
    const signUp = gatewaySpanOf('/api/users/register');
    expect(signUp?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(signUp?.traceId).not.toBe(root.traceId);
  });

  it("continues a GraphQL request's trace into the subgraph the gateway fetches from", async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const email = uniqueEmail('traced-graphql');
    expect((await client.post('/api/users/register', { email, firstName: 'Ada', lastName: 'Park', password: GOOD_PASSWORD })).status).toBe(201);
    const answer = await client.post('/graphql', { query: '{ me { email } }' });
    expect(answer.body).toEqual({ data: { me: { email } } });
    const subgraphSpan = () => {
      const roots = collector.spans.filter((span) => span.service === 'gateway' && span.name === 'POST /graphql' && span.kind === 2);
      return collector.spans.find((span) => span.service === 'auth' && span.kind === 2 && roots.some((root) => root.traceId === span.traceId));
    };
    await expect.poll(subgraphSpan, { timeout: 10_000 }).toBeDefined();
    const subgraphFetch = collector.spans.find((span) => span.spanId === subgraphSpan()?.parentSpanId);
    expect([subgraphFetch?.service, subgraphFetch?.kind]).toEqual(['gateway', 3]);
  });

  it('runs two workers as their own processes, and either one serves an upload', async () => {
    const workers = stack.processes.filter((running) => running.name.startsWith('speech-worker'));
    expect(workers.map((running) => running.name).sort()).toEqual(['speech-worker-1', 'speech-worker-2']);
    expect(new Set(workers.map((running) => running.child.pid)).size).toBe(2);
    for (const running of workers) expect((await fetch(`${running.url}/readyz`)).status).toBe(200);

    const client = new ApiClient(stack.gatewayUrl);
    expect(
      (await client.post('/api/users/register', { email: uniqueEmail('workers'), firstName: 'Maya', lastName: 'Angelou', password: GOOD_PASSWORD })).status,
    ).toBe(201);
    const both = await upload(client);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.transcript).toContain('database');

    // The first worker gone, the second answers the same upload the same way.
    const [first, second] = workers;
    first?.child.kill('SIGKILL');
    await new Promise((resolve) => first?.child.once('exit', resolve));
    const one = await upload(client);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.transcript).toBe(both.body.transcript);

    // Both gone: a clear 503, not a hang.
    second?.child.kill('SIGKILL');
    await new Promise((resolve) => second?.child.once('exit', resolve));
    const none = await upload(client);
    expect(none.status).toBe(503);
    expect(none.body).toEqual({ message: 'The speech service is not available' });
  });
});
