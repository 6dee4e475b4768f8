import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProfileRepository, StoredProfileContent } from './public-profile.repository.ts';

/** A store to run the contract against, and how to throw it away. */
export interface PublicProfileStoreUnderTest {
  repository: PublicProfileRepository;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const contentWith = (headline: string): StoredProfileContent => ({
  displayName: 'Ada Park',
  headline,
  about: 'I make deploys boring.',
  roles: [{ id: 'role-1', title: 'Engineer', company: 'Northwind', location: '', dates: '2020 – Present', bullets: ['Cut deploys to 9 minutes'] }],
  stories: [{ title: 'The migration', summary: 'Moved checkout to PostgreSQL.', threadId: 42 }],
  theme: 'site',
  allowSearchEngines: true,
});

/**
 * The behaviour every PublicProfileRepository must have, run against each driver (SQLite always,
 * MongoDB when one is reachable). Each test uses its own user ids and slugs, so the suite shares one store.
 */
export function publicProfileRepositoryContract(name: string, open: () => Promise<PublicProfileStoreUnderTest>): void {
  describe(`PublicProfileRepository contract: ${name}`, () => {
    let store: PublicProfileStoreUnderTest;
    let repo: PublicProfileRepository;
    let nextUser = 7100;
    const newUser = () => ++nextUser;

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
    });
    afterAll(async () => store.cleanup());

    it('keeps a published profile as it was given, found by person and by address', async () => {
      const user = newUser();
      const outcome = await repo.save({ userId: user, slug: `ada-${user}`, customName: true, content: contentWith('Engineer'), now: at(0) });
      const expected = { userId: user, slug: `ada-${user}`, customName: true, content: contentWith('Engineer'), publishedAt: at(0), updatedAt: at(0) };
      expect(outcome).toEqual({ kind: 'saved', record: expected });
      expect(await repo.ofUser(user)).toEqual(expected);
      expect(await repo.bySlug(`ada-${user}`)).toEqual(expected);
      expect(await repo.ofUser(newUser())).toBeUndefined();
      expect(await repo.bySlug('nobody-here')).toBeUndefined();
    });

    it('replaces the profile on the next publish, keeping when it was first published and freeing the old address', async () => {
      const user = newUser();
      await repo.save({ userId: user, slug: `first-${user}`, customName: true, content: contentWith('Engineer'), now: at(0) });
      const outcome = await repo.save({ userId: user, slug: `second-${user}`, customName: false, content: contentWith('Staff engineer'), now: at(5) });
      expect(outcome.kind).toBe('saved');
      expect(await repo.ofUser(user)).toMatchObject({
        slug: `second-${user}`,
        customName: false,
        publishedAt: at(0),
        updatedAt: at(5),
        content: { headline: 'Staff engineer' },
      });
      expect(await repo.bySlug(`first-${user}`)).toBeUndefined();
    });

    it("refuses another person's address and changes nothing", async () => {
      const owner = newUser();
      const other = newUser();
      await repo.save({ userId: owner, slug: `taken-${owner}`, customName: true, content: contentWith('Owner'), now: at(0) });
      expect(await repo.save({ userId: other, slug: `taken-${owner}`, customName: true, content: contentWith('Other'), now: at(1) })).toEqual({
        kind: 'slug-taken',
      });
      expect(await repo.ofUser(other)).toBeUndefined();
      expect((await repo.bySlug(`taken-${owner}`))?.userId).toBe(owner);
    });

    it('takes a profile down at once, and its address is free again', async () => {
      const user = newUser();
      await repo.save({ userId: user, slug: `gone-${user}`, customName: true, content: contentWith('Engineer'), now: at(0) });
      expect(await repo.remove(user)).toBe(true);
      expect(await repo.bySlug(`gone-${user}`)).toBeUndefined();
      expect(await repo.ofUser(user)).toBeUndefined();
      expect(await repo.remove(user)).toBe(false);
      const other = newUser();
      expect((await repo.save({ userId: other, slug: `gone-${user}`, customName: true, content: contentWith('Next'), now: at(1) })).kind).toBe('saved');
    });

    it("counts a person's name changes since a time, apart from taking down, and forgets them with the account", async () => {
      const user = newUser();
      const other = newUser();
      for (const minute of [0, 10, 20]) await repo.recordNameChange(user, at(minute));
      await repo.recordNameChange(other, at(15));
      expect(await repo.nameChangesSince(user, at(10))).toBe(2);
      expect(await repo.nameChangesSince(user, at(0))).toBe(3);
      await repo.save({ userId: user, slug: `mine-${user}`, customName: true, content: contentWith('Engineer'), now: at(21) });
      await repo.remove(user);
      expect(await repo.nameChangesSince(user, at(0))).toBe(3);

      await repo.save({ userId: user, slug: `mine-${user}`, customName: true, content: contentWith('Engineer'), now: at(22) });
      expect(await repo.removeAllOf(user)).toBe(4);
      expect(await repo.ofUser(user)).toBeUndefined();
      expect(await repo.nameChangesSince(user, at(0))).toBe(0);
      expect(await repo.nameChangesSince(other, at(0))).toBe(1);
    });
  });
}
