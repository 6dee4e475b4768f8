import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import { newSession } from '@story/testing/fixtures/accounts';
import { at, newUser, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';

/** The behaviour every AccountDeletionRepository driver must have; `open` gives a fresh, empty store for each test. */
export function describeAccountDeletionRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`AccountDeletionRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.dispose();
    });

    const sessionOf = async (userId: number) => {
      const session = newSession(userId, at('2024-01-01T10:00:00.000Z'));
      await subject.storage.sessions.createSession(session);
      return session.id;
    };
    const event = (userId: number) => ({ subject: EVENT_SUBJECTS.userDeleted, payload: { userId, at: '2024-01-02T10:00:00.000Z' } });

    it('deletes the account, its sessions and its password-reset links with its event in the outbox, once, and nobody else’s', async () => {
      const { users, sessions, accountDeletions, outbox, passwordResets } = subject.storage;
      const ada = await users.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const bob = await users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      const adaSessions = [await sessionOf(ada.id), await sessionOf(ada.id)];
      const bobSession = await sessionOf(bob.id);
      const link = (userId: number, tokenHash: string) =>
        passwordResets.createReset({ userId, tokenHash, createdAt: at('2024-01-01T10:00:00.000Z'), expiresAt: at('2024-01-01T11:00:00.000Z') });
      await link(ada.id, 'a'.repeat(64));
      await link(bob.id, 'b'.repeat(64));

      const deleted = await accountDeletions.deleteAccount(ada.id, event(ada.id));
      expect(deleted?.sessionIds.sort()).toEqual([...adaSessions].sort());
      expect(await users.findUserById(ada.id)).toBeUndefined();
      for (const id of adaSessions) expect(await sessions.findSession(id)).toBeUndefined();
      expect(await passwordResets.listUserResets(ada.id)).toEqual([]);
      expect(await passwordResets.listUserResets(bob.id)).toHaveLength(1);
      const pending = await outbox.pendingEvents(10);
      expect(pending.map((entry) => [entry.subject, JSON.parse(entry.payload)])).toEqual([
        [EVENT_SUBJECTS.userDeleted, { userId: ada.id, at: '2024-01-02T10:00:00.000Z' }],
      ]);

      expect(await accountDeletions.deleteAccount(ada.id, event(ada.id))).toBeUndefined();
      expect(await outbox.countPendingEvents()).toBe(1);
      expect(await users.findUserById(bob.id)).toBeDefined();
      expect(await sessions.findSession(bobSession)).toBeDefined();
    });
  });
}
