import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '@story/testing/service-under-test';
import { openSqliteJobsStorage } from '../storage/jobs-storage.ts';
import type { JobDescriptionRepository, NewJobDescription } from './job-description.repository.ts';
import { JobWriteService } from './job-write.service.ts';

const dir = tempDataDir('jobs-write-');
const storage = openSqliteJobsStorage(join(dir, 'jobs.sqlite'));
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const description = (userId: number, n: number): NewJobDescription => ({
  userId,
  companyName: 'Acme',
  jobTitle: `Role ${n}`,
  formattedContent: `## Role ${n}`,
  originalContent: `Role ${n}`,
  createdAt: new Date(Date.UTC(2024, 5, 1, 9, n)).toISOString(),
});

describe('the jobs quotas, checked once in the service', () => {
  it('keeps one of two saves racing for the last slot and refuses the other, moving the write version on once per save', async () => {
    const writes = new JobWriteService(storage.jobDescriptions);
    const before = await storage.jobDescriptions.writeVersion(1);
    const results = await Promise.all([1, 2, 3].map((n) => writes.createJobDescription(description(1, n), 2)));
    expect(results.map((result) => result.kind).sort()).toEqual(['created', 'created', 'limit-reached']);
    expect(await storage.jobDescriptions.countJobDescriptions(1)).toBe(2);
    expect(await storage.jobDescriptions.writeVersion(1)).toBe(before + 2);
  });

  it('writes nothing when the version moved since the count, and finds a description deleted meanwhile gone', async () => {
    const repository = storage.jobDescriptions;
    const created = await new JobWriteService(repository).createJobDescription(description(2, 1), 10);
    if (created.kind !== 'created') throw new Error('description not created');
    const stale = await repository.writeVersion(2);
    expect(
      await repository.insertSnippet({ userId: 2, jobDescriptionId: created.record.id, snippetText: 'A', createdAt: created.record.createdAt }, stale - 1),
    ).toBe(undefined);

    // The description goes between the service's look at it and its insert.
    const deletingOnFirstLook: JobDescriptionRepository = Object.create(repository, {
      findJobDescription: {
        value: async (userId: number, id: number) => {
          const found = await repository.findJobDescription(userId, id);
          if (found) await repository.deleteJobDescription(userId, id, () => []);
          return found;
        },
      },
    });
    const snippet = { userId: 2, jobDescriptionId: created.record.id, snippetText: 'B', createdAt: created.record.createdAt };
    expect(await new JobWriteService(deletingOnFirstLook).createSnippet(snippet, 10)).toEqual({ kind: 'job-description-not-found' });
    expect(await repository.listSnippets(2, created.record.id)).toBeUndefined();
  });
});
