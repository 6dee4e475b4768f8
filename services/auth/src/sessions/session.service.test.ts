import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, SUBJECTS } from '@story/proto';
import type { UserRecord } from '../accounts/user.repository.ts';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import { sessionServiceOver } from '../../test/support/session-service.ts';
import type { SessionService } from './session.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2024-06-01T12:00:00.000Z');
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** SessionService on its own: a real SQLite store, a clock the test moves, and the revocations it publishes collected. */
describe('SessionService', () => {
  let storage: AuthStorage;
  let sessions: SessionService;
  let now: number;
  let published: { subject: string; data: string }[];
  let user: UserRecord;

  beforeEach(async () => {
    storage = openSqliteAuthStorage(':memory:');
    now = START;
    published = [];
    sessions = await sessionServiceOver(storage, {
      publish: (subject, data) => published.push({ subject, data }),
      absoluteLifetimeSeconds: THIRTY_DAYS_SECONDS,
      clock: () => new Date(now),
    });
    user = await storage.users.createUser(
      { email: 'ada@gmail.com', firstName: 'Ada', lastName: 'L', passwordHash: null, googleId: null, isAdmin: false, authProvider: 'email' },
      new Date(START),
    );
  });

  it('starts a session that is valid until its lifetime is over, and reads its own cookie token back', async () => {
    const issued = await sessions.start(user);
    expect(issued.maxAgeSeconds).toBe(SESSION_TTL_SECONDS);
    expect(await sessions.sessionIdFromToken(issued.token)).toBe(issued.sessionId);
    expect(await sessions.describe(issued.sessionId)).toEqual({ userId: user.id, isAdmin: false });
    now = START + SESSION_TTL_SECONDS * 1000 - 1;
    expect(await sessions.isValid(issued.sessionId)).toBe(true);
    now = START + SESSION_TTL_SECONDS * 1000;
    expect(await sessions.isValid(issued.sessionId)).toBe(false);
  });

  it('describes a session with the user’s current admin flag', async () => {
    const issued = await sessions.start(user);
    await storage.users.setAdmin(user.id, true);
    expect(await sessions.describe(issued.sessionId)).toEqual({ userId: user.id, isAdmin: true });
  });

  it('renews a session only once less than half its life is left', async () => {
    const issued = await sessions.start(user);
    now = START + DAY_MS;
    expect(await sessions.renewIfAging(issued.sessionId, user)).toBeUndefined();
    now = START + 4 * DAY_MS;
    const renewed = await sessions.renewIfAging(issued.sessionId, user);
    expect(renewed?.sessionId).toBe(issued.sessionId);
    expect((await storage.sessions.findSession(issued.sessionId))?.expiresAt.getTime()).toBe(now + SESSION_TTL_SECONDS * 1000);
  });

  it('logs out the vouched session, or the one named by its cookie, and publishes the revocation', async () => {
    const first = await sessions.start(user);
    const second = await sessions.start(user);
    await sessions.logout(first.sessionId, undefined);
    await sessions.logout(undefined, second.token);
    expect(await sessions.isValid(first.sessionId)).toBe(false);
    expect(await sessions.isValid(second.sessionId)).toBe(false);
    expect(published).toEqual([
      { subject: SUBJECTS.sessionRevoked, data: JSON.stringify({ sessionId: first.sessionId }) },
      { subject: SUBJECTS.sessionRevoked, data: JSON.stringify({ sessionId: second.sessionId }) },
    ]);
    expect(await sessions.renewIfAging(first.sessionId, user)).toBeUndefined();
  });

  it('ignores a cookie it did not sign', async () => {
    const issued = await sessions.start(user);
    const stranger = await sessionServiceOver(storage, { absoluteLifetimeSeconds: THIRTY_DAYS_SECONDS, clock: () => new Date(now) });
    const forged = await stranger.start(user);
    await sessions.logout(undefined, forged.token);
    expect(await sessions.sessionIdFromToken(forged.token)).toBeUndefined();
    expect(await sessions.isValid(issued.sessionId)).toBe(true);
    expect(published).toEqual([]);
  });

  it('renews a session up to its absolute lifetime and no further, then ends it', async () => {
    const issued = await sessions.start(user);
    for (let day = 4; day <= 24; day += 4) {
      now = START + day * DAY_MS;
      expect(await sessions.renewIfAging(issued.sessionId, user)).toBeDefined();
    }
    // The renewal of day 24 stopped at day 30, and its cookie lives exactly that long.
    expect((await storage.sessions.findSession(issued.sessionId))?.expiresAt.getTime()).toBe(START + 30 * DAY_MS);
    now = START + 28 * DAY_MS;
    expect(await sessions.renewIfAging(issued.sessionId, user)).toBeUndefined();
    now = START + 30 * DAY_MS - 1;
    expect(await sessions.isValid(issued.sessionId)).toBe(true);
    now = START + 30 * DAY_MS;
    expect(await sessions.isValid(issued.sessionId)).toBe(false);
    expect(await sessions.describe(issued.sessionId)).toBeUndefined();
  });

  it('never issues a cookie that outlives a short absolute lifetime', async () => {
    const short = await sessionServiceOver(storage, { absoluteLifetimeSeconds: 2 * 24 * 60 * 60, clock: () => new Date(now) });
    const issued = await short.start(user);
    expect(issued.maxAgeSeconds).toBe(2 * 24 * 60 * 60);
    now = START + 2 * DAY_MS;
    expect(await short.isValid(issued.sessionId)).toBe(false);
  });

  it('ends every other live session of the user, keeps this one and other people’s, and publishes each revocation', async () => {
    const other = await storage.users.createUser(
      { email: 'bob@gmail.com', firstName: 'Bob', lastName: 'B', passwordHash: null, googleId: null, isAdmin: false, authProvider: 'email' },
      new Date(START),
    );
    const [current, phone, laptop, bobs] = [await sessions.start(user), await sessions.start(user), await sessions.start(user), await sessions.start(other)];
    await sessions.logout(laptop.sessionId, undefined);
    published = [];
    expect(await sessions.revokeOthers(user.id, current.sessionId)).toBe(1);
    expect(published).toEqual([{ subject: SUBJECTS.sessionRevoked, data: JSON.stringify({ sessionId: phone.sessionId }) }]);
    expect(await sessions.isValid(current.sessionId)).toBe(true);
    expect(await sessions.isValid(phone.sessionId)).toBe(false);
    expect(await sessions.isValid(bobs.sessionId)).toBe(true);
    expect(await sessions.revokeOthers(user.id, current.sessionId)).toBe(0);
  });

  it('ends every live session of the user and publishes each revocation, leaving other people’s', async () => {
    const other = await storage.users.createUser(
      { email: 'bob@gmail.com', firstName: 'Bob', lastName: 'B', passwordHash: null, googleId: null, isAdmin: false, authProvider: 'email' },
      new Date(START),
    );
    const [phone, laptop, bobs] = [await sessions.start(user), await sessions.start(user), await sessions.start(other)];
    published = [];
    expect(await sessions.revokeAll(user.id)).toBe(2);
    expect(published.map((message) => message.data).sort()).toEqual(
      [JSON.stringify({ sessionId: phone.sessionId }), JSON.stringify({ sessionId: laptop.sessionId })].sort(),
    );
    expect(published.every((message) => message.subject === SUBJECTS.sessionRevoked)).toBe(true);
    expect(await sessions.isValid(phone.sessionId)).toBe(false);
    expect(await sessions.isValid(laptop.sessionId)).toBe(false);
    expect(await sessions.isValid(bobs.sessionId)).toBe(true);
    expect(await sessions.revokeAll(user.id)).toBe(0);
  });
});
