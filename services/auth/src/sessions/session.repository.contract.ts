import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newSession } from '@story/testing/fixtures/accounts';
import type { UserRepository } from '../accounts/user.repository.ts';
import { at, newUser, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';
import type { SessionRepository } from './session.repository.ts';

/** The behaviour every SessionRepository driver must have; `open` gives a fresh, empty store for each test. */
export function describeSessionRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`SessionRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;
    let users: UserRepository;
    let repo: SessionRepository;

    beforeEach(async () => {
      subject = await open();
      users = subject.storage.users;
      repo = subject.storage.sessions;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('stores, finds and revokes sessions once', async () => {
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const id = randomUUID();
      const created = await repo.createSession({ id, userId: ada.id, createdAt: at('2024-01-01T10:00:00.000Z'), expiresAt: at('2024-01-08T10:00:00.000Z') });
      expect(created).toEqual({ id, userId: ada.id, createdAt: at('2024-01-01T10:00:00.000Z'), expiresAt: at('2024-01-08T10:00:00.000Z'), revokedAt: null });
      expect(await repo.findSession(id)).toEqual(created);
      expect(await repo.findSession(randomUUID())).toBeUndefined();

      expect(await repo.revokeSession(id, at('2024-01-02T10:00:00.000Z'))).toBe(true);
      expect((await repo.findSession(id))?.revokedAt).toEqual(at('2024-01-02T10:00:00.000Z'));
      // A second revoke changes nothing, not even the time.
      expect(await repo.revokeSession(id, at('2024-01-03T10:00:00.000Z'))).toBe(false);
      expect((await repo.findSession(id))?.revokedAt).toEqual(at('2024-01-02T10:00:00.000Z'));
      expect(await repo.revokeSession(randomUUID(), at('2024-01-03T10:00:00.000Z'))).toBe(false);
    });
    it('extends a live session and never a revoked one', async () => {
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const id = randomUUID();
      await repo.createSession({ id, userId: ada.id, createdAt: at('2024-01-01T10:00:00.000Z'), expiresAt: at('2024-01-08T10:00:00.000Z') });
      expect(await repo.extendSession(id, at('2024-01-12T10:00:00.000Z'))).toBe(true);
      expect((await repo.findSession(id))?.expiresAt).toEqual(at('2024-01-12T10:00:00.000Z'));
      await repo.revokeSession(id, at('2024-01-05T10:00:00.000Z'));
      expect(await repo.extendSession(id, at('2024-02-01T10:00:00.000Z'))).toBe(false);
      expect((await repo.findSession(id))?.expiresAt).toEqual(at('2024-01-12T10:00:00.000Z'));
      expect(await repo.extendSession(randomUUID(), at('2024-02-01T10:00:00.000Z'))).toBe(false);
    });
    it('revokes every other live session of one user, and nothing of anyone else', async () => {
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const bob = await users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      const session = (userId: number, expiresAt = '2024-01-08T10:00:00.000Z') =>
        repo.createSession(newSession(userId, at('2024-01-01T10:00:00.000Z'), { expiresAt: at(expiresAt) }));
      const [kept, phone, laptop, expired, revoked, bobs] = await Promise.all([
        session(ada.id),
        session(ada.id),
        session(ada.id),
        session(ada.id, '2024-01-02T09:00:00.000Z'),
        session(ada.id),
        session(bob.id),
      ]);
      await repo.revokeSession(revoked.id, at('2024-01-02T08:00:00.000Z'));

      const now = at('2024-01-02T10:00:00.000Z');
      expect((await repo.revokeOtherSessions(ada.id, kept.id, now)).sort()).toEqual([phone.id, laptop.id].sort());
      expect((await repo.findSession(phone.id))?.revokedAt).toEqual(now);
      expect((await repo.findSession(laptop.id))?.revokedAt).toEqual(now);
      expect((await repo.findSession(kept.id))?.revokedAt).toBeNull();
      expect((await repo.findSession(expired.id))?.revokedAt).toBeNull();
      expect((await repo.findSession(revoked.id))?.revokedAt).toEqual(at('2024-01-02T08:00:00.000Z'));
      expect((await repo.findSession(bobs.id))?.revokedAt).toBeNull();
      expect(await repo.revokeOtherSessions(ada.id, kept.id, now)).toEqual([]);
    });

    it('revokes every live session of one user, and nothing of anyone else', async () => {
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const bob = await users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      const session = (userId: number, expiresAt = '2024-01-08T10:00:00.000Z') =>
        repo.createSession({ id: randomUUID(), userId, createdAt: at('2024-01-01T10:00:00.000Z'), expiresAt: at(expiresAt) });
      const [phone, laptop, expired, bobs] = await Promise.all([
        session(ada.id),
        session(ada.id),
        session(ada.id, '2024-01-02T09:00:00.000Z'),
        session(bob.id),
      ]);
      const now = at('2024-01-02T10:00:00.000Z');
      expect((await repo.revokeUserSessions(ada.id, now)).sort()).toEqual([phone.id, laptop.id].sort());
      expect((await repo.findSession(phone.id))?.revokedAt).toEqual(now);
      expect((await repo.findSession(laptop.id))?.revokedAt).toEqual(now);
      expect((await repo.findSession(expired.id))?.revokedAt).toBeNull();
      expect((await repo.findSession(bobs.id))?.revokedAt).toBeNull();
      expect(await repo.revokeUserSessions(ada.id, now)).toEqual([]);
    });

    it("lists one user's sessions oldest first, revoked ones included, and nobody else's", async () => {
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const bob = await users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      const session = (userId: number, createdAt: string) =>
        repo.createSession(newSession(userId, at(createdAt), { expiresAt: at('2024-02-01T10:00:00.000Z') }));
      const later = await session(ada.id, '2024-01-03T10:00:00.000Z');
      const earlier = await session(ada.id, '2024-01-02T10:00:00.000Z');
      await session(bob.id, '2024-01-02T11:00:00.000Z');
      await repo.revokeSession(earlier.id, at('2024-01-04T10:00:00.000Z'));
      const listed = await repo.listUserSessions(ada.id);
      expect(listed.map((s) => s.id)).toEqual([earlier.id, later.id]);
      expect(listed[0]?.revokedAt).toEqual(at('2024-01-04T10:00:00.000Z'));
      expect(await repo.listUserSessions(9999)).toEqual([]);
    });
  });
}
