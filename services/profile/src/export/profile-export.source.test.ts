import { describe, expect, it } from 'vitest';
import { exportedResumeSchema, publicProfileResponseSchema } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { contentSaying } from '../resumes/resume.repository.contract.ts';
import { openSqliteProfileStorage } from '../storage/profile-storage.ts';
import { profileExportSource } from './profile-export.source.ts';

describe('the profile export source (SQLite)', () => {
  it('exports each résumé with every version, oldest first, and the suggestions last shown, of one person only', async () => {
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
    await repo.create({ userId: 2, fileName: 'other.pdf', format: 'pdf', content: contentSaying('Someone else’s line'), now: '2026-11-01T10:00:00.000Z' });

    const page = await exportPage(profileExportSource({ resumes: repo, publicProfiles: storage.publicProfiles }), 'profile', 1, undefined);
    expect(page.chunks.map((chunk) => chunk.path)).toEqual([`profile/resumes/${first.id}.json`]);
    const resume = exportedResumeSchema.parse(JSON.parse(Buffer.from(page.chunks[0]!.data, 'base64').toString()));
    expect(resume.versions.map((version) => [version.version, version.content.roles[0]?.bullets[0]?.text])).toEqual([
      [1, 'Led the checkout rewrite'],
      [2, 'Led the checkout rewrite for 2M users'],
    ]);
    expect(resume.suggestions).toEqual([]);
    expect(Buffer.from(page.chunks[0]!.data, 'base64').toString()).not.toContain('Someone else');
    await storage.close();
  });

  it('exports the published profile with its stories’ threads (the owner’s data), and nothing once it is taken down', async () => {
    const storage = openSqliteProfileStorage(':memory:');
    const source = profileExportSource({ resumes: storage.resumes, publicProfiles: storage.publicProfiles });
    const content = {
      displayName: 'Ada Park',
      headline: 'Engineer',
      about: 'I make deploys boring.',
      roles: [],
      stories: [{ title: 'The migration', summary: 'Moved checkout to PostgreSQL.', threadId: 42 }],
      theme: 'site' as const,
      allowSearchEngines: false,
    };
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

    await storage.publicProfiles.remove(1);
    expect((await exportPage(source, 'profile', 1, undefined)).chunks).toEqual([]);
    await storage.close();
  });
});
