import { describe, expect, it } from 'vitest';
import { exportedResumeVersionSchema, publicProfileResponseSchema, type ResumeContent } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { profileContent } from '@story/testing/fixtures/public-profiles';
import { contentSaying } from '@story/testing/fixtures/resumes';
import type { ResumeRepository } from '../resumes/resume.repository.ts';
import { openSqliteProfileStorage } from '../storage/profile-storage.ts';
import { profileExportSource } from './profile-export.source.ts';

describe('the profile export source (SQLite)', () => {
  it('exports each version of each résumé as its own file, oldest first, with the suggestions shown for it, of one person only', async () => {
    const storage = openSqliteProfileStorage(':memory:');
    const repo = storage.resumes;
    const first = await repo.create({
      userId: 1,
      fileName: 'cv.pdf',
      format: 'pdf',
      content: contentSaying('Led the checkout rewrite'),
      now: '2026-11-01T10:00:00.000Z',
    });
    const added = await repo.addVersion(1, first.id, {
      content: contentSaying('Led the checkout rewrite for 2M users'),
      reviewed: true,
      note: 'Edited',
      now: '2026-11-02T10:00:00.000Z',
    });
    expect(added.kind).toBe('added');
    const shown = {
      id: 's-role-1-b-2-k3',
      roleId: 'role-1',
      bulletId: 'role-1-b-2',
      original: 'Cut build times 40% by caching dependencies',
      weaknesses: [{ kind: 'no-result' as const, message: 'Say what it changed.' }],
      rewrite: 'Cut build times 40% by caching dependencies, saving 20 minutes a day',
      evidence: null,
      toAdd: 'What did it save?',
    };
    await repo.storeSuggestions(1, first.id, { version: 2, items: [shown] });
    await repo.create({ userId: 2, fileName: 'other.pdf', format: 'pdf', content: contentSaying('Someone else’s line'), now: '2026-11-01T10:00:00.000Z' });

    const page = await exportPage(profileExportSource({ resumes: repo, publicProfiles: storage.publicProfiles }), 'profile', 1, undefined);
    expect(page.chunks.map((chunk) => chunk.path)).toEqual([`profile/resumes/${first.id}/v1.json`, `profile/resumes/${first.id}/v2.json`]);
    const versions = page.chunks.map((chunk) => exportedResumeVersionSchema.parse(JSON.parse(Buffer.from(chunk.data, 'base64').toString())));
    expect(versions.map(({ resume }) => [resume.version, resume.content.roles[0]?.bullets[0]?.text])).toEqual([
      [1, 'Led the checkout rewrite'],
      [2, 'Led the checkout rewrite for 2M users'],
    ]);
    expect(versions.map(({ suggestions }) => suggestions)).toEqual([[], [shown]]);
    expect(page.chunks.map((chunk) => Buffer.from(chunk.data, 'base64').toString()).join('')).not.toContain('Someone else');
    await storage.close();
  });

  it('exports the published profile with its stories’ threads (the owner’s data), and nothing once it is taken down', async () => {
    const storage = openSqliteProfileStorage(':memory:');
    const source = profileExportSource({ resumes: storage.resumes, publicProfiles: storage.publicProfiles });
    const content = profileContent({ roles: [], allowSearchEngines: false });
    await storage.publicProfiles.save({ userId: 1, slug: 'ada-park', customName: true, content, now: '2026-11-03T10:00:00.000Z' });
    await storage.publicProfiles.save({
      userId: 2,
      slug: 'someone-else',
      customName: true,
      content: { ...content, displayName: 'Bo' },
      now: '2026-11-03T10:00:00.000Z',
    });

    const page = await exportPage(source, 'profile', 1, undefined);
    expect(page.chunks.map((chunk) => chunk.path)).toEqual(['profile/public-profile.json']);
    const exported = publicProfileResponseSchema.parse(JSON.parse(Buffer.from(page.chunks[0]!.data, 'base64').toString()));
    expect(exported).toMatchObject({ published: true, profile: { displayName: 'Ada Park', slug: 'ada-park', url: '/p/ada-park', customName: 'ada-park' } });
    expect(exported.profile?.stories).toEqual([{ title: 'The migration', summary: 'Moved checkout to PostgreSQL.', threadId: 42 }]);

    await storage.publicProfiles.remove(1, '2026-11-04T10:00:00.000Z');
    expect((await exportPage(source, 'profile', 1, undefined)).chunks).toEqual([]);
    await storage.close();
  });
});

/** A résumé of about `bytes` of text: version `n` says so in its first bullet. */
function largeContent(n: number, bytes: number): ResumeContent {
  const base = contentSaying(`Version ${n}: led the checkout rewrite`);
  const filler = 'Cut the p99 latency of the payment path by caching the fraud rules near the edge. '.repeat(10);
  const bullets = Array.from({ length: Math.ceil(bytes / filler.length) }, (_, i) => ({ id: `role-1-b-${i + 3}`, text: filler.trim() }));
  return { ...base, roles: [{ ...base.roles[0]!, bullets: [...base.roles[0]!.bullets, ...bullets].slice(0, 40) }] };
}

/** The repository, counting the calls made to each of its methods. */
function counted(repo: ResumeRepository): { repo: ResumeRepository; calls: Map<string, number>; total: () => number } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(repo, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { repo: proxy, calls, total: () => [...calls.values()].reduce((sum, n) => sum + n, 0) };
}

describe('the profile export source, as résumés grow (issue 36, 6)', () => {
  /** Every page of the person's profile export with a small page budget, and the repository calls each page made. */
  async function exportAll(versions: number, budget: number) {
    const storage = openSqliteProfileStorage(':memory:');
    const first = await storage.resumes.create({
      userId: 1,
      fileName: 'cv.pdf',
      format: 'pdf',
      content: largeContent(1, 8000),
      now: '2026-11-01T10:00:00.000Z',
    });
    for (let n = 2; n <= versions; n++) {
      await storage.resumes.addVersion(1, first.id, { content: largeContent(n, 8000), reviewed: true, note: 'Edited', now: '2026-11-02T10:00:00.000Z' });
    }
    const { repo, total } = counted(storage.resumes);
    const source = profileExportSource({ resumes: repo, publicProfiles: storage.publicProfiles });
    const callsPerPage: number[] = [];
    const files = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const before = total();
      const page = await exportPage(source, 'profile', 1, cursor, budget);
      callsPerPage.push(total() - before);
      for (const chunk of page.chunks) files.set(chunk.path, (files.get(chunk.path) ?? '') + Buffer.from(chunk.data, 'base64').toString());
      cursor = page.next;
    } while (cursor !== undefined && callsPerPage.length < 500);
    await storage.close();
    return { callsPerPage, files, id: first.id };
  }

  it('reads each version about once per export: the reads of a page do not grow with the number of versions', async () => {
    // A page holds two or three versions: twelve versions need about five pages, twenty-four about ten.
    const budget = 40 * 1024;
    const twelve = await exportAll(12, budget);
    const twentyFour = await exportAll(24, budget);
    const pages = twentyFour.callsPerPage.length;
    expect(pages).toBeGreaterThan(5);
    // Each page lists the keys it may reach and reads the versions it sends (and the one it stopped in): a handful of calls.
    expect(Math.max(...twentyFour.callsPerPage)).toBeLessThanOrEqual(Math.max(...twelve.callsPerPage));
    expect(Math.max(...twentyFour.callsPerPage)).toBeLessThanOrEqual(8);
    // The whole export: about one read per version, not one per version per page.
    const reads = twentyFour.callsPerPage.reduce((sum, n) => sum + n, 0);
    expect(reads).toBeLessThanOrEqual(24 + 2 * pages);
    // Every version once, whole.
    const versions = [...twentyFour.files.entries()].map(([path, text]) => [path, exportedResumeVersionSchema.parse(JSON.parse(text)).resume.version]);
    expect(versions).toEqual(Array.from({ length: 24 }, (_, i) => [`profile/resumes/${twentyFour.id}/v${i + 1}.json`, i + 1]));
  });
});
