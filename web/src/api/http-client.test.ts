import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  CSRF_HEADER,
  createHttpClient,
  isSignedInOnlyPath,
  httpErrorMessage,
  parseServerMessage,
  readCookieFrom,
  serverMessageOr,
} from './http-client.ts';

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let tokenRequests = 0;

function reply(res: ServerResponse, status: number, body: string, statusText?: string, type = 'application/json') {
  res.statusCode = status;
  if (statusText) res.statusMessage = statusText;
  if (body) res.setHeader('content-type', type);
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = req.url ?? '';
  const csrf = req.headers[CSRF_HEADER];
  seen.push({
    method: req.method ?? '',
    url,
    csrf: typeof csrf === 'string' ? csrf : undefined,
    contentType: req.headers['content-type'],
    body: Buffer.concat(chunks).toString('utf8'),
  });
  switch (url.split('?')[0]) {
    case '/api/csrf-token':
      tokenRequests += 1;
      // Slow enough that concurrent first calls overlap.
      await new Promise((r) => setTimeout(r, 30));
      return reply(res, 200, JSON.stringify({ csrfToken: 'issued-token' }));
    case '/api/ok':
      return reply(res, 200, JSON.stringify({ value: 42 }));
    case '/api/empty':
      return reply(res, 204, '');
    case '/api/text-error':
      return reply(res, 500, 'database exploded', 'Internal Server Error', 'text/plain');
    case '/api/empty-error':
      return reply(res, 503, '', 'Service Unavailable');
    case '/api/json-error':
      return reply(res, 409, JSON.stringify({ message: 'Email already registered' }), 'Conflict');
    case '/api/users/login':
    case '/api/conversation-threads':
    case '/graphql':
    case '/api/users/me':
    case '/api/unauthorized':
      return reply(res, 401, JSON.stringify({ message: 'Not signed in' }), 'Unauthorized');
    case '/api/echo':
      return reply(res, 200, JSON.stringify({ ok: true }));
    case '/api/needs-current-token':
      // The gateway refuses a token of a session that has ended; the issued one is current.
      if (csrf !== 'issued-token') return reply(res, 403, JSON.stringify({ message: 'Invalid or missing CSRF token' }), 'Forbidden');
      return reply(res, 200, JSON.stringify({ ok: true }));
    case '/api/forbidden':
      return reply(res, 403, JSON.stringify({ message: 'Admin access required' }), 'Forbidden');
    default:
      return reply(res, 404, JSON.stringify({ message: 'Not found' }), 'Not Found');
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  tokenRequests = 0;
});

describe('error message rule', () => {
  it('is status, colon, space, then body text or status text', () => {
    expect(httpErrorMessage(500, 'Internal Server Error', 'boom')).toBe('500: boom');
    expect(httpErrorMessage(503, 'Service Unavailable', '')).toBe('503: Service Unavailable');
  });

  it('reads the server message only from a JSON body with a string message', () => {
    expect(parseServerMessage('{"message":"Invalid email or password"}')).toBe('Invalid email or password');
    expect(parseServerMessage('{"message":42}')).toBeUndefined();
    expect(parseServerMessage('{"message":""}')).toBeUndefined();
    expect(parseServerMessage('<html>Bad Gateway</html>')).toBeUndefined();
    expect(parseServerMessage('')).toBeUndefined();
    expect(parseServerMessage('null')).toBeUndefined();
  });

  it('serverMessageOr falls back for non-API errors and bodies without a message', () => {
    expect(serverMessageOr(new ApiError(400, 'Bad Request', '{"message":"Nope"}'), 'Fallback')).toBe('Nope');
    expect(serverMessageOr(new ApiError(502, 'Bad Gateway', 'upstream down'), 'Fallback')).toBe('Fallback');
    expect(serverMessageOr(new TypeError('fetch failed'), 'Fallback')).toBe('Fallback');
    expect(serverMessageOr('a string', 'Fallback')).toBe('Fallback');
  });
});

describe('readCookieFrom', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookieFrom('a=1; csrf_token=abc%3D%3D; b=2', 'csrf_token')).toBe('abc==');
    expect(readCookieFrom('xcsrf_token=no; csrf_token=yes', 'csrf_token')).toBe('yes');
    expect(readCookieFrom('a=1', 'csrf_token')).toBeUndefined();
    expect(readCookieFrom('', 'csrf_token')).toBeUndefined();
  });
});

describe('createHttpClient against a loopback server', () => {
  it('returns parsed JSON and undefined for an empty body', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    await expect(client.get('/api/ok')).resolves.toEqual({ value: 42 });
    await expect(client.get('/api/empty')).resolves.toBeUndefined();
  });

  it('applies a parse function to the body', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    const value = await client.get('/api/ok', {
      parse: (data) => {
        if (typeof data === 'object' && data !== null && 'value' in data && typeof data.value === 'number') return data.value;
        throw new Error('bad shape');
      },
    });
    expect(value).toBe(42);
  });

  it('turns a non-OK response into the generic message', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    await expect(client.get('/api/text-error')).rejects.toThrow('500: database exploded');
    await expect(client.get('/api/empty-error')).rejects.toThrow('503: Service Unavailable');
    const error = await client.get('/api/json-error').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Email already registered"}');
    expect((error as ApiError).serverMessage).toBe('Email already registered');
    expect((error as ApiError).status).toBe(409);
  });

  it('raises on 401 by default and yields null when asked', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    await expect(client.get('/api/unauthorized')).rejects.toThrow('401: {"message":"Not signed in"}');
    await expect(client.get('/api/unauthorized', { on401: 'null' })).resolves.toBeNull();
  });
});

// The same subject in three blocks (reading, the CSRF token, bodies and failures), so that no block grows past 80 lines.
describe('createHttpClient against a loopback server', () => {
  it('sends no CSRF header on GET and asks for no token', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    await client.get('/api/ok');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.csrf).toBeUndefined();
    expect(tokenRequests).toBe(0);
  });

  it('uses the csrf_token cookie on state-changing requests', async () => {
    const client = createHttpClient({ baseUrl, readCookie: (name) => (name === 'csrf_token' ? 'cookie-token' : undefined) });
    await client.post('/api/echo', { a: 1 });
    await client.patch('/api/echo', { b: 2 });
    await client.put('/api/echo', { c: 3 });
    await client.delete('/api/echo');
    expect(tokenRequests).toBe(0);
    expect(seen.map((s) => [s.method, s.csrf])).toEqual([
      ['POST', 'cookie-token'],
      ['PATCH', 'cookie-token'],
      ['PUT', 'cookie-token'],
      ['DELETE', 'cookie-token'],
    ]);
    expect(seen[0]?.contentType).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ a: 1 });
  });

  it('fetches the token once when the cookie is missing, even for concurrent calls', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => undefined });
    await Promise.all([client.post('/api/echo', { n: 1 }), client.post('/api/echo', { n: 2 }), client.delete('/api/echo')]);
    await client.post('/api/echo', { n: 3 });
    expect(tokenRequests).toBe(1);
    const writes = seen.filter((s) => s.url === '/api/echo');
    expect(writes).toHaveLength(4);
    expect(writes.every((s) => s.csrf === 'issued-token')).toBe(true);
  });

  it('reads the __Host- prefixed token cookie first (HTTPS sites)', async () => {
    const cookies: Record<string, string> = { '__Host-csrf_token': 'secure-token', csrf_token: 'plain-token' };
    const client = createHttpClient({ baseUrl, readCookie: (name) => cookies[name] });
    await client.post('/api/echo', {});
    expect(seen[0]?.csrf).toBe('secure-token');
  });

  it('fetches the current token and tries once more when the gateway refuses a stale one', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => 'stale-token' });
    expect(await client.post('/api/needs-current-token', { a: 1 })).toEqual({ ok: true });
    expect(seen.map((s) => [s.url, s.csrf])).toEqual([
      ['/api/needs-current-token', 'stale-token'],
      ['/api/csrf-token', undefined],
      ['/api/needs-current-token', 'issued-token'],
    ]);
    await expect(client.post('/api/forbidden', {})).rejects.toThrow('403: {"message":"Admin access required"}');
    expect(tokenRequests).toBe(1);
  });
});

describe('createHttpClient against a loopback server', () => {
  it('passes FormData through as multipart', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => 't' });
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mp4' }), 'recording.mp4');
    form.append('conversationHistory', '[]');
    await client.post('/api/echo', form);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="conversationHistory"');
    expect(seen[0]?.csrf).toBe('t');
  });

  it('fetchWithCsrf adds the header to a GraphQL POST and keeps the caller headers', async () => {
    const client = createHttpClient({ baseUrl, readCookie: () => 'gql-token' });
    const response = await client.fetchWithCsrf('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ me { id } }"}',
    });
    expect(response.status).toBe(200);
    expect(seen[0]?.csrf).toBe('gql-token');
    expect(seen[0]?.contentType).toBe('application/json');
  });

  it('fails with the generic message when the token endpoint fails', async () => {
    const client = createHttpClient({ baseUrl: `${baseUrl}/missing-prefix`, readCookie: () => undefined });
    await expect(client.post('/api/echo', {})).rejects.toThrow('404: {"message":"Not found"}');
  });
});

describe('a session that ends while the app is open', () => {
  it('is reported for signed-in-only paths, not for a wrong password at login or the start-up check', async () => {
    let ended = 0;
    const client = createHttpClient({ baseUrl, readCookie: () => 'cookie-token', onSessionEnded: () => (ended += 1) });
    await expect(client.post('/api/users/login', { email: 'a@gmail.com', password: 'x' })).rejects.toThrow('401');
    expect(await client.get('/api/users/me', { on401: 'null' })).toBeNull();
    expect(ended).toBe(0);
    await expect(client.get('/api/conversation-threads')).rejects.toThrow('401');
    expect(ended).toBe(1);
    await client.fetchWithCsrf('/graphql', { method: 'POST', body: '{}' });
    expect(ended).toBe(2);
  });

  it('knows which paths need a session', () => {
    expect(isSignedInOnlyPath('/api/conversation-threads?deleted=true')).toBe(true);
    expect(isSignedInOnlyPath('/api/users')).toBe(true);
    expect(isSignedInOnlyPath('/graphql')).toBe(true);
    expect(isSignedInOnlyPath('/api/users/login')).toBe(false);
    expect(isSignedInOnlyPath('/api/users/check-email?email=a')).toBe(false);
    expect(isSignedInOnlyPath('/api/users/me')).toBe(false);
  });
});
