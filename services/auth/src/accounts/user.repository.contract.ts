import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newUser } from '@story/testing/fixtures/accounts';
import type { AuthStorage } from '../storage/auth-storage.ts';
import { DuplicateUserError, type UserRepository } from './user.repository.ts';

/** A fresh, empty auth store for one test, and how to throw it away. */
export interface AuthStoreUnderTest {
  storage: AuthStorage;
  dispose(): Promise<void>;
}

// The person every auth contract signs up, from the accounts fixtures; the contracts beside this one import it from here.
export { newUser };

export const at = (iso: string) => new Date(iso);

/**
 * The behaviour every UserRepository driver must have. Run once per driver by `auth-storage.test.ts`;
 * `open` gives a fresh, empty store for each test.
 */
export function describeUserRepositoryContract(name: string, open: () => Promise<AuthStoreUnderTest>): void {
  describe(`UserRepository contract: ${name}`, () => {
    let subject: AuthStoreUnderTest;
    let repo: UserRepository;

    beforeEach(async () => {
      subject = await open();
      repo = subject.storage.users;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('answers a ping', async () => {
      await expect(Promise.resolve(subject.storage.readiness())).resolves.toBeUndefined();
    });
    it('creates users with increasing numeric ids and reads every field back', async () => {
      const first = await repo.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const second = await repo.createUser(
        newUser({ email: 'grace@yahoo.com', firstName: 'Grace', lastName: 'Hopper', isAdmin: true }),
        at('2024-01-02T10:00:00.000Z'),
      );
      expect(Number.isSafeInteger(first.id) && first.id > 0).toBe(true);
      expect(second.id).toBeGreaterThan(first.id);
      // Every field of newUser() as given, with the id, the default user type, no requested plan and the time it was made.
      expect(first).toEqual({ ...newUser(), id: first.id, userType: 'standard', requestedPlan: null, createdAt: at('2024-01-01T10:00:00.000Z') });
      expect(await repo.findUserById(first.id)).toEqual(first);
      expect((await repo.findUserById(second.id))?.isAdmin).toBe(true);
      expect(await repo.findUserById(999_999)).toBeUndefined();
    });

    it('finds users by e-mail in any case and keeps the e-mail as written', async () => {
      const created = await repo.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      expect((await repo.findUserByEmail('ada.lovelace@gmail.com'))?.id).toBe(created.id);
      expect((await repo.findUserByEmail('ADA.LOVELACE@GMAIL.COM'))?.email).toBe('Ada.Lovelace@Gmail.com');
      expect(await repo.findUserByEmail('someone.else@gmail.com')).toBeUndefined();
      // Strings that would mean something to a query language are just strings.
      expect(await repo.findUserByEmail('{"$gt":""}')).toBeUndefined();
      expect(await repo.findUserByEmail("' OR 1=1 --")).toBeUndefined();
    });

    it('refuses a second account with the same e-mail in another case', async () => {
      await repo.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const error = await repo.createUser(newUser({ email: 'ADA.lovelace@gmail.COM' }), at('2024-01-01T11:00:00.000Z')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateUserError);
      expect((error as DuplicateUserError).field).toBe('email');
      expect(await repo.listUsers()).toHaveLength(1);
    });

    it('keeps Google ids unique while many accounts have none', async () => {
      await repo.createUser(newUser({ email: 'a@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      await repo.createUser(newUser({ email: 'b@gmail.com' }), at('2024-01-01T10:00:01.000Z'));
      const google = await repo.createUser(
        newUser({ email: 'c@gmail.com', googleId: 'google-sub-1', passwordHash: null, authProvider: 'google' }),
        at('2024-01-01T10:00:02.000Z'),
      );
      expect(google.passwordHash).toBeNull();
      expect(google.authProvider).toBe('google');
      expect((await repo.findUserByGoogleId('google-sub-1'))?.id).toBe(google.id);
      expect(await repo.findUserByGoogleId('google-sub-2')).toBeUndefined();
      const error = await repo.createUser(newUser({ email: 'd@gmail.com', googleId: 'google-sub-1' }), at('2024-01-01T10:00:03.000Z')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateUserError);
      expect((error as DuplicateUserError).field).toBe('googleId');
      expect(await repo.listUsers()).toHaveLength(3);
    });

    it('links a Google account to an existing user, once', async () => {
      const ada = await repo.createUser(newUser({ email: 'a@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      const bob = await repo.createUser(newUser({ email: 'b@gmail.com' }), at('2024-01-01T10:00:01.000Z'));
      const linked = await repo.linkGoogleAccount(ada.id, 'sub-ada');
      expect(linked?.googleId).toBe('sub-ada');
      expect(linked?.passwordHash).toBe(ada.passwordHash);
      expect((await repo.findUserByGoogleId('sub-ada'))?.id).toBe(ada.id);
      await expect(repo.linkGoogleAccount(bob.id, 'sub-ada')).rejects.toBeInstanceOf(DuplicateUserError);
      expect((await repo.findUserById(bob.id))?.googleId).toBeNull();
      expect(await repo.linkGoogleAccount(999_999, 'sub-nobody')).toBeUndefined();
    });

    it('promotes and demotes admins', async () => {
      const ada = await repo.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      expect((await repo.setAdmin(ada.id, true))?.isAdmin).toBe(true);
      expect((await repo.findUserById(ada.id))?.isAdmin).toBe(true);
      expect((await repo.setAdmin(ada.id, false))?.isAdmin).toBe(false);
      expect(await repo.setAdmin(999_999, true)).toBeUndefined();
    });

    it('keeps the plan chosen at sign-up and changes the user type alone', async () => {
      const ada = await repo.createUser(newUser({ requestedPlan: 'pro' }), at('2024-01-01T10:00:00.000Z'));
      expect(ada).toMatchObject({ userType: 'standard', requestedPlan: 'pro' });
      const bob = await repo.createUser(newUser({ email: 'bob@gmail.com' }), at('2024-01-01T10:00:00.000Z'));
      expect(bob.requestedPlan).toBeNull();
      const changed = await repo.setUserType(ada.id, 'pro');
      expect(changed).toEqual({ ...ada, userType: 'pro' });
      expect(await repo.findUserById(ada.id)).toEqual(changed);
      expect((await repo.findUserById(bob.id))?.userType).toBe('standard');
      expect(await repo.setUserType(999_999, 'plus')).toBeUndefined();
    });

    it('replaces a password hash and leaves everything else as it was', async () => {
      const ada = await repo.createUser(newUser(), at('2024-01-01T10:00:00.000Z'));
      const changed = await repo.setPasswordHash(ada.id, '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3aGFzaA');
      expect(changed).toEqual({ ...ada, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3aGFzaA' });
      expect(await repo.findUserById(ada.id)).toEqual(changed);
      expect(await repo.setPasswordHash(999_999, 'x')).toBeUndefined();
    });

    it('lists users newest first', async () => {
      const old = await repo.createUser(newUser({ email: 'old@gmail.com' }), at('2023-05-01T00:00:00.000Z'));
      const newest = await repo.createUser(newUser({ email: 'new@gmail.com' }), at('2024-05-01T00:00:00.000Z'));
      const middle = await repo.createUser(newUser({ email: 'mid@gmail.com' }), at('2023-12-01T00:00:00.000Z'));
      expect((await repo.listUsers()).map((u) => u.id)).toEqual([newest.id, middle.id, old.id]);
    });

    it('searches e-mails and names for every word in any case, newest first, a slice at a time with the total', async () => {
      const person = (email: string, firstName: string, lastName: string, createdAt: string) =>
        repo.createUser(newUser({ email, firstName, lastName }), at(createdAt));
      const ada = await person('Ada.Lovelace@Gmail.com', 'Ada', 'Lovelace', '2024-01-01T10:00:00.000Z');
      const adam = await person('adam.smith@yahoo.com', 'Adam', 'Smith', '2024-01-02T10:00:00.000Z');
      const grace = await person('grace@outlook.com', 'Grace', 'Hopper', '2024-01-03T10:00:00.000Z');
      const percent = await person('odd_100%@gmail.com', 'Per', 'Cent', '2024-01-04T10:00:00.000Z');
      const search = (words: string[], offset = 0, limit = 10) => repo.searchUsers({ words, offset, limit });
      const ids = async (words: string[], offset = 0, limit = 10) => (await search(words, offset, limit)).users.map((user) => user.id);

      expect(await search([])).toEqual({ users: [percent, grace, adam, ada], total: 4 });
      expect(await ids(['ada'])).toEqual([adam.id, ada.id]);
      expect(await ids(['ada', 'love'])).toEqual([ada.id]);
      expect(await ids(['hopper'])).toEqual([grace.id]);
      expect(await ids(['yahoo.com'])).toEqual([adam.id]);
      // LIKE's and regular expressions' special characters are only characters.
      expect(await ids(['%'])).toEqual([percent.id]);
      expect(await ids(['_100'])).toEqual([percent.id]);
      expect(await ids(['.*'])).toEqual([]);
      expect(await ids(['nobody'])).toEqual([]);
      expect(await search([], 1, 2)).toEqual({ users: [grace, adam], total: 4 });
      expect(await search(['gmail'], 1, 1)).toEqual({ users: [ada], total: 2 });
      expect(await search([], 10, 2)).toEqual({ users: [], total: 4 });
    });
  });
}
