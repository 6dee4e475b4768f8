import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileContent } from '@story/testing/fixtures/public-profiles';
import type { PublicProfileRepository } from './public-profile.repository.ts';

/** A store to run the contract against, and how to throw it away. */
export interface PublicProfileStoreUnderTest {
  repository: PublicProfileRepository;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const contentWith = (headline: string) => profileContent({ headline });

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

    it('takes a profile down at once; its address is held for its owner while holds count, and free after', async () => {
      const user = newUser();
      await repo.save({ userId: user, slug: `gone-${user}`, customName: true, content: contentWith('Engineer'), now: at(0) });
      expect(await repo.remove(user, at(10))).toBe(true);
      expect(await repo.bySlug(`gone-${user}`)).toBeUndefined();
      expect(await repo.ofUser(user)).toBeUndefined();
      expect(await repo.remove(user, at(11))).toBe(false);
      const other = newUser();
      const claim = (minute: number, heldSince: number) =>
        repo.save({ userId: other, slug: `gone-${user}`, customName: true, content: contentWith('Next'), now: at(minute), namesHeldSince: at(heldSince) });
      // Released at minute 10: held while holds reach back to it.
      expect(await claim(20, 10)).toEqual({ kind: 'slug-taken' });
      expect(await repo.ofUser(other)).toBeUndefined();
      expect((await claim(30, 11)).kind).toBe('saved');
      expect((await repo.bySlug(`gone-${user}`))?.userId).toBe(other);
    });

    it('holds an address its owner left for a new one for them alone, and lets them take it back', async () => {
      const owner = newUser();
      const other = newUser();
      const save = (userId: number, slug: string, minute: number) =>
        repo.save({ userId, slug, customName: true, content: contentWith('Engineer'), now: at(minute), namesHeldSince: at(0) });
      await save(owner, `old-${owner}`, 1);
      await save(owner, `new-${owner}`, 2);
      expect(await save(other, `old-${owner}`, 3)).toEqual({ kind: 'slug-taken' });
      expect((await save(owner, `old-${owner}`, 4)).kind).toBe('saved');
      // Now `new-…` is the one held, and `old-…` the owner's again.
      expect(await save(other, `new-${owner}`, 5)).toEqual({ kind: 'slug-taken' });
      expect(await repo.bySlug(`old-${owner}`)).toMatchObject({ userId: owner });
      // An account deleted: its holds go with it.
      expect(await repo.removeAllOf(owner)).toBeGreaterThanOrEqual(2);
      expect((await save(other, `new-${owner}`, 6)).kind).toBe('saved');
    });

    it("counts a person's name changes since a time, apart from taking down, and forgets them with the account", async () => {
      const user = newUser();
      const other = newUser();
      for (const minute of [0, 10, 20]) await repo.recordNameChange(user, at(minute));
      await repo.recordNameChange(other, at(15));
      expect(await repo.nameChangesSince(user, at(10))).toBe(2);
      expect(await repo.nameChangesSince(user, at(0))).toBe(3);
      await repo.save({ userId: user, slug: `mine-${user}`, customName: true, content: contentWith('Engineer'), now: at(21) });
      await repo.remove(user, at(21));
      expect(await repo.nameChangesSince(user, at(0))).toBe(3);

      await repo.save({ userId: user, slug: `mine-${user}`, customName: true, content: contentWith('Engineer'), now: at(22) });
      expect(await repo.removeAllOf(user)).toBe(4);
      expect(await repo.ofUser(user)).toBeUndefined();
      expect(await repo.nameChangesSince(user, at(0))).toBe(0);
      expect(await repo.nameChangesSince(other, at(0))).toBe(1);
    });
  });
}
