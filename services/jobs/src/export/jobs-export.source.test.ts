import { describe, expect, it } from 'vitest';
import { exportedJobDescriptionSchema } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { openSqliteJobsStorage } from '../storage/jobs-storage.ts';
import { JobsExportSource } from './jobs-export.source.ts';

const at = '2026-11-28T10:00:00.000Z';

describe('JobsExportSource (SQLite)', () => {
  it('exports each job description, archived ones too, with its snippets, of one person only', async () => {
    const storage = openSqliteJobsStorage(':memory:');
    const repo = storage.jobDescriptions;
    const save = async (userId: number, companyName: string) =>
      (await repo.insertJobDescription(
        { userId, companyName, jobTitle: 'Engineer', formattedContent: '# Engineer', originalContent: 'Engineer', createdAt: at },
        await repo.writeVersion(userId),
      ))!;
    const mine = await save(1, 'Northwind');
    const archived = await save(1, 'Contoso');
    await repo.setArchived(1, archived.id, true);
    const snippet = (await repo.insertSnippet(
      { userId: 1, jobDescriptionId: mine.id, snippetText: '- Leading migrations', createdAt: at },
      await repo.writeVersion(1),
    ))!;
    await save(2, 'Someone else’s');

    const page = await exportPage(new JobsExportSource(repo), 'jobs', 1, undefined);
    expect(page.next).toBeUndefined();
    const files = page.chunks.map(
      (chunk) => [chunk.path, exportedJobDescriptionSchema.parse(JSON.parse(Buffer.from(chunk.data, 'base64').toString()))] as const,
    );
    expect(files.map(([path]) => path)).toEqual([`jobs/job-descriptions/${mine.id}.json`, `jobs/job-descriptions/${archived.id}.json`]);
    expect(files[0]?.[1]).toMatchObject({
      jobDescription: { companyName: 'Northwind', isArchived: false },
      snippets: [{ id: snippet.id, snippetText: '- Leading migrations' }],
    });
    expect(files[1]?.[1]).toMatchObject({ jobDescription: { companyName: 'Contoso', isArchived: true }, snippets: [] });
    await storage.close();
  });
});
