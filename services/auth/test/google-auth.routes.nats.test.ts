import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS } from '@story/proto';
import { VALID_PASSWORD, natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';
import {
  GOOGLE_TEST_CLIENT_ID as CLIENT_ID,
  GOOGLE_TEST_KID,
  startGoogleIdentityProvider,
  type GoogleIdentityProvider,
  type TokenOptions,
} from './support/google-identity-provider.ts';

let stopNats: () => Promise<void>;
let natsUrl: string;
let h: AuthHarness;
let google: GoogleIdentityProvider;

const idToken = (options?: TokenOptions) => google.idToken(options);
const googleAuth = (payload: unknown) => h.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: payload as object });
const userCount = async () => (await h.storage.users.listUsers()).length;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  natsUrl = nats.nats.url;
  google = await startGoogleIdentityProvider();
  h = await startAuthHarness(natsUrl, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, ADMIN_EMAILS: 'google.admin@gmail.com' });
});

afterAll(async () => {
  await h?.close();
  await google?.stop();
  await stopNats?.();
});

describe('GET /api/auth/config', () => {
  it('gives the web the client id so it shows the Google button', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleClientId: CLIENT_ID });
  });
});

describe('POST /api/users/google-auth', () => {
  it('creates a Google account from the verified token, signs in, and finds it again by Google id', async () => {
    const token = await idToken({ claims: { email: 'Grace.Google@Gmail.com', sub: 'google-sub-grace' } });
    const first = await googleAuth({ credential: token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isAdmin: false,
      user: { email: 'Grace.Google@Gmail.com', firstName: 'Grace', lastName: 'Hopper', isAdmin: false, userType: 'standard' },
    });
    const { userId, sessionId } = sessionOf(first);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toMatchObject({ valid: true });
    const stored = await h.storage.users.findUserById(userId);
    expect(stored).toMatchObject({ googleId: 'google-sub-grace', authProvider: 'google', passwordHash: null });
    expect(google.hits()).toBeGreaterThan(0);

    // Same Google account, a new token, even with a changed e-mail at Google: same user.
    const again = await googleAuth({ credential: await idToken({ claims: { email: 'grace.renamed@gmail.com', sub: 'google-sub-grace' } }) });
    expect(again.statusCode).toBe(200);
    expect(sessionOf(again).userId).toBe(userId);
  });

  it('accepts the spec body fields when they agree with the token (names as the web splits them)', async () => {
    const token = await idToken({
      claims: { sub: 'sub-agree', email: 'agree@gmail.com', given_name: 'Mary Ann', family_name: 'Evans', name: 'Mary Ann Evans' },
    });
    const response = await googleAuth({ credential: token, email: 'AGREE@gmail.com', firstName: 'Mary', lastName: 'Ann Evans', googleId: 'sub-agree' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { firstName: 'Mary Ann', lastName: 'Evans' } });
  });

  it('refuses body fields that disagree with the token (400) and creates nothing', async () => {
    const before = await userCount();
    for (const extra of [{ email: 'someone.else@gmail.com' }, { googleId: 'another-sub' }, { firstName: 'Mallory' }, { lastName: 'Nobody' }]) {
      const response = await googleAuth({ credential: await idToken(), ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json()).toEqual({ message: 'The submitted details do not match the Google account' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('falls back to the display name when given and family names are missing', async () => {
    const token = await idToken({ claims: { given_name: undefined, family_name: undefined, name: 'Ada King Lovelace' } });
    const response = await googleAuth({ credential: token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { firstName: 'Ada', lastName: 'King Lovelace' } });
  });

  it('links to an existing e-mail account (any case); the password keeps working', async () => {
    const registered = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email: 'linker@gmail.com' }) });
    const userId = sessionOf(registered).userId;
    const google = await googleAuth({ credential: await idToken({ claims: { email: 'LINKER@gmail.com', sub: 'sub-linker' } }) });
    expect(google.statusCode).toBe(200);
    expect(sessionOf(google).userId).toBe(userId);
    expect((await h.storage.users.findUserById(userId))?.googleId).toBe('sub-linker');
    const login = await h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'linker@gmail.com', password: VALID_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses to take over an account already linked to another Google account (409)', async () => {
    await googleAuth({ credential: await idToken({ claims: { email: 'taken@gmail.com', sub: 'sub-original' } }) });
    const response = await googleAuth({ credential: await idToken({ claims: { email: 'taken@gmail.com', sub: 'sub-intruder' } }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This email is already linked to a different Google account' });
    expect((await h.storage.users.findUserByEmail('taken@gmail.com'))?.googleId).toBe('sub-original');
  });

  it('a Google-only account cannot log in with a password, and fails like any wrong password', async () => {
    await googleAuth({ credential: await idToken({ claims: { email: 'only.google@gmail.com', sub: 'sub-only' } }) });
    const response = await h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'only.google@gmail.com', password: VALID_PASSWORD } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('makes ADMIN_EMAILS accounts admins on Google sign-in', async () => {
    const response = await googleAuth({ credential: await idToken({ claims: { email: 'Google.Admin@gmail.com' } }) });
    expect(response.json()).toMatchObject({ isAdmin: true });
    expect(sessionOf(response).isAdmin).toBe(true);
  });

  it('refuses every token that is not a valid, current, verified Google token for this client', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: esKey } = await generateKeyPair('ES256');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: 'x',
        email: 'none@gmail.com',
        email_verified: true,
        exp: now + 3600,
        iat: now,
      }),
    ).toString('base64url')}.`;
    const cases: [string, string, string][] = [
      ['wrong audience', await idToken({ audience: 'someone-else.apps.googleusercontent.com' }), 'Invalid Google credential'],
      ['wrong issuer', await idToken({ issuer: 'https://evil.example.com' }), 'Invalid Google credential'],
      ['expired', await idToken({ expiresAt: now - 600 }), 'Invalid Google credential'],
      ['bad signature (other key, same kid)', await idToken({ key: google.strangerKey }), 'Invalid Google credential'],
      ['unknown kid', await idToken({ key: google.strangerKey, kid: 'unknown-kid' }), 'Invalid Google credential'],
      [
        'not RS256',
        await new SignJWT({ email: 'es@gmail.com', email_verified: true })
          .setProtectedHeader({ alg: 'ES256', kid: GOOGLE_TEST_KID })
          .setIssuer('https://accounts.google.com')
          .setAudience(CLIENT_ID)
          .setSubject('es')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(esKey),
        'Invalid Google credential',
      ],
      ['alg none', unsigned, 'Invalid Google credential'],
      ['garbage', 'not.a.token', 'Invalid Google credential'],
      ['email not verified', await idToken({ claims: { email_verified: false } }), 'Google account email is not verified'],
      ['email_verified missing', await idToken({ claims: { email_verified: undefined } }), 'Google account email is not verified'],
      ['no email', await idToken({ claims: { email: undefined } }), 'Invalid Google credential'],
    ];
    const before = await userCount();
    for (const [name, credential, message] of cases) {
      const response = await googleAuth({ credential });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ message });
      expect(response.headers['set-cookie'], name).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses missing, mistyped and operator-shaped credentials with 400', async () => {
    const before = await userCount();
    for (const payload of [
      {},
      { credential: '' },
      { credential: 42 },
      { credential: { $gt: '' } },
      { credential: 'a'.repeat(9000) },
      { credential: 'x.y.z', email: { $gt: '' } },
    ]) {
      const response = await googleAuth(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(typeof (response.json() as { message: unknown }).message).toBe('string');
    }
    expect(await userCount()).toBe(before);
  });
});

describe('Google settings', () => {
  it('GOOGLE_ISSUERS replaces the allowed issuers', async () => {
    const custom = await startAuthHarness(natsUrl, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, GOOGLE_ISSUERS: 'https://issuer.test' });
    try {
      const ok = await custom.app.inject({
        method: 'POST',
        url: '/api/users/google-auth',
        payload: { credential: await idToken({ issuer: 'https://issuer.test' }) },
      });
      expect(ok.statusCode).toBe(200);
      const google = await custom.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: { credential: await idToken() } });
      expect(google.statusCode).toBe(401);
    } finally {
      await custom.close();
    }
  });

  it('answers 503 when the key endpoint cannot be reached', async () => {
    const unreachable = await startAuthHarness(natsUrl, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:1/certs' });
    try {
      const response = await unreachable.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: { credential: await idToken() } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Google sign-in is unavailable right now. Please try again.' });
      expect((await unreachable.storage.users.listUsers()).length).toBe(0);
    } finally {
      await unreachable.close();
    }
  });
});
