import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CSRF_TOKEN, browserHeaders, csrfTokenOf, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'auth' | 'conversations'>;

beforeAll(async () => {
  bed = await startGatewayBed({
    services: ['auth', 'conversations'],
    env: { RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_AI_PER_MINUTE: '2' },
    session: { userId: 5, sessionId: 'session-security' },
  });
});

afterAll(async () => {
  await bed?.world.close();
});

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${bed.gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ userMessage: 'a', aiResponse: 'b', threadId: 1 }),
  });

describe('CSRF defence', () => {
  it('sets a csrf_token cookie readable by the page on a response that lacks it', async () => {
    const response = await fetch(`${bed.gateway.url}/api/csrf-token`);
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    // A nonce and the HMAC of session and nonce.
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('csrf_token='));
    expect(cookie).toBe(`csrf_token=${csrfToken}; Path=/; SameSite=Lax`);
  });

  it('gives every client its own token and keeps an existing one', async () => {
    const first = (await (await fetch(`${bed.gateway.url}/api/csrf-token`)).json()) as { csrfToken: string };
    const second = (await (await fetch(`${bed.gateway.url}/api/csrf-token`)).json()) as { csrfToken: string };
    expect(first.csrfToken).not.toBe(second.csrfToken);
    const existing = csrfTokenOf(undefined);
    const kept = await fetch(`${bed.gateway.url}/api/csrf-token`, { headers: { cookie: `csrf_token=${existing}` } });
    expect(await kept.json()).toEqual({ csrfToken: existing });
    expect(kept.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a state-changing request without the header, with 403 {message}', async () => {
    const before = bed.services.conversations.received.length;
    const response = await post('/api/conversations', { cookie: `csrf_token=${TEST_CSRF_TOKEN}; session=${bed.session}` });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Invalid or missing CSRF token' });
    expect(bed.services.conversations.received.length).toBe(before);
  });

  it('refuses a header that does not match the cookie, or a header without a cookie', async () => {
    const mismatch = await post('/api/conversations', { cookie: `csrf_token=${TEST_CSRF_TOKEN}; session=${bed.session}`, 'x-csrf-token': 'y'.repeat(43) });
    expect(mismatch.status).toBe(403);
    const noCookie = await post('/api/conversations', { cookie: `session=${bed.session}`, 'x-csrf-token': TEST_CSRF_TOKEN });
    expect(noCookie.status).toBe(403);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${bed.gateway.url}/api/conversation-threads/1`, { method, headers: { cookie: `session=${bed.session}` } });
      expect(response.status, method).toBe(403);
    }
  });

  it('guards public routes too (login CSRF)', async () => {
    const response = await post('/api/users/login', {});
    expect(response.status).toBe(403);
  });

  it('guards POST /graphql', async () => {
    const response = await fetch(`${bed.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${bed.session}` },
      body: '{"query":"{ me { id } }"}',
    });
    expect(response.status).toBe(403);
  });

  it('lets a request with the matching header through', async () => {
    const response = await post('/api/conversations', browserHeaders(bed.session));
    expect(response.status).toBe(200);
    expect(bed.services.conversations.received.at(-1)?.method).toBe('POST');
  });

  it('refuses a request whose Origin is another host, even with the token', async () => {
    const response = await post('/api/conversations', browserHeaders(bed.session, { origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Invalid or missing CSRF token' });
    const nullOrigin = await post('/api/conversations', browserHeaders(bed.session, { origin: 'null' }));
    expect(nullOrigin.status).toBe(403);
  });

  it('accepts a request whose Origin is this host', async () => {
    const response = await post('/api/conversations', browserHeaders(bed.session, { origin: bed.gateway.url }));
    expect(response.status).toBe(200);
  });

  it('needs no token for GET', async () => {
    const response = await fetch(`${bed.gateway.url}/api/conversation-threads`, { headers: { cookie: `session=${bed.session}` } });
    expect(response.status).toBe(200);
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (response: Response) => {
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' https://accounts.google.com; frame-src https://accounts.google.com; connect-src 'self' https://accounts.google.com; img-src 'self' data: blob:; media-src 'self' blob: data:; style-src 'self' 'unsafe-inline' https://accounts.google.com; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(response.headers.get('permissions-policy')).toBe('microphone=(self)');
  };

  it('are on proxied, refused, static and health responses', async () => {
    const proxied = await fetch(`${bed.gateway.url}/api/conversation-threads`, { headers: browserHeaders(bed.session) });
    expect(proxied.status).toBe(200);
    expectSecurityHeaders(proxied);
    expect(proxied.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${bed.gateway.url}/api/conversation-threads`);
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const page = await fetch(`${bed.gateway.url}/welcome`);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(await fetch(`${bed.gateway.url}/healthz`));
    expectSecurityHeaders(await fetch(`${bed.gateway.url}/graphql`));
  });

  it('send no HSTS over plain HTTP, and HSTS with secure cookies when COOKIE_SECURE=true', async () => {
    expect((await fetch(`${bed.gateway.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    const secure = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, COOKIE_SECURE: 'true' });
    const response = await fetch(`${secure.url}/api/csrf-token`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Secure, and __Host- prefixed so that no subdomain can plant one.
    expect(response.headers.getSetCookie().find((value) => value.startsWith('__Host-csrf_token='))).toMatch(/; Path=\/; SameSite=Lax; Secure$/);
  });
});

describe('rate limits', () => {
  it('allows RATE_LIMIT_AUTH_PER_MINUTE sign-in calls per address, then 429 {message}', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await fetch(`${bed.gateway.url}/api/users/check-email?email=a${index}@gmail.com`)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const before = bed.services.auth.received.length;
    // The bucket is shared by the sign-in routes.
    const limited = await post('/api/users/login', browserHeaders(undefined));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: expect.stringMatching(/^Too many sign-in attempts in a short time\. Please try again in \d+ seconds?\.$/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Asking for a password-reset e-mail is counted with sign-in (issue 39, 6): one address cannot send e-mails unbounded.
    const reset = await post('/api/users/password-reset', browserHeaders(undefined));
    expect(reset.status).toBe(429);
    expect(bed.services.auth.received.length).toBe(before);
    // Routes outside the bucket are not limited.
    expect((await fetch(`${bed.gateway.url}/api/users/me`, { headers: browserHeaders(bed.session) })).status).toBe(200);
    // Deleting the account checks the password, so it spends from the bucket too; reading the account does not.
    const deletion = await fetch(`${bed.gateway.url}/api/users/me`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...browserHeaders(bed.session) },
      body: JSON.stringify({ password: 'guess' }),
    });
    expect(deletion.status).toBe(429);
    expect(bed.services.auth.received.length).toBe(before + 1);
  });

  it('allows RATE_LIMIT_AI_PER_MINUTE AI calls per user, then 429; another user has their own allowance', async () => {
    const call = (who: string) => post('/api/process-text', browserHeaders(who));
    expect((await call(bed.session)).status).toBe(200);
    expect((await call(bed.session)).status).toBe(200);
    const limited = await call(bed.session);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many AI requests in a short time\. Please try again in \d+ seconds?\.$/) });
    const other = await bed.world.signSession({ userId: 6, sessionId: 'session-security-other' });
    expect((await call(other)).status).toBe(200);
  });
});

describe('behind a reverse proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    // The first gateway's sign-in bucket for this address is spent (test above): a forged header does not reset it.
    const spoofed = await fetch(`${bed.gateway.url}/api/users/check-email?email=z@gmail.com`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(spoofed.status).toBe(429);
  });

  it('with TRUST_PROXY=1 limits each real client on its own and checks Origin against the forwarded host', async () => {
    const proxied = await bed.world.startGateway({
      AUTH_URL: bed.services.auth.url,
      CONVERSATIONS_URL: bed.services.conversations.url,
      RATE_LIMIT_AUTH_PER_MINUTE: '2',
      TRUST_PROXY: '1',
    });
    const from = (client: string) => fetch(`${proxied.url}/api/users/check-email?email=p@gmail.com`, { headers: { 'x-forwarded-for': client } });
    expect([(await from('198.51.100.1')).status, (await from('198.51.100.1')).status, (await from('198.51.100.1')).status]).toEqual([200, 200, 429]);
    expect((await from('198.51.100.2')).status).toBe(200);

    const save = (origin: string) =>
      fetch(`${proxied.url}/api/conversations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...browserHeaders(bed.session),
          'x-forwarded-host': 'stories.example.com',
          'x-forwarded-proto': 'https',
          origin,
        },
        body: '{}',
      });
    expect((await save('https://stories.example.com')).status).toBe(200);
    expect((await save('https://evil.example.net')).status).toBe(403);
  });
});
