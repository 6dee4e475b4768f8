import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedInterview } from '@story/testing/fixtures/mock-interviews';
import type { MockInterviewRepository } from './mock-interview.repository.ts';

export interface MockRepositoryUnderTest {
  repository: MockInterviewRepository;
  cleanup(): Promise<void>;
}

/** What every store of mock interviews must do alike (SQLite here, MongoDB where one is reachable). */
export function mockInterviewRepositoryContract(name: string, open: () => Promise<MockRepositoryUnderTest>): void {
  describe(`${name} mock interview repository`, () => {
    let under: MockRepositoryUnderTest;
    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under.cleanup();
    });

    it('keeps an interview for its owner only, with new ids', async () => {
      const a = await under.repository.create(1, plannedInterview(7));
      const b = await under.repository.create(1, plannedInterview(8));
      expect(b.id).toBeGreaterThan(a.id);
      expect((await under.repository.find(1, a.id))?.doc).toEqual(plannedInterview(7));
      expect(await under.repository.find(2, a.id)).toBeUndefined();
      expect((await under.repository.list(1)).map((r) => r.id).slice(0, 2)).toEqual([b.id, a.id]);
      expect((await under.repository.list(1, 8)).map((r) => r.id)).toEqual([b.id]);
      expect(await under.repository.list(2)).toEqual([]);
    });

    it('writes only over the version it read: of two writers, one wins', async () => {
      const made = await under.repository.create(3, plannedInterview(9));
      const answered = plannedInterview(9, { status: 'in-progress' });
      expect(await under.repository.update(3, made.id, made.version, answered)).toBe(true);
      expect(await under.repository.update(3, made.id, made.version, plannedInterview(9, { status: 'finished' }))).toBe(false);
      expect(await under.repository.update(4, made.id, made.version + 1, answered)).toBe(false);
      const read = await under.repository.find(3, made.id);
      expect(read?.version).toBe(made.version + 1);
      expect(read?.doc.status).toBe('in-progress');
    });

    it('forgets what a deleted description or user takes with it', async () => {
      await under.repository.create(5, plannedInterview(10));
      await under.repository.create(5, plannedInterview(11));
      await under.repository.create(6, plannedInterview(10));
      expect(await under.repository.forget(5, { kind: 'job-description', jobDescriptionId: 10 })).toBe(1);
      expect((await under.repository.list(5)).map((r) => r.doc.jobDescriptionId)).toEqual([11]);
      expect(await under.repository.list(6)).toHaveLength(1);
      expect(await under.repository.forget(5, { kind: 'user' })).toBe(1);
      expect(await under.repository.list(5)).toEqual([]);
    });
  });
}
