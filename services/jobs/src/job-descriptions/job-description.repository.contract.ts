import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import type { OutboxStore } from '@story/service-kit';
import { newJobDescription, newSnippet } from '@story/testing/fixtures/job-descriptions';
import { jobDescriptionDeletedEvents } from '../nats/domain-events.ts';
import type { JobDescriptionRepository, NewJobDescription } from './job-description.repository.ts';
import { JobWriteService } from './job-write.service.ts';

/** A store to run the contract against: the repository, the outbox its deletions write to, and how to throw it away. */
export interface JobsStoreUnderTest {
  repository: JobDescriptionRepository;
  outbox: OutboxStore;
  cleanup(): Promise<void>;
}

const T0 = Date.parse('2024-06-01T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const UNLIMITED = 1_000_000;

/**
 * The behaviour every JobDescriptionRepository must have, run against each driver (SQLite always,
 * MongoDB when one is reachable). Each test uses its own user ids, so the suite shares one store.
 */
export function jobDescriptionRepositoryContract(name: string, open: () => Promise<JobsStoreUnderTest>): void {
  describe(`JobDescriptionRepository contract: ${name}`, () => {
    let store: JobsStoreUnderTest;
    let repo: JobDescriptionRepository;
    // Saves go through the service that holds the quotas, over this driver's repository.
    let writes: JobWriteService;
    let nextUser = 7000;
    const newUser = () => ++nextUser;

    beforeAll(async () => {
      store = await open();
      repo = store.repository;
      writes = new JobWriteService(repo);
    });
    afterAll(async () => store.cleanup());

    const description = (userId: number, minute: number, title = `Role ${minute}`): NewJobDescription => newJobDescription(userId, at(minute), title);
    const created = async (input: NewJobDescription) => {
      const result = await writes.createJobDescription(input, UNLIMITED);
      if (result.kind !== 'created') throw new Error(`not created: ${result.kind}`);
      return result.record;
    };
    const snippet = async (userId: number, jobDescriptionId: number, text: string, minute: number) => {
      const result = await writes.createSnippet(newSnippet(userId, jobDescriptionId, at(minute), text), UNLIMITED);
      if (result.kind !== 'created') throw new Error(`not created: ${result.kind}`);
      return result.snippet;
    };

    it('lists a user’s descriptions newest first, active or archived, each with its snippet count', async () => {
      const user = newUser();
      const older = await created(description(user, 1));
      const newer = await created(description(user, 2));
      await created(description(newUser(), 3));
      await snippet(user, older.id, 'Lead teams', 4);
      await snippet(user, older.id, 'Own the roadmap', 5);

      const active = await repo.listJobDescriptions(user, false);
      expect(active.map((d) => [d.id, d.snippetCount])).toEqual([
        [newer.id, 0],
        [older.id, 2],
      ]);
      expect(active[1]).toMatchObject({ userId: user, companyName: 'Acme', jobTitle: 'Role 1', isArchived: false, createdAt: at(1) });

      expect(await repo.setArchived(user, older.id, true)).toMatchObject({ id: older.id, isArchived: true, snippetCount: 2 });
      expect((await repo.listJobDescriptions(user, false)).map((d) => d.id)).toEqual([newer.id]);
      expect((await repo.listJobDescriptions(user, true)).map((d) => d.id)).toEqual([older.id]);
      expect(await repo.setArchived(user, older.id, false)).toMatchObject({ isArchived: false });
    });

    it('reaches nothing of another user: find, update, archive, delete, snippets', async () => {
      const owner = newUser();
      const stranger = newUser();
      const mine = await created(description(owner, 1));
      const mySnippet = await snippet(owner, mine.id, 'Lead teams', 2);
      expect(await repo.findJobDescription(stranger, mine.id)).toBeUndefined();
      expect(await repo.updateJobDescription(stranger, mine.id, { companyName: 'X', jobTitle: 'X', formattedContent: 'X' })).toBeUndefined();
      expect(await repo.setArchived(stranger, mine.id, true)).toBeUndefined();
      expect(await repo.deleteJobDescription(stranger, mine.id, jobDescriptionDeletedEvents(at(3)))).toBe(false);
      expect(await writes.createSnippet({ userId: stranger, jobDescriptionId: mine.id, snippetText: 'x', createdAt: at(3) }, UNLIMITED)).toEqual({
        kind: 'job-description-not-found',
      });
      expect(await repo.listSnippets(stranger, mine.id)).toBeUndefined();
      expect(await repo.findSnippet(stranger, mySnippet.id)).toBeUndefined();
      expect(await repo.findJobDescription(owner, mine.id)).toMatchObject({ companyName: 'Acme', isArchived: false, snippetCount: 1 });
    });

    it('updates a confirmed description and keeps its original text unless a new one is given', async () => {
      const user = newUser();
      const saved = await created(description(user, 1));
      const updated = await repo.updateJobDescription(user, saved.id, { companyName: 'Acme GmbH', jobTitle: 'Lead', formattedContent: '## Lead' });
      expect(updated).toMatchObject({
        id: saved.id,
        companyName: 'Acme GmbH',
        jobTitle: 'Lead',
        formattedContent: '## Lead',
        originalContent: saved.originalContent,
        createdAt: at(1),
      });
      expect(
        await repo.updateJobDescription(user, saved.id, { companyName: 'Acme', jobTitle: 'Lead', formattedContent: '## Lead', originalContent: 'new' }),
      ).toMatchObject({ originalContent: 'new' });
    });

    it('lists snippets newest first and finds one by id', async () => {
      const user = newUser();
      const saved = await created(description(user, 1));
      const first = await snippet(user, saved.id, 'Lead teams', 2);
      const second = await snippet(user, saved.id, 'Ship weekly', 3);
      expect((await repo.listSnippets(user, saved.id))?.map((s) => s.snippetText)).toEqual(['Ship weekly', 'Lead teams']);
      expect(await repo.findSnippet(user, first.id)).toEqual({
        id: first.id,
        jobDescriptionId: saved.id,
        userId: user,
        snippetText: 'Lead teams',
        createdAt: at(2),
      });
      expect(second.id).toBeGreaterThan(first.id);
    });

    it('deletes a description with its snippets and writes one event for it and one per snippet', async () => {
      const user = newUser();
      const doomed = await created(description(user, 1));
      const kept = await created(description(user, 2));
      const a = await snippet(user, doomed.id, 'A', 3);
      const b = await snippet(user, doomed.id, 'B', 4);
      const other = await snippet(user, kept.id, 'C', 5);
      expect(await repo.deleteJobDescription(user, doomed.id, jobDescriptionDeletedEvents(at(6)))).toBe(true);
      expect(await repo.findJobDescription(user, doomed.id)).toBeUndefined();
      expect(await repo.findSnippet(user, a.id)).toBeUndefined();
      expect(await repo.findSnippet(user, b.id)).toBeUndefined();
      expect(await repo.findSnippet(user, other.id)).toBeDefined();
      expect(await repo.deleteJobDescription(user, doomed.id, jobDescriptionDeletedEvents(at(7)))).toBe(false);

      const events = (await store.outbox.pendingEvents(10_000)).map((e) => ({ subject: e.subject, payload: JSON.parse(e.payload) }));
      const mine = events.filter((e) => e.payload.userId === user);
      expect(mine).toEqual([
        { subject: EVENT_SUBJECTS.jobDescriptionDeleted, payload: { userId: user, jobDescriptionId: doomed.id, at: at(6) } },
        { subject: EVENT_SUBJECTS.snippetDeleted, payload: { userId: user, snippetId: b.id, at: at(6) } },
        { subject: EVENT_SUBJECTS.snippetDeleted, payload: { userId: user, snippetId: a.id, at: at(6) } },
      ]);
    });

    it('refuses a description or a snippet past the quota, counting in the same transaction', async () => {
      const user = newUser();
      const first = await writes.createJobDescription(description(user, 1), 2);
      await writes.createJobDescription(description(user, 2), 2);
      expect(await writes.createJobDescription(description(user, 3), 2)).toEqual({ kind: 'limit-reached' });
      if (first.kind !== 'created') throw new Error('first description not created');
      const snippets = await Promise.all(
        [1, 2, 3].map((n) => writes.createSnippet({ userId: user, jobDescriptionId: first.record.id, snippetText: `S${n}`, createdAt: at(n) }, 2)),
      );
      expect(snippets.map((s) => s.kind).sort()).toEqual(['created', 'created', 'limit-reached']);
    });

    it('forgets every description and snippet of a deleted account, once, and nobody else’s', async () => {
      const user = newUser();
      const other = newUser();
      const first = await created(description(user, 1));
      await created(description(user, 2));
      await snippet(user, first.id, 'Lead teams', 3);
      const kept = await created(description(other, 4));
      await snippet(other, kept.id, 'Own the roadmap', 5);

      expect(await repo.forgetUser(user)).toBe(3);
      expect(await repo.listJobDescriptions(user, false)).toEqual([]);
      expect(await repo.findJobDescription(user, first.id)).toBeUndefined();
      expect(await repo.forgetUser(user)).toBe(0);
      expect(await repo.listSnippets(other, kept.id)).toHaveLength(1);
      // Nothing is left to trip on: the same id may save again.
      expect(await created(description(user, 6))).toMatchObject({ userId: user });
    });
  });
}
