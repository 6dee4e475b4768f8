import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createServiceApp, startDraining } from './http-app.ts';
import { notFound, parseInput } from './errors.ts';

describe('service app', () => {
  const app = createServiceApp({ name: 'test', logger: false, bodyLimit: 1024, readiness: { database: () => undefined } });
  app.post('/echo', async (request) => parseInput(z.object({ name: z.string('name is required').min(1, 'name is required') }), request.body));
  app.get('/missing', async () => {
    throw notFound('Thing not found');
  });
  app.get('/crash', async () => {
    throw new Error('secret database password in message');
  });

  it('answers every error as { message } with a fitting status', async () => {
    const cases: [InjectOptions, number, string][] = [
      [{ method: 'POST', url: '/echo', payload: '{"name":', headers: { 'content-type': 'application/json' } }, 400, 'Request body is not valid JSON'],
      [{ method: 'POST', url: '/echo', payload: { name: { $gt: '' } } }, 400, 'name is required'],
      [{ method: 'POST', url: '/echo', payload: {} }, 400, 'name is required'],
      [{ method: 'POST', url: '/echo', payload: { name: 'x'.repeat(5000) } }, 413, 'Request body is too large'],
      [{ method: 'GET', url: '/missing' }, 404, 'Thing not found'],
      [{ method: 'GET', url: '/nowhere?x=1' }, 404, 'No route for GET /nowhere'],
      [{ method: 'GET', url: '/crash' }, 500, 'Internal server error'],
    ];
    for (const [request, status, message] of cases) {
      const reply = await app.inject(request);
      expect(reply.statusCode, JSON.stringify(request)).toBe(status);
      expect(reply.json()).toEqual({ message });
    }
  });

  it('keeps a well-formed request id from the gateway and makes one otherwise', async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness from its checks', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const failing = createServiceApp({
      name: 'x',
      logger: false,
      readiness: {
        nats: () => {
          throw new Error('down');
        },
      },
    });
    const reply = await failing.inject({ url: '/readyz' });
    expect(reply.statusCode).toBe(503);
    // Only ready or not: what failed (and how) stays in the log.
    expect(reply.json()).toEqual({ status: 'not ready', service: 'x' });
  });
});

describe('a service app told to stop', () => {
  it('answers /readyz 503 at once, still serves, and closes each connection after its answer', async () => {
    const app = createServiceApp({ name: 'test', logger: false, readiness: { database: () => undefined } });
    app.get('/work', async () => ({ done: true }));
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/work' })).headers.connection).not.toBe('close');

    startDraining(app);
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'shutting down', service: 'test' });
    const work = await app.inject({ method: 'GET', url: '/work' });
    expect(work.statusCode).toBe(200);
    expect(work.json()).toEqual({ done: true });
    expect(work.headers.connection).toBe('close');
  });
});
