import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EVENTS_STREAM, EVENT_SUBJECTS, SUBJECTS } from '@story/proto';
import { VALID_PASSWORD, natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';
import { GOOGLE_TEST_CLIENT_ID, startGoogleIdentityProvider, type GoogleIdentityProvider } from './support/google-identity-provider.ts';

let stopNats: () => Promise<void>;
let h: AuthHarness;
let google: GoogleIdentityProvider;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  google = await startGoogleIdentityProvider();
  h = await startAuthHarness(nats.nats.url, { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, SIGN_IN_FREE_FAILURES: '10' });
});

afterAll(async () => {
  await h?.close();
  await google?.stop();
  await stopNats?.();
});

/** Signs up a person; their user id and session id. */
async function signUp(): Promise<{ userId: number; sessionId: string }> {
  const response = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() });
  expect(response.statusCode).toBe(201);
  return sessionOf(response);
}

const deleteAccount = async (who: { userId: number; sessionId: string }, payload?: unknown) =>
  h.app.inject({ method: 'DELETE', url: '/api/users/me', headers: await h.as(who), ...(payload === undefined ? {} : { payload: payload as object }) });

/** The last `events.user.deleted` on EVENTS, once the outbox relay has published it. */
/**
 * The last `user.deleted` event on the stream, once it is the one for `userId`: the outbox publishes after the
 * answer, so a test that deleted someone before may still read that earlier event for a moment.
 */
async function lastUserDeletedEventFor(userId: number): Promise<unknown> {
  const jsm = await jetstreamManager(h.client);
  let found: { userId?: number } | undefined;
  await expect
    .poll(
      async () => {
        found = await jsm.streams
          .getMessage(EVENTS_STREAM, { last_by_subj: EVENT_SUBJECTS.userDeleted })
          .then((message) => message?.json<{ userId?: number }>())
          .catch(() => undefined);
        return found?.userId;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(userId);
  return found;
}

describe('DELETE /api/users/me', () => {
  it('refuses a wrong or missing password with 401 and the message, and deletes nothing', async () => {
    const ada = await signUp();
    for (const payload of [{ password: 'not-the-password' }, {}, undefined]) {
      const response = await deleteAccount(ada, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(401);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeletionPasswordWrong });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await h.storage.users.findUserById(ada.userId)).toBeDefined();
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId: ada.sessionId })).toMatchObject({ valid: true });
  });

  it('with the password: deletes the account and its sessions, clears the cookie and publishes user.deleted through the outbox', async () => {
    const ada = await signUp();
    const otherDevice = sessionOf(
      await h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: (await h.storage.users.findUserById(ada.userId))?.email, password: VALID_PASSWORD },
      }),
    );
    const bob = await signUp();

    const response = await deleteAccount(ada, { password: VALID_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);

    expect(await h.storage.users.findUserById(ada.userId)).toBeUndefined();
    for (const sessionId of [ada.sessionId, otherDevice.sessionId]) {
      expect(await h.storage.sessions.findSession(sessionId)).toBeUndefined();
      expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toMatchObject({ valid: false });
    }
    expect(await lastUserDeletedEventFor(ada.userId)).toMatchObject({ userId: ada.userId });
    expect(await h.storage.outbox.countPendingEvents()).toBe(0);

    // Another person is untouched; the deleted one cannot sign in, nor delete twice.
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId: bob.sessionId })).toMatchObject({ valid: true });
    expect((await deleteAccount(ada, { password: VALID_PASSWORD })).statusCode).toBe(401);
  });

  it('a Google-only account: refuses a password, another Google account or a stale sign-in; deletes with a fresh one', async () => {
    const token = await google.idToken({ claims: { sub: 'google-sub-deleting', email: 'deleting.google@gmail.com' } });
    const signedIn = await h.app.inject({ method: 'POST', url: '/api/users/google-auth', payload: { credential: token } });
    expect(signedIn.statusCode).toBe(200);
    const grace = sessionOf(signedIn);

    const withPassword = await deleteAccount(grace, { password: VALID_PASSWORD });
    expect(withPassword.statusCode).toBe(401);
    expect(withPassword.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeletionGoogleRequired });
    const someoneElse = await google.idToken({ claims: { sub: 'google-sub-someone-else' } });
    expect((await deleteAccount(grace, { googleCredential: someoneElse })).statusCode).toBe(401);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const stale = await google.idToken({ claims: { sub: 'google-sub-deleting', email: 'deleting.google@gmail.com' }, issuedAt: hourAgo });
    expect((await deleteAccount(grace, { googleCredential: stale })).statusCode).toBe(401);
    expect(await h.storage.users.findUserById(grace.userId)).toBeDefined();

    const fresh = await google.idToken({ claims: { sub: 'google-sub-deleting', email: 'deleting.google@gmail.com' } });
    const response = await deleteAccount(grace, { googleCredential: fresh });
    expect(response.statusCode).toBe(200);
    expect(await h.storage.users.findUserById(grace.userId)).toBeUndefined();
    expect(await lastUserDeletedEventFor(grace.userId)).toMatchObject({ userId: grace.userId });
  });
});
