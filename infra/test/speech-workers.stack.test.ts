import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_REGISTRY } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, startTestStack, uniqueEmail } from '../src/test-stack.ts';
import { workerCount, type StackHandle } from '../src/stack.ts';

/**
 * `SPEECH_WORKERS=n make run` (issue 8): the stack starts n speech workers as their own processes,
 * and any of them serves an upload: with the first one killed, the second still answers; with both
 * gone, the upload gets a clear 503.
 */
const SPOKEN = 'I led the migration of our checkout database to a new system. We finished two weeks early.';
const speechWorker = SERVICE_REGISTRY.find((service) => service.name === 'speech')?.workers[0];
const dir = mkdtempSync(join(tmpdir(), 'speech-workers-'));
let stack: StackHandle;

beforeAll(async () => {
  execFileSync('flite', ['-voice', 'rms', '-t', SPOKEN, '-o', join(dir, 'answer.wav')]);
  stack = await startTestStack({ services: ['auth', 'conversations', 'speech'], env: { SPEECH_WORKERS: '2' } });
});
afterAll(async () => {
  await stack?.stop();
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
