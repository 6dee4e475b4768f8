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
