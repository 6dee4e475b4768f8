import type { Subscription } from '@nats-io/transport-node';
import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE, SESSION_TTL_SECONDS, SUBJECTS, authResponseSchema } from '@story/proto';
import { sessionClaimsSchema } from '@story/proto/session';
import { generateSigningKeyPair, importPrivateKey } from '@story/service-kit';
import { SignJWT } from 'jose';
import {
  VALID_PASSWORD,
  natsRequest,
  registration,
  sessionOf,
  sessionTokenOf,
  startAuthHarness,
  startTestNats,
  type AuthHarness,
} from './support/auth-harness.ts';

let stopNats: () => Promise<void>;
let h: AuthHarness;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  h = await startAuthHarness(nats.nats.url);
});

afterAll(async () => {
  await h?.close();
  await stopNats?.();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as object, headers });
const userCount = async () => (await h.storage.users.listUsers()).length;

describe('POST /api/users/register', () => {
  it('creates the account, answers 201 with isAdmin and the user, and sets a signed session cookie', async () => {
    const body = registration({ email: 'Ada.Register@Gmail.com' });
    const response = await post('/api/users/register', body);
    expect(response.statusCode).toBe(201);
    const json = authResponseSchema.parse(response.json());
    expect(json).toEqual({
      message: 'Registration successful!',
      isAdmin: false,
      user: { id: json.user.id, email: 'Ada.Register@Gmail.com', firstName: 'Ada', lastName: 'Lovelace', isAdmin: false, userType: 'standard' },
    });
    expect(Object.keys(response.json() as object).sort()).toEqual(['isAdmin', 'message', 'user']);
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain(VALID_PASSWORD);

    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^session=[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(cookie).toContain('; Path=/');
    expect(cookie).toContain(`; Max-Age=${SESSION_TTL_SECONDS}`);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Lax');
    expect(cookie).not.toContain('Secure');

    const token = sessionTokenOf(response);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE });
    const { payload } = await jwtVerify(token, await importSPKI(h.sessionPublicKeyPem, 'EdDSA'), {
      algorithms: ['EdDSA'],
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      typ: SESSION_TOKEN_TYPE,
    });
    // The gateway reads the token with this schema.
    const claims = sessionClaimsSchema.parse(payload);
    expect(claims.sub).toBe(String(json.user.id));
    expect(claims.adm).toBe(false);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(SESSION_TTL_SECONDS);

    const stored = await h.storage.users.findUserById(json.user.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId: claims.sid })).toMatchObject({ valid: true });
  });

  it('accepts the allowed domains in any case', async () => {
    for (const email of ['Mixed.Case@GMAIL.COM', 'x@Yahoo.Com', 'y@HOTMAIL.com', 'z@outlook.COM', 'w@LIVE.com']) {
      const response = await post('/api/users/register', registration({ email }));
      expect(response.statusCode, email).toBe(201);
    }
  });

  it('refuses each broken rule with the specification message and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'someone@example.com' }, 'Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address'],
      [{ email: 'someone@gmail.com.evil.net' }, 'Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address'],
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: '   ' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ password: 'Ab1!' }, 'Password must be at least 8 characters'],
      [{ password: 'Abcdefgh!' }, 'Password must contain at least one number'],
      [{ password: 'Abcdefgh1' }, 'Password must contain at least one symbol'],
    ];
    const before = await userCount();
    for (const [override, message] of cases) {
      const response = await post('/api/users/register', registration(override));
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses common, repeated and space-padded passwords that meet the spec rules, and creates nothing', async () => {
    const before = await userCount();
    for (const password of ['Password1!', `${' '.repeat(8)}1!`, 'aaaaaaa1!', 'P@ssw0rd2024', 'Qwerty123!']) {
      const response = await post('/api/users/register', registration({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({ message: 'This password is too common. Please choose another.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a second account with the same e-mail in another case (409) and keeps the first intact', async () => {
    const first = await post('/api/users/register', registration({ email: 'dup.check@gmail.com', firstName: 'First' }));
    expect(first.statusCode).toBe(201);
    const before = await userCount();
    const second = await post('/api/users/register', registration({ email: 'DUP.Check@GMAIL.com', firstName: 'Second' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'An account with this email already exists' });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(before);
    expect((await h.storage.users.findUserByEmail('dup.check@gmail.com'))?.firstName).toBe('First');
  });

  it('ignores fields a client may not set (isAdmin, userType)', async () => {
    const response = await post('/api/users/register', registration({ isAdmin: true, userType: 'pro', id: 1 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isAdmin: false, user: { isAdmin: false, userType: 'standard' } });
  });
});

describe('POST /api/users/login', () => {
  const email = 'login.person@outlook.com';
  beforeAll(async () => {
    expect((await post('/api/users/register', registration({ email }))).statusCode).toBe(201);
  });

  it('signs in with the right password, in any e-mail case, with a new session each time', async () => {
    const first = await post('/api/users/login', { email: 'LOGIN.person@Outlook.com', password: VALID_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Login successful', isAdmin: false, user: { email } });
    const second = await post('/api/users/login', { email, password: VALID_PASSWORD });
    expect(sessionOf(second).sessionId).not.toBe(sessionOf(first).sessionId);
    expect(sessionOf(second).userId).toBe(sessionOf(first).userId);
  });

  it('answers a wrong password exactly like an unknown e-mail', async () => {
    const wrong = await post('/api/users/login', { email, password: 'Wr0ng!password' });
    const unknown = await post('/api/users/login', { email: 'nobody.here@gmail.com', password: VALID_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses missing or malformed credentials with 400', async () => {
    expect((await post('/api/users/login', { email })).json()).toEqual({ message: 'Password is required' });
    expect((await post('/api/users/login', { email, password: '' })).json()).toEqual({ message: 'Password is required' });
    expect((await post('/api/users/login', { email: 'nope', password: 'x' })).json()).toEqual({ message: 'Please enter a valid email address' });
    const injection = await post('/api/users/login', { email: { $gt: '' }, password: { $gt: '' } });
    expect(injection.statusCode).toBe(400);
    expect(injection.json()).toEqual({ message: 'Please enter a valid email address' });
    expect(injection.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/users/check-email', () => {
  it('says whether an account uses the e-mail, in any case', async () => {
    await post('/api/users/register', registration({ email: 'check.me@hotmail.com' }));
    const exists = await h.app.inject({ method: 'GET', url: '/api/users/check-email?email=CHECK.me%40Hotmail.com' });
    expect(exists.statusCode).toBe(200);
    expect(exists.json()).toEqual({ exists: true });
    const missing = await h.app.inject({ method: 'GET', url: '/api/users/check-email?email=never.seen%40gmail.com' });
    expect(missing.json()).toEqual({ exists: false });
  });

  it('refuses invalid, missing, repeated and operator-shaped e-mails with 400', async () => {
    for (const query of ['?email=not-an-email', '', '?email=', '?email=a%40gmail.com&email=b%40gmail.com', '?email[$gt]=', '?email%5B%24gt%5D=']) {
      const response = await h.app.inject({ method: 'GET', url: `/api/users/check-email${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message: 'Please enter a valid email address' });
    }
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the session the gateway vouched for, publishes the revocation and clears the cookie', async () => {
    const registered = await post('/api/users/register', registration());
    const { sessionId, userId } = sessionOf(registered);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toMatchObject({ valid: true });

    const revoked: unknown[] = [];
    const subscription: Subscription = h.client.subscribe(SUBJECTS.sessionRevoked, {
      callback: (_e, msg) => {
        revoked.push(msg.json());
      },
    });
    await h.client.flush();

    const response = await post('/api/users/logout', undefined, await h.as({ userId, sessionId }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    expect(String(response.headers['set-cookie'])).toMatch(/^session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toEqual({ valid: false });
    await h.client.flush();
    await expect.poll(() => revoked).toEqual([{ sessionId }]);
    subscription.unsubscribe();
    expect((await h.storage.sessions.findSession(sessionId))?.revokedAt).toBeInstanceOf(Date);
  });

  it('revokes the session named by a cookie it signed when no identity is forwarded', async () => {
    const registered = await post('/api/users/register', registration());
    const { sessionId } = sessionOf(registered);
    const response = await h.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `other=1; session=${sessionTokenOf(registered)}` } });
    expect(response.statusCode).toBe(200);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toEqual({ valid: false });
  });

  it('answers 200 without a session, and a cookie signed by someone else revokes nothing', async () => {
    const bare = await post('/api/users/logout', undefined);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ message: 'Logged out' });

    const registered = await post('/api/users/register', registration());
    const { sessionId, userId } = sessionOf(registered);
    const forgedToken = await new SignJWT({ sid: sessionId, adm: false })
      .setProtectedHeader({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(String(userId))
      .setExpirationTime('1h')
      .sign(await importPrivateKey(generateSigningKeyPair().privateKey));
    const forged = await h.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `session=${forgedToken}` } });
    expect(forged.statusCode).toBe(200);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toMatchObject({ valid: true });
  });
});

describe('GET /api/users/me', () => {
  it('answers the signed-in user', async () => {
    const registered = await post('/api/users/register', registration({ email: 'me.myself@live.com', firstName: 'Me' }));
    const { userId, sessionId } = sessionOf(registered);
    const response = await h.app.inject({ method: 'GET', url: '/api/users/me', headers: await h.as({ userId, sessionId }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: userId, email: 'me.myself@live.com', firstName: 'Me', lastName: 'Lovelace', isAdmin: false, userType: 'standard' });
  });

  it('answers 401 without an identity, with a forged or garbage one, and for a user that does not exist', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      await h.forged({ userId: 1, isAdmin: true, sessionId: 's' }),
      { [IDENTITY_HEADER]: 'not-a-token' },
      await h.as({ userId: 987_654 }),
    ];
    for (const headers of headerSets) {
      const response = await h.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
  });
});

describe('bad input on every auth endpoint', () => {
  const endpoints = ['/api/users/register', '/api/users/login', '/api/users/google-auth'];

  it('refuses malformed JSON, wrong types, operator objects and missing fields with 400 and changes nothing', async () => {
    const before = await userCount();
    for (const url of endpoints) {
      const malformed = await h.app.inject({ method: 'POST', url, payload: '{"email": "a@gmail.com",', headers: { 'content-type': 'application/json' } });
      expect(malformed.statusCode, url).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
      for (const payload of [
        {},
        [],
        { email: 5, password: 5, firstName: 5, lastName: 5, credential: 5 },
        { email: { $gt: '' }, password: { $ne: null }, credential: { $gt: '' } },
      ]) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof (response.json() as { message: unknown }).message).toBe('string');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      const text = await h.app.inject({ method: 'POST', url, payload: 'email=a@gmail.com', headers: { 'content-type': 'text/plain' } });
      expect(text.statusCode).toBe(400);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a 2 MB body with 413 and changes nothing', async () => {
    const before = await userCount();
    const huge = registration({ firstName: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of [...endpoints, '/api/users/logout']) {
      const response = await post(url, huge);
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large' });
    }
    expect(await userCount()).toBe(before);
  });

  it('answers unknown paths under /api/users with 404 { message }', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/users/123' });
    expect(response.statusCode).toBe(404);
    expect(typeof (response.json() as { message: unknown }).message).toBe('string');
  });
});

describe('COOKIE_SECURE', () => {
  it('adds Secure to the session cookie when set', async () => {
    const secure = await startAuthHarness(h.config.NATS_URL, { COOKIE_SECURE: 'true' });
    try {
      const response = await secure.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() });
      expect(response.statusCode).toBe(201);
      expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

describe('health', () => {
  it('is ready when SQLite and NATS answer', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', service: 'auth' });
  });
});
