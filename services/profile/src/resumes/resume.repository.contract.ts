import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSaying } from '@story/testing/fixtures/resumes';
import { ResumeQuotaReachedError, storedContentBytes, type ResumeRepository } from './resume.repository.ts';

/** A store to run the contract against, and how to throw it away. */
export interface ResumeStoreUnderTest {
  repository: ResumeRepository;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/**
 * The behaviour every ResumeRepository must have, run against each driver (SQLite always, MongoDB
 * when one is reachable). Each test uses its own user ids, so the suite shares one store.
 */
export function resumeRepositoryContract(name: string, open: () => Promise<ResumeStoreUnderTest>): void {
  describe(`ResumeRepository contract: ${name}`, () => {
    let store: ResumeStoreUnderTest;
    let repo: ResumeRepository;
    let nextUser = 9100;
    const newUser = () => ++nextUser;
    const upload = (userId: number, minute: number, first = 'Worked on the checkout page') =>
      repo.create({ userId, fileName: 'resume.pdf', format: 'pdf', content: contentSaying(first), now: at(minute) });

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
    });
    afterAll(async () => store.cleanup());

    it('keeps an upload as version 1, not reviewed, and gives it back as it was', async () => {
      const user = newUser();
      const record = await upload(user, 0);
      expect(record).toMatchObject({ userId: user, version: 1, reviewed: false, fileName: 'resume.pdf', format: 'pdf', createdAt: at(0), updatedAt: at(0) });
      expect(record.content).toEqual(contentSaying('Worked on the checkout page'));
      expect(await repo.find(user, record.id)).toEqual(record);
      expect(await repo.current(user)).toEqual(record);
    });

    it('makes each saved change the next version, keeps the old ones, and the latest is current', async () => {
      const user = newUser();
      const { id } = await upload(user, 0);
      const reviewed = await repo.addVersion(user, id, { content: contentSaying('Reviewed line'), reviewed: true, note: 'Reviewed', now: at(1) });
      expect(reviewed).toMatchObject({ kind: 'added', record: { version: 2, reviewed: true, updatedAt: at(1), createdAt: at(0) } });
      await repo.addVersion(user, id, { content: contentSaying('Edited line'), reviewed: true, note: 'Edited', now: at(2) });
      expect((await repo.current(user))?.content.roles[0]?.bullets[0]?.text).toBe('Edited line');
      expect((await repo.find(user, id, 1))?.content.roles[0]?.bullets[0]?.text).toBe('Worked on the checkout page');
      expect((await repo.find(user, id, 2))?.content.roles[0]?.bullets[0]?.text).toBe('Reviewed line');
      expect(await repo.find(user, id, 4)).toBeUndefined();
      expect((await repo.versions(user, id))?.map((v) => [v.version, v.note, v.reviewed])).toEqual([
        [3, 'Edited', true],
        [2, 'Reviewed', true],
        [1, 'Uploaded', false],
      ]);
    });

    it('refuses a change made on an older version (another tab saved first)', async () => {
      const user = newUser();
      const { id } = await upload(user, 0);
      await repo.addVersion(user, id, { content: contentSaying('Tab one'), reviewed: true, note: 'Edited', now: at(1), basedOn: 1 });
      const late = await repo.addVersion(user, id, { content: contentSaying('Tab two'), reviewed: true, note: 'Edited', now: at(2), basedOn: 1 });
      expect(late).toEqual({ kind: 'conflict', current: 2 });
      expect((await repo.current(user))?.content.roles[0]?.bullets[0]?.text).toBe('Tab one');
    });

    it("never shows or changes another person's résumé", async () => {
      const owner = newUser();
      const other = newUser();
      const { id } = await upload(owner, 0);
      expect(await repo.find(other, id)).toBeUndefined();
      expect(await repo.current(other)).toBeUndefined();
      expect(await repo.versions(other, id)).toBeUndefined();
      expect(await repo.addVersion(other, id, { content: contentSaying('Hijack'), reviewed: true, note: 'Edited', now: at(1) })).toEqual({ kind: 'not-found' });
      expect(await repo.dismiss(other, id, 's-x')).toBe(false);
      expect(await repo.linkThread(other, id, 'role-1-b-1', 5)).toBe(false);
      expect((await repo.current(owner))?.version).toBe(1);
      expect((await repo.current(owner))?.dismissed).toEqual([]);
    });

    it('makes the newest upload current, and counts and removes a person’s résumés (once, nobody else’s)', async () => {
      const user = newUser();
      const other = newUser();
      await upload(user, 0, 'Old line');
      const newer = await upload(user, 5, 'New line');
      const kept = await upload(other, 6, 'Kept line');
      expect((await repo.current(user))?.id).toBe(newer.id);
      expect(await repo.countOf(user)).toBe(2);
      expect((await repo.versionKeysFrom(user, undefined, 10)).map((key) => key.id)).toContain(newer.id);
      expect((await repo.versionKeysFrom(user, undefined, 10)).map((key) => key.id)).not.toContain(kept.id);
      expect(await repo.removeAllOf(user)).toBe(2);
      expect(await repo.versionKeysFrom(user, undefined, 10)).toEqual([]);
      expect(await repo.current(user)).toBeUndefined();
      expect(await repo.find(user, newer.id, 1)).toBeUndefined();
      expect(await repo.countOf(user)).toBe(0);
      expect(await repo.removeAllOf(user)).toBe(0);
      expect((await repo.current(other))?.id).toBe(kept.id);
    });

    it('remembers dismissed suggestions and the threads told about a bullet, each once', async () => {
      const user = newUser();
      const { id } = await upload(user, 0);
      expect(await repo.dismiss(user, id, 's-role-1-b-1-abc')).toBe(true);
      await repo.dismiss(user, id, 's-role-1-b-1-abc');
      await repo.linkThread(user, id, 'role-1-b-1', 41);
      await repo.linkThread(user, id, 'role-1-b-1', 41);
      await repo.linkThread(user, id, 'role-1-b-1', 42);
      const record = await repo.find(user, id);
      expect(record?.dismissed).toEqual(['s-role-1-b-1-abc']);
      expect(record?.bulletThreads).toEqual({ 'role-1-b-1': [41, 42] });
      // They belong to the résumé, not to one version.
      await repo.addVersion(user, id, { content: contentSaying('Changed'), reviewed: true, note: 'Edited', now: at(1) });
      expect((await repo.current(user))?.bulletThreads).toEqual({ 'role-1-b-1': [41, 42] });
    });

    it('keeps the suggestions shown for a version, for the owner only', async () => {
      const user = newUser();
      const { id } = await upload(user, 0);
      expect((await repo.find(user, id))?.suggestions).toBeNull();
      const shown = {
        version: 1,
        items: [
          {
            id: 's-role-1-b-1-k3',
            roleId: 'role-1',
            bulletId: 'role-1-b-1',
            original: 'Worked on the checkout page',
            weaknesses: [{ kind: 'vague-verb' as const, message: 'Say what you did.' }],
            rewrite: 'Rebuilt the checkout page',
            evidence: { threadId: 7, storyId: 9, quote: 'we cut it to 800 ms' },
            toAdd: null,
          },
        ],
      };
      expect(await repo.storeSuggestions(newUser(), id, shown)).toBe(false);
      expect(await repo.storeSuggestions(user, id, shown)).toBe(true);
      expect((await repo.find(user, id))?.suggestions).toEqual(shown);
    });

    it('refuses a write past a quota (résumés, versions, bytes of content per person) and keeps nothing of it', async () => {
      const user = newUser();
      const one = storedContentBytes(contentSaying('Line'));
      const quotas = { resumesPerUser: 2, versionsPerResume: 2, bytesPerUser: one * 3 + 10 };
      const create = (first: string) => repo.create({ userId: user, fileName: 'r.pdf', format: 'pdf', content: contentSaying(first), now: at(0), quotas });
      const { id } = await create('Line');
      expect(await repo.addVersion(user, id, { content: contentSaying('Edit'), reviewed: true, note: 'Edited', now: at(1), quotas })).toMatchObject({
        kind: 'added',
      });
      await expect(repo.addVersion(user, id, { content: contentSaying('More'), reviewed: true, note: 'Edited', now: at(2), quotas })).rejects.toEqual(
        new ResumeQuotaReachedError('versionsPerResume'),
      );
      await create('Twos');
      await expect(create('Tres')).rejects.toEqual(new ResumeQuotaReachedError('resumesPerUser'));
      expect(await repo.countOf(user)).toBe(2);
      expect((await repo.versions(user, id))?.length).toBe(2);
      // Three small versions kept: a fourth would pass the bytes, whatever the other quotas.
      const roomy = { ...quotas, resumesPerUser: 10, versionsPerResume: 10 };
      await expect(repo.addVersion(user, id, { content: contentSaying('Four'), reviewed: true, note: 'Edited', now: at(3), quotas: roomy })).rejects.toEqual(
        new ResumeQuotaReachedError('bytesPerUser'),
      );
      await expect(repo.create({ userId: user, fileName: 'r.pdf', format: 'pdf', content: contentSaying('Four'), now: at(3), quotas: roomy })).rejects.toEqual(
        new ResumeQuotaReachedError('bytesPerUser'),
      );
      expect(await repo.countOf(user)).toBe(2);
      // Another person has room of their own; and a write without quotas is not limited.
      expect((await repo.create({ userId: newUser(), fileName: 'r.pdf', format: 'pdf', content: contentSaying('Line'), now: at(4), quotas })).version).toBe(1);
      expect(await repo.addVersion(user, id, { content: contentSaying('Five'), reviewed: true, note: 'Edited', now: at(5) })).toMatchObject({ kind: 'added' });
    });

    it('lists a person’s résumé versions in (résumé, version) order a window at a time, from any key on (the data export’s items)', async () => {
      const user = newUser();
      const older = await upload(user, 0, 'Older');
      await repo.addVersion(user, older.id, { content: contentSaying('Older, edited'), reviewed: true, note: 'Edited', now: at(1) });
      await repo.addVersion(user, older.id, { content: contentSaying('Older, edited again'), reviewed: true, note: 'Edited', now: at(2) });
      const newer = await upload(user, 3, 'Newer');
      await upload(newUser(), 4, 'Someone else’s');
      const all = [
        { id: older.id, version: 1 },
        { id: older.id, version: 2 },
        { id: older.id, version: 3 },
        { id: newer.id, version: 1 },
      ];
      expect(await repo.versionKeysFrom(user, undefined, 10)).toEqual(all);
      expect(await repo.versionKeysFrom(user, undefined, 2)).toEqual(all.slice(0, 2));
      expect(await repo.versionKeysFrom(user, { id: older.id, version: 2 }, 2)).toEqual(all.slice(1, 3));
      expect(await repo.versionKeysFrom(user, { id: older.id, version: 3 }, 10)).toEqual(all.slice(2));
      // A key that is gone (a version never made): the next one on.
      expect(await repo.versionKeysFrom(user, { id: older.id, version: 4 }, 10)).toEqual(all.slice(3));
      expect(await repo.versionKeysFrom(user, { id: newer.id, version: 2 }, 10)).toEqual([]);
    });
  });
}
