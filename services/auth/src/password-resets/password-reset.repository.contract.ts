import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, newUser, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';

/** The behaviour every PasswordResetRepository driver must have; `open` gives a fresh, empty store for each test. */
export function describePasswordResetRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`PasswordResetRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;
    let repo: PasswordResetRepository;
    beforeEach(async () => {
      subject = await open();
      repo = subject.storage.passwordResets;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    const link = (userId: number, tokenHash: string, createdAt = '2024-01-01T10:00:00.000Z', expiresAt = '2024-01-01T11:00:00.000Z') =>
      repo.createReset({ userId, tokenHash, createdAt: at(createdAt), expiresAt: at(expiresAt) });

    it('finds a link by its token hash until it expires, and uses it once', async () => {
      const ada = await subject.storage.users.createUser(newUser(), at('2024-01-01T09:00:00.000Z'));
      const created = await link(ada.id, 'a'.repeat(64));
      expect(created).toEqual({
        id: expect.any(Number),
        userId: ada.id,
        createdAt: at('2024-01-01T10:00:00.000Z'),
        expiresAt: at('2024-01-01T11:00:00.000Z'),
        resetAt: null,
      });
      expect(await repo.findUsable('a'.repeat(64), at('2024-01-01T10:59:59.999Z'))).toEqual(created);
      expect(await repo.findUsable('a'.repeat(64), at('2024-01-01T11:00:00.000Z'))).toBeUndefined();
      expect(await repo.findUsable('b'.repeat(64), at('2024-01-01T10:30:00.000Z'))).toBeUndefined();
      expect(await repo.useReset('a'.repeat(64), at('2024-01-01T11:00:00.000Z'))).toBeUndefined();

      const used = await repo.useReset('a'.repeat(64), at('2024-01-01T10:30:00.000Z'));
      expect(used).toEqual({ ...created, resetAt: at('2024-01-01T10:30:00.000Z') });
      expect(await repo.useReset('a'.repeat(64), at('2024-01-01T10:31:00.000Z'))).toBeUndefined();
      expect(await repo.findUsable('a'.repeat(64), at('2024-01-01T10:31:00.000Z'))).toBeUndefined();
    });

    it('lets only one of many requests at once use a link', async () => {
      const ada = await subject.storage.users.createUser(newUser(), at('2024-01-01T09:00:00.000Z'));
      await link(ada.id, 'c'.repeat(64));
      const tries = await Promise.all(Array.from({ length: 8 }, () => repo.useReset('c'.repeat(64), at('2024-01-01T10:30:00.000Z'))));
      expect(tries.filter(Boolean)).toHaveLength(1);
    });

    it("deletes one user's unused links, keeping used ones and everybody else's", async () => {
      const ada = await subject.storage.users.createUser(newUser(), at('2024-01-01T09:00:00.000Z'));
      const bob = await subject.storage.users.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T09:00:00.000Z'));
      await link(ada.id, 'd'.repeat(64));
      await link(ada.id, 'e'.repeat(64), '2024-01-01T10:05:00.000Z', '2024-01-01T11:05:00.000Z');
      await link(bob.id, 'f'.repeat(64));
      await repo.useReset('e'.repeat(64), at('2024-01-01T10:10:00.000Z'));
      expect(await repo.deleteUnused(ada.id)).toBe(1);
      expect((await repo.listUserResets(ada.id)).map((reset) => reset.resetAt)).toEqual([at('2024-01-01T10:10:00.000Z')]);
      expect(await repo.listUserResets(bob.id)).toHaveLength(1);
      expect(await repo.findUsable('f'.repeat(64), at('2024-01-01T10:30:00.000Z'))).toBeDefined();
    });

    it('forgets unused links that expired before a time, and keeps the record of every reset', async () => {
      const ada = await subject.storage.users.createUser(newUser(), at('2024-01-01T09:00:00.000Z'));
      await link(ada.id, '1'.repeat(64), '2024-01-01T08:00:00.000Z', '2024-01-01T09:00:00.000Z');
      await link(ada.id, '2'.repeat(64), '2024-01-01T08:30:00.000Z', '2024-01-01T09:30:00.000Z');
      await link(ada.id, '3'.repeat(64), '2024-01-01T10:00:00.000Z', '2024-01-01T11:00:00.000Z');
      await repo.useReset('2'.repeat(64), at('2024-01-01T09:00:00.000Z'));
      expect(await repo.deleteExpired(at('2024-01-01T10:00:00.000Z'))).toBe(1);
      const left = await repo.listUserResets(ada.id);
      expect(left.map((reset) => reset.createdAt)).toEqual([at('2024-01-01T08:30:00.000Z'), at('2024-01-01T10:00:00.000Z')]);
      expect(await repo.listUserResets(9999)).toEqual([]);
    });
  });
}
