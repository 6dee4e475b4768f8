import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, SUBJECTS } from '@story/proto';
import { natsRequest, registration, sessionOf, sessionTokenOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

/** Sliding sessions: someone who keeps using the app is not signed out at the seven-day mark. */
let nats: Awaited<ReturnType<typeof startTestNats>>;
let h: AuthHarness;
let clock = new Date('2026-03-01T09:00:00.000Z');
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  nats = await startTestNats();
  h = await startAuthHarness(nats.nats.url, {}, () => clock);
});
afterAll(async () => {
  await h?.close();
  await nats?.stop();
});

const isValid = (sessionId: string) => natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId });
const me = async (userId: number, sessionId: string) => h.app.inject({ method: 'GET', url: '/api/users/me', headers: await h.as({ userId, sessionId }) });

describe('session renewal on /api/users/me', () => {
  it('leaves a fresh session alone, renews one past half its life, and keeps it valid past the first expiry', async () => {
    clock = new Date('2026-03-01T09:00:00.000Z');
    const registered = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() });
    const { sessionId, userId } = sessionOf(registered);
    const firstExpiry = decodeJwt(sessionTokenOf(registered)).exp ?? 0;

    clock = new Date(clock.getTime() + 2 * DAY);
    const early = await me(userId, sessionId);
    expect(early.statusCode).toBe(200);
    expect(early.headers['set-cookie']).toBeUndefined();

    clock = new Date(clock.getTime() + 3 * DAY);
    const late = await me(userId, sessionId);
    expect(late.statusCode).toBe(200);
    const renewedToken = sessionTokenOf(late);
    const claims = decodeJwt(renewedToken);
    expect(claims.sid).toBe(sessionId);
    expect(claims.exp).toBe(Math.floor(clock.getTime() / 1000) + SESSION_TTL_SECONDS);
    expect(claims.exp ?? 0).toBeGreaterThan(firstExpiry);
    expect(String(late.headers['set-cookie'])).toContain(`Max-Age=${SESSION_TTL_SECONDS}`);

    // Past the original seven days the session still checks out over NATS.
    clock = new Date(firstExpiry * 1000 + DAY);
    expect(await isValid(sessionId)).toMatchObject({ valid: true });
  });

  it('never renews a revoked session', async () => {
    clock = new Date('2026-04-01T09:00:00.000Z');
    const registered = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() });
    const { sessionId, userId } = sessionOf(registered);
    const logout = await h.app.inject({ method: 'POST', url: '/api/users/logout', headers: await h.as({ userId, sessionId }) });
    expect(logout.statusCode).toBe(200);
    clock = new Date(clock.getTime() + 5 * DAY);
    const response = await me(userId, sessionId);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await isValid(sessionId)).toEqual({ valid: false });
  });
});

describe('absolute session lifetime', () => {
  it('never extends a session past 30 days from sign-in however often it is used, and ends it there', async () => {
    clock = new Date('2026-05-01T09:00:00.000Z');
    const signedInAt = clock.getTime();
    const registered = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() });
    const { sessionId, userId } = sessionOf(registered);
    let lastExpiry = 0;
    for (let day = 4; day <= 24; day += 4) {
      clock = new Date(signedInAt + day * DAY);
      const response = await me(userId, sessionId);
      expect(response.statusCode).toBe(200);
      lastExpiry = decodeJwt(sessionTokenOf(response)).exp ?? 0;
    }
    // The renewal on day 24 stops at day 30, not day 31.
    expect(lastExpiry).toBe(Math.floor(signedInAt / 1000) + 30 * 24 * 3600);
    clock = new Date(signedInAt + 29 * DAY);
    const late = await me(userId, sessionId);
    expect(late.statusCode).toBe(200);
    expect(late.headers['set-cookie']).toBeUndefined();
    expect(await isValid(sessionId)).toMatchObject({ valid: true });
    clock = new Date(signedInAt + 30 * DAY);
    expect(await isValid(sessionId)).toEqual({ valid: false });
  });

  it('takes its length from SESSION_ABSOLUTE_LIFETIME_DAYS', async () => {
    const short = await startAuthHarness(h.config.NATS_URL, { SESSION_ABSOLUTE_LIFETIME_DAYS: '10' }, () => clock);
    try {
      clock = new Date('2026-06-01T09:00:00.000Z');
      const signedInAt = clock.getTime();
      const { sessionId, userId } = sessionOf(await short.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() }));
      clock = new Date(signedInAt + 5 * DAY);
      const renewed = await short.app.inject({ method: 'GET', url: '/api/users/me', headers: await short.as({ userId, sessionId }) });
      expect(String(renewed.headers['set-cookie'])).toContain(`Max-Age=${5 * 24 * 3600};`);
      clock = new Date(signedInAt + 10 * DAY);
      expect(await natsRequest(short.client, SUBJECTS.sessionCheck, { sessionId })).toEqual({ valid: false });
    } finally {
      await short.close();
    }
  });
});
