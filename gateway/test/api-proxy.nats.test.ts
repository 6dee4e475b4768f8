import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@story/proto';
import { generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit/identity';
import { Client } from 'undici';
import { freePort } from '@story/testing/nats';
import { CALLER_HEADER, registeredCallers } from '../src/proxy/upstream.client.ts';
import { browserHeaders, startGatewayBed, type FakeService, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'auth' | 'conversations' | 'speech'>;

beforeAll(async () => {
  bed = await startGatewayBed({
    services: ['auth', 'conversations', 'speech'],
    // Configured but nothing listens there: the service is down.
    env: { SEARCH_URL: `http://127.0.0.1:${await freePort()}` },
    session: { userId: 42, sessionId: 'session-proxy' },
  });
});

afterAll(async () => {
  await bed?.world.close();
});

const lastReceived = (service: FakeService) => {
  const entry = service.received.at(-1);
  if (!entry) throw new Error(`${service.name} received nothing`);
  return entry;
};

describe('REST proxy routing', () => {
  it('sends a public auth route to auth with path and query unchanged', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/check-email?email=Ada%40gmail.com&x=1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { service: string; url: string };
    expect(body.service).toBe('auth');
    expect(body.url).toBe('/api/users/check-email?email=Ada%40gmail.com&x=1');
  });

  it('sends a protected conversations route to conversations with the signed identity', async () => {
    const response = await fetch(`${bed.gateway.url}/api/conversation-threads/7?deleted=false`, { headers: browserHeaders(bed.session) });
    expect(response.status).toBe(200);
    const received = lastReceived(bed.services.conversations);
    expect(received.url).toBe('/api/conversation-threads/7?deleted=false');
    expect(received.identity).toEqual({ userId: 42, isAdmin: false, sessionId: 'session-proxy' });
  });

  it('passes error statuses and bodies of the service back unchanged, without retrying', async () => {
    // The fakes answer the status named at the end of the path.
    for (const status of [400, 409, 503]) {
      const before = bed.services.auth.received.length;
      const response = await fetch(`${bed.gateway.url}/api/users/status/${status}`, { headers: browserHeaders(bed.session) });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message: `answered ${status}` });
      expect(bed.services.auth.received.length).toBe(before + 1);
    }
  });

  it('answers 404 {message} for an /api path no service owns', async () => {
    const before = bed.services.auth.received.length + bed.services.conversations.received.length;
    for (const path of ['/api/nope', '/api', '/api/usersx', '/api/conversation']) {
      const response = await fetch(`${bed.gateway.url}${path}`, { headers: browserHeaders(bed.session) });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: `No route for GET ${path}` });
    }
    expect(bed.services.auth.received.length + bed.services.conversations.received.length).toBe(before);
  });

  it('refuses paths with dot segments, encoded separators or empty segments (no route-class confusion)', async () => {
    const client = new Client(bed.gateway.url);
    try {
      for (const path of [
        '/api/users/login/../../users',
        '/api/users/check-email/..%2f..%2fusers',
        '/api/users/login/%2E%2E/%2e%2e/users',
        '/api/users/./me',
        '/api/users//me',
        '/api/users/login\\..\\users',
      ]) {
        const before = bed.services.auth.received.length;
        const response = await client.request({ method: 'GET', path });
        expect(response.statusCode, path).toBe(404);
        expect(await response.body.json()).toEqual({ message: `No route for GET ${path}` });
        expect(bed.services.auth.received.length, path).toBe(before);
      }
    } finally {
      await client.close();
    }
  });

  it('answers 503 {message} for a route whose service is not configured', async () => {
    const response = await fetch(`${bed.gateway.url}/api/formatted-job-descriptions`, { headers: browserHeaders(bed.session) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The jobs service is not available' });
  });

  it('answers 503 {message} when a configured service does not answer', async () => {
    const response = await fetch(`${bed.gateway.url}/api/story-query`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: '{"query":"x"}',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The search service is not available' });
  });

  it('is not ready while a configured service is down', async () => {
    const response = await fetch(`${bed.gateway.url}/readyz`);
    expect(response.status).toBe(503);
    // Only ready or not to the public: which service failed goes to the log.
    expect(await response.json()).toEqual({ status: 'not ready', service: 'gateway' });
  });

  it('passes Set-Cookie of auth through to the browser', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/login`, {
      method: 'POST',
      headers: { ...browserHeaders(undefined), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@gmail.com', password: 'secret1!' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('session=from-auth'))).toBe(true);
    const received = lastReceived(bed.services.auth);
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toBe('application/json');
  });
});

describe('identity and request id forwarding', () => {
  it('strips an identity header forged by the client on a public route', async () => {
    const attacker = generateSigningKeyPair();
    const forged = await signIdentity({ userId: 1, isAdmin: true, sessionId: 'x' }, await importPrivateKey(attacker.privateKey));
    const response = await fetch(`${bed.gateway.url}/api/users/check-email?email=a@gmail.com`, { headers: { [IDENTITY_HEADER]: forged } });
    expect(response.status).toBe(200);
    const received = lastReceived(bed.services.auth);
    expect(received.headers[IDENTITY_HEADER]).toBeUndefined();
    expect(received.identity).toBeUndefined();
  });

  it('strips even a correctly signed identity header sent by a client', async () => {
    // A token the gateway itself signed (e.g. leaked from a service log) is still not accepted from outside.
    const stolen = await signIdentity({ userId: 1, isAdmin: true, sessionId: 'x' }, await importPrivateKey(bed.world.keys.identity.privateKey));
    await fetch(`${bed.gateway.url}/api/users/check-email?email=a@gmail.com`, { headers: { [IDENTITY_HEADER]: stolen } });
    expect(lastReceived(bed.services.auth).identity).toBeUndefined();
    const unauthenticated = await fetch(`${bed.gateway.url}/api/conversation-threads`, { headers: { [IDENTITY_HEADER]: stolen } });
    expect(unauthenticated.status).toBe(401);
  });

  it('replaces a forged identity with the session one when signed in', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/me`, { headers: browserHeaders(bed.session, { [IDENTITY_HEADER]: 'forged.token.value' }) });
    expect(response.status).toBe(200);
    const received = lastReceived(bed.services.auth);
    expect(typeof received.headers[IDENTITY_HEADER]).toBe('string');
    expect(received.headers[IDENTITY_HEADER]).not.toBe('forged.token.value');
    expect(received.identity).toEqual({ userId: 42, isAdmin: false, sessionId: 'session-proxy' });
  });

  it('forwards the identity on public routes when a session is present', async () => {
    // A session of its own: the logout ends it at the gateway (the next test), and the others keep theirs.
    const leaving = await bed.world.signSession({ userId: 42, sessionId: 'session-forwarded-logout' });
    await fetch(`${bed.gateway.url}/api/users/logout`, { method: 'POST', headers: browserHeaders(leaving) });
    expect(lastReceived(bed.services.auth).identity?.userId).toBe(42);
  });

  it('refuses a session from the moment auth accepted its logout, before the revocation event comes round', async () => {
    const leaving = await bed.world.signSession({ userId: 42, sessionId: 'session-logged-out' });
    expect((await fetch(`${bed.gateway.url}/api/users/me`, { headers: browserHeaders(leaving) })).status).toBe(200);
    // auth (a fake here) publishes no `auth.session.revoked`, and answered "valid" a moment ago (kept 5 s).
    expect((await fetch(`${bed.gateway.url}/api/users/logout`, { method: 'POST', headers: browserHeaders(leaving) })).status).toBe(200);
    const replayed = await fetch(`${bed.gateway.url}/api/users/me`, { headers: browserHeaders(leaving) });
    expect(replayed.status).toBe(401);
    // Another session of the same person is not touched.
    expect((await fetch(`${bed.gateway.url}/api/users/me`, { headers: browserHeaders(bed.session) })).status).toBe(200);
  });

  it('forwards the request id it was given and answers with it', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/check-email?email=a@gmail.com`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
    expect(lastReceived(bed.services.auth).headers['x-request-id']).toBe('trace-abc-123');
  });

  it('makes up a request id when none came and forwards that one', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/check-email?email=a@gmail.com`, { headers: { 'x-request-id': 'bad id with spaces' } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastReceived(bed.services.auth).headers['x-request-id']).toBe(id);
  });
});

describe('request bodies', () => {
  const multipart = (boundary: string, file: Buffer): Buffer =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="talk.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="conversationHistory"\r\n\r\n[]\r\n--${boundary}--\r\n`),
    ]);

  it('streams a 20 MB multipart upload through intact', async () => {
    const boundary = `----story${randomBytes(8).toString('hex')}`;
    const body = multipart(boundary, randomBytes(20 * 1024 * 1024));
    const response = await fetch(`${bed.gateway.url}/api/transcribe`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { bodySha256: string; bodyLength: number };
    expect(answer.bodyLength).toBe(body.length);
    expect(answer.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(lastReceived(bed.services.speech).headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
  });

  it('streams a chunked upload (no content-length) through intact', async () => {
    const chunks = [randomBytes(300_000), randomBytes(300_000), randomBytes(123)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${bed.gateway.url}/api/transcribe`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/octet-stream' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { bodySha256: string };
    expect(answer.bodySha256).toBe(createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));
  });

  it('refuses a JSON body over 1 MB with 413 {message} before it reaches the service', async () => {
    const before = bed.services.conversations.received.length;
    const response = await fetch(`${bed.gateway.url}/api/process-text`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10), conversationHistory: [] }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
    expect(bed.services.conversations.received.length).toBe(before);
  });

  it('lets a saved pair carry its spoken reply (up to 10 MB) and refuses more', async () => {
    const save = (audioBytes: number) =>
      fetch(`${bed.gateway.url}/api/conversations`, {
        method: 'POST',
        headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
        body: JSON.stringify({ userMessage: 'x', aiResponse: 'y', threadId: 1, audioResponse: 'A'.repeat(audioBytes) }),
      });
    const before = bed.services.conversations.received.length;
    expect((await save(3 * 1024 * 1024)).status).toBe(200);
    expect(bed.services.conversations.received.length).toBe(before + 1);
    const tooBig = await save(10 * 1024 * 1024 + 10);
    expect(tooBig.status).toBe(413);
    expect(bed.services.conversations.received.length).toBe(before + 1);
  });

  it('refuses a chunked body that grows over the limit with 413 {message}', async () => {
    const before = bed.services.conversations.received.length;
    const chunk = randomBytes(256 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${bed.gateway.url}/api/process-text`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // The gateway may answer before the client finished sending; then the answer is 413.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'Request body is too large' });
    }
    expect(bed.services.conversations.received.length).toBe(before);
  });

  it('refuses an upload over 26 MB on the transcribe route with 413', async () => {
    const response = await fetch(`${bed.gateway.url}/api/transcribe`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(26 * 1024 * 1024 + 1),
    }).catch((error: unknown) => error);
    if (!(response instanceof Response)) throw new Error(`no answer: ${String(response)}`);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('passes malformed JSON through for the service to judge', async () => {
    const response = await fetch(`${bed.gateway.url}/api/conversations`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: '{"userMessage": ',
    });
    expect(response.status).toBe(200);
    expect(lastReceived(bed.services.conversations).bodyLength).toBe(16);
  });
});

/** Issue 18, point 2: work nobody waits for is not done, so a caller who leaves is passed on to the service. */
describe('a caller who goes away', () => {
  it('ends the request to the service at once, so the service can cancel its work', async () => {
    const speech = bed.services.speech;
    const abort = new AbortController();
    const answer = fetch(`${bed.gateway.url}/api/transcribe/slow/20000`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: '{}',
      signal: abort.signal,
    }).catch((error: unknown) => error);
    await expect.poll(() => speech.received.some((request) => request.url === '/api/transcribe/slow/20000'), { timeout: 5000, interval: 20 }).toBe(true);
    abort.abort();
    expect(await answer).toBeInstanceOf(Error);
    await expect.poll(() => speech.abandoned, { timeout: 3000, interval: 20 }).toContain('/api/transcribe/slow/20000');
    // A caller leaving is not the service failing: the next request goes through.
    const next = await fetch(`${bed.gateway.url}/api/transcribe/status/200`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(next.status).toBe(200);
  });

  it('names the caller to its own agent only: the service never sees the name, and a name a client sends is dropped', async () => {
    const response = await fetch(`${bed.gateway.url}/api/users/check-email?email=a@gmail.com`, { headers: { [CALLER_HEADER]: '1' } });
    expect(response.status).toBe(200);
    expect(lastReceived(bed.services.auth).headers[CALLER_HEADER]).toBeUndefined();
    // Every caller is forgotten once its answer is sent.
    await expect.poll(() => registeredCallers()).toBe(0);
  });
});

/** Issue 24, 1: the data export is a long streamed answer; the gateway waits for it as long as for AI work, and passes its refusals on. */
describe('a streamed route (the data export)', () => {
  it('waits past the read timeout for `/api/export`, not for an ordinary read; its 409 reaches the caller as {message}', async () => {
    const urls = { AUTH_URL: bed.services.auth.url };
    const gateway = await bed.world.startGateway({ ...urls, UPSTREAM_READ_TIMEOUT_MS: '300', UPSTREAM_AI_TIMEOUT_MS: '5000' });
    const headers = browserHeaders(bed.session);
    const exported = await fetch(`${gateway.url}/api/export/slow/900`, { headers });
    expect(exported.status).toBe(200);
    // Far past the read timeout: undici times requests out on a coarse clock (its fast timers tick every ~0.5 s),
    // so a read 600 ms past it could still be answered on a loaded machine.
    const read = await fetch(`${gateway.url}/api/users/slow/5000`, { headers });
    expect(read.status).toBe(503);
    const refused = await fetch(`${gateway.url}/api/export/status/409`, { headers });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'answered 409' });
  });
});
