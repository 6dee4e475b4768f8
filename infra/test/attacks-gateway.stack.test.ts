import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

/**
 * What a penetration test of the running product found at its front door, kept as attacks against
 * the whole stack (real gateway, services and nats-server) so that they stay fixed. Each would
 * succeed on the code before the fix.
 */
let stack: StackHandle & { dataDir: string };
const AI_PER_MINUTE = 6;

// Owns its stack: it tightens the gateway's budgets, timeouts and circuit breaker for every caller.
beforeAll(async () => {
  stack = await startTestStack({
    env: {
      RATE_LIMIT_AI_PER_MINUTE: String(AI_PER_MINUTE),
      RATE_LIMIT_WRITES_PER_MINUTE: '60',
      UPSTREAM_READ_TIMEOUT_MS: '1500',
      CIRCUIT_BREAKER_FAILURES: '2',
      CIRCUIT_BREAKER_OPEN_MS: '4000',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function signedIn(base = stack.gatewayUrl): Promise<ApiClient> {
  const client = new ApiClient(base);
  const reply = await client.post('/api/users/register', { email: uniqueEmail('attack'), firstName: 'Eve', lastName: 'Tester', password: GOOD_PASSWORD });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return client;
}

/** `bytes` bytes of MP3: silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono, 417 bytes each), the last one cut. */
function silentMp3(bytes: number): Buffer {
  const audio = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += 417) audio.set([0xff, 0xfb, 0x90, 0xc0].slice(0, bytes - at), at);
  return audio;
}

const aliased = (count: number, field: (alias: string) => string) => `mutation { ${Array.from({ length: count }, (_, i) => field(`a${i}`)).join(' ')} }`;
const processTextField = (alias: string) => `${alias}: processText(text: "I led the launch") { aiResponse }`;

describe('1. AI work and changes are counted per operation, REST and GraphQL alike', () => {
  it('refuses 500 aliased processText fields in one document, and spends nothing', async () => {
    const client = await signedIn();
    const flood = await client.post('/graphql', { query: aliased(500, processTextField) });
    expect(flood.status).toBe(400);
    expect(flood.body.errors?.[0]?.message).toBe('A request may make at most 3 changes at once.');
    expect((await client.post('/api/process-text', { text: 'Still allowed' })).status).toBe(200);
  });

  it('refuses 200 aliased createThread fields, and makes no thread', async () => {
    const client = await signedIn();
    const flood = await client.post('/graphql', { query: aliased(200, (alias) => `${alias}: createThread { id }`) });
    expect(flood.status).toBe(400);
    expect((await client.get('/api/conversation-threads')).body).toEqual([]);
  });

  it('charges REST calls and GraphQL fields against one AI budget', async () => {
    const client = await signedIn();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/process-text', { text: `REST ${i}` })).status).toBe(200);
    const three = await client.post('/graphql', { query: aliased(3, processTextField) });
    expect(three.status).toBe(200);
    expect(Object.keys(three.body.data ?? {})).toHaveLength(3);
    const rest = await client.post('/api/process-text', { text: 'one too many' });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const graphql = await client.post('/graphql', { query: aliased(1, processTextField) });
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('11. budgets hold with more than one gateway', () => {
  it('spends a user’s AI budget once across two gateways in front of one stack', async () => {
    const second = await stack.addGateway();
    const client = await signedIn();
    const other = new ApiClient(second);
    for (const name of ['session', 'csrf_token']) other.setCookie(name, client.cookie(name) ?? '');
    const statuses: number[] = [];
    for (let i = 0; i < AI_PER_MINUTE + 2; i++) {
      const via = i % 2 === 0 ? client : other;
      statuses.push((await via.post('/api/process-text', { text: `turn ${i}` })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(AI_PER_MINUTE);
    expect(statuses.slice(AI_PER_MINUTE)).toEqual([429, 429]);
  });
});

describe('6. the CSRF token belongs to one session', () => {
  it('refuses a token taken from another session, and the Origin of another scheme', async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const planted = new ApiClient(stack.gatewayUrl);
    planted.setCookie('session', victim.cookie('session') ?? '');
    planted.setCookie('csrf_token', attacker.cookie('csrf_token') ?? '');
    const refused = await planted.post('/api/conversation-threads');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Invalid or missing CSRF token' });

    const origin = new URL(stack.gatewayUrl);
    const otherScheme = await victim.request('POST', '/api/conversation-threads', {}, { origin: `https://${origin.host}` });
    expect(otherScheme.status).toBe(403);
    expect((await victim.request('POST', '/api/conversation-threads', {}, { origin: origin.origin })).status).toBe(201);
  });

  it('hands out a token for the new session with the sign-in answer', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    await client.get('/api/csrf-token');
    const before = client.cookie('csrf_token');
    const reply = await client.post('/api/users/register', { email: uniqueEmail('csrf'), firstName: 'New', lastName: 'Session', password: GOOD_PASSWORD });
    expect(reply.status).toBe(201);
    expect(client.cookie('csrf_token')).not.toBe(before);
    expect((await client.post('/api/conversation-threads')).status).toBe(201);
  });
});

describe('7. ids are decimal positive integers only', () => {
  it('refuses ids written as arrays, hex, padded, booleans or exponents, in bodies and paths', async () => {
    const client = await signedIn();
    const threadId = (await client.post('/api/conversation-threads')).body.threadId as number;
    for (const forged of [[threadId], `0x${threadId.toString(16)}`, ` ${threadId} `, String(threadId), true]) {
      const saved = await client.post('/api/conversations', { threadId: forged, userMessage: 'mine', aiResponse: 'yours' });
      expect(saved.status, JSON.stringify(forged)).toBe(400);
    }
    for (const path of ['1e3', '0x10', `0${threadId}`, `%20${threadId}`]) {
      expect((await client.get(`/api/conversation-threads/${path}`)).status, path).toBe(400);
    }
    expect((await client.get(`/api/conversation-threads/${threadId}`)).status).toBe(200);
  });
});

describe('3. saved audio stays out of thread reads', () => {
  it('reads a thread without its audio, and the audio only from its own URL, privately cached', async () => {
    const client = await signedIn();
    const threadId = (await client.post('/api/conversation-threads')).body.threadId as number;
    const audio = silentMp3(300_000).toString('base64');
    expect((await client.post('/api/conversations', { threadId, userMessage: 'spoken', aiResponse: 'reply', audioResponse: audio })).status).toBe(201);
    const thread = await client.get(`/api/conversation-threads/${threadId}`);
    expect(JSON.stringify(thread.body).length).toBeLessThan(2000);
    const url = thread.body[0]?.audioUrl as string;
    const response = await fetch(`${stack.gatewayUrl}${url}`, { headers: { cookie: `session=${client.cookie('session') ?? ''}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
    expect((await response.arrayBuffer()).byteLength).toBe(300_000);
  });
});

describe('saved audio is audio (penetration test, point 9)', () => {
  it('refuses an HTML page saved as a spoken reply, so it is never served back as audio/mpeg', async () => {
    const client = await signedIn();
    const threadId = (await client.post('/api/conversation-threads')).body.threadId as number;
    const page = Buffer.from('<!doctype html><html><body><script>fetch("/api/users/me").then((r) => r.text()).then(alert)</script></body></html>');
    const saved = await client.post('/api/conversations', { threadId, userMessage: 'spoken', aiResponse: 'reply', audioResponse: page.toString('base64') });
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({ message: 'audioResponse must be MP3 audio' });
    expect((await client.get(`/api/conversation-threads/${threadId}`)).body).toEqual([]);
  });
});

describe('10. small leaks', () => {
  it('sets no cookie on cacheable static files', async () => {
    const page = await fetch(`${stack.gatewayUrl}/`);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${stack.gatewayUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.getSetCookie()).toEqual([]);
  });

  it('answers no introspection and no field suggestions outside development, and 400 for client mistakes', async () => {
    const client = await signedIn();
    const introspection = await client.post('/graphql', { query: '{ __schema { types { name } } }' });
    expect(introspection.status).toBe(400);
    const typo = await client.post('/graphql', { query: '{ me { emial } }' });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean/);
    const unknownOperation = await client.post('/graphql', { query: 'query A { me { email } }', operationName: 'B' });
    expect(unknownOperation.status).toBe(400);
  });
});

describe('8. a frozen service does not hold requests for its whole freeze (and 10. readiness tells nothing)', () => {
  it('answers 503 within the read timeout, then fails fast while the service keeps failing, and recovers', async () => {
    const client = await signedIn();
    const conversations = stack.processes.find((process) => process.name === 'conversations');
    expect(conversations).toBeDefined();
    conversations?.child.kill('SIGSTOP');
    try {
      for (let i = 0; i < 2; i++) {
        const started = Date.now();
        const frozen = await client.get('/api/conversation-threads');
        expect(frozen.status).toBe(503);
        expect(frozen.body).toEqual({ message: 'The conversations service did not answer in time' });
        expect(Date.now() - started).toBeLessThan(4000);
      }
      const started = Date.now();
      const fast = await client.get('/api/conversation-threads');
      expect(fast.status).toBe(503);
      expect(fast.body).toEqual({ message: 'The conversations service is not available' });
      expect(Date.now() - started).toBeLessThan(500);
      // 10. The public readiness answer says not ready, and nothing about what failed or how.
      const ready = await fetch(`${stack.gatewayUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready', service: 'gateway' });
    } finally {
      conversations?.child.kill('SIGCONT');
    }
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect((await client.get('/api/conversation-threads')).status).toBe(200);
  });
});
