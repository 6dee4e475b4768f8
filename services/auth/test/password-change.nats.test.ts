import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS } from '@story/proto';
import { VALID_PASSWORD, natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';
import { GOOGLE_TEST_CLIENT_ID, startGoogleIdentityProvider, type GoogleIdentityProvider } from './support/google-identity-provider.ts';

/**
 * Password change (issue 7, point 9): the current password proves who is asking (throttled like
 * sign-in), the new one meets every sign-up rule, and every other session ends with the old password.
 */
let nats: Awaited<ReturnType<typeof startTestNats>>;
let google: GoogleIdentityProvider;
let h: AuthHarness;
let clock = new Date('2026-05-01T09:00:00.000Z');
const NEW_PASSWORD = 'Fjord!Lantern8';

beforeAll(async () => {
  [nats, google] = await Promise.all([startTestNats(), startGoogleIdentityProvider()]);
  h = await startAuthHarness(
    nats.nats.url,
    { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, GOOGLE_ISSUERS: 'https://accounts.google.com' },
    () => clock,
  );
});
afterAll(async () => {
  await h?.close();
  await google?.stop();
  await nats?.stop();
});

const isValid = async (sessionId: string) => ((await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })) as { valid: boolean }).valid;
const login = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const changePassword = async (session: { userId: number; sessionId: string }, body: unknown) =>
  h.app.inject({ method: 'POST', url: '/api/users/password', payload: body as object, headers: await h.as(session) });

describe('POST /api/users/password', () => {
  it('changes the password with the right current one and ends every other session, so a stolen one stops working', async () => {
    const email = 'changes.password@gmail.com';
    const here = sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) }));
    const stolen = sessionOf(await login(email, VALID_PASSWORD));

    const response = await changePassword(here, { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed. Every other session has been signed out.' });
    expect(await isValid(here.sessionId)).toBe(true);
    expect(await isValid(stolen.sessionId)).toBe(false);
    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, and a new one that breaks a rule, is common or is unchanged, changing nothing', async () => {
    const email = 'keeps.password@gmail.com';
    const here = sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) }));
    const other = sessionOf(await login(email, VALID_PASSWORD));
    const cases: [unknown, string][] = [
      [{ currentPassword: 'Wr0ng!guess', newPassword: NEW_PASSWORD }, 'Current password is incorrect'],
      [{ currentPassword: VALID_PASSWORD, newPassword: 'Short1!' }, 'Password must be at least 8 characters'],
      [{ currentPassword: VALID_PASSWORD, newPassword: 'NoSymbol123' }, 'Password must contain at least one symbol'],
      [{ currentPassword: VALID_PASSWORD, newPassword: 'Password1!' }, 'This password is too common. Please choose another.'],
      [{ currentPassword: VALID_PASSWORD, newPassword: VALID_PASSWORD }, 'The new password must be different from the current one'],
      [{ newPassword: NEW_PASSWORD }, 'Current password is required'],
      [{ currentPassword: { $gt: '' }, newPassword: NEW_PASSWORD }, 'Current password is required'],
    ];
    for (const [body, message] of cases) {
      const response = await changePassword(here, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await isValid(other.sessionId)).toBe(true);
    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(200);
  });

  it('guesses at the current password count against the account as sign-in failures do', async () => {
    const email = 'guessed.current@gmail.com';
    const here = sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) }));
    for (let i = 0; i < 6; i++) expect((await changePassword(here, { currentPassword: `Wr0ng!guess${i}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    const refused = await changePassword(here, { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(429);
    clock = new Date(clock.getTime() + 2000);
    expect((await changePassword(here, { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('tells a Google-only account that it has no password to change', async () => {
    const signedIn = await h.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: { credential: await google.idToken() } });
    expect(signedIn.statusCode).toBe(200);
    const response = await changePassword(sessionOf(signedIn), { currentPassword: 'Anything!1', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This account signs in with Google and has no password to change' });
  });

  it('needs a signed-in user', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/users/password',
      payload: { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
