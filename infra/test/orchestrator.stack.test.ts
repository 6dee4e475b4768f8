import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

/** What `make run` does when a service dies: it says so, starts it again on the same port, and nothing is lost. */
const events: string[] = [];
let stack: StackHandle;
let restarted: () => void;
const restartedOnce = new Promise<void>((resolve) => (restarted = resolve));

// Owns its stack: it is the orchestrator's own test (crashes, restarts, shutdown).
beforeAll(async () => {
  stack = await startTestStack({
    services: ['auth'],
    restartOnCrash: true,
    onExit: (name, _code, signal, restarting) => events.push(`${name} exited (${signal}) restarting=${restarting}`),
    onRestarted: (name) => {
      events.push(`${name} restarted`);
      restarted();
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the orchestrator', () => {
  it('reports a crashed service and restarts it with its data intact', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const email = uniqueEmail('crash');
    expect((await client.post('/api/users/register', { email, firstName: 'Ada', lastName: 'L', password: GOOD_PASSWORD })).status).toBe(201);

    const auth = stack.processes.find((p) => p.name === 'auth');
    const firstPid = auth?.child.pid;
    auth?.child.kill('SIGKILL');
    await restartedOnce;

    expect(events).toEqual(['auth exited (SIGKILL) restarting=true', 'auth restarted']);
    expect(auth?.child.pid).not.toBe(firstPid);
    expect(auth?.restarts).toBe(1);
    const login = await new ApiClient(stack.gatewayUrl).post('/api/users/login', { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    // The session made before the crash is still good: sessions live in auth's database.
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('stops every process it started', async () => {
    const children = stack.processes.map((p) => p.child);
    await stack.stop();
    for (const child of children) expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    expect(stack.nats?.process.exitCode !== null || stack.nats?.process.signalCode !== null).toBe(true);
  });
});
