import type { ExportedJobDescription } from '@story/proto';
import { jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentJobDescription, presentSnippet } from '../job-descriptions/job-description.presenter.ts';
import type { JobDescriptionRepository } from '../job-descriptions/job-description.repository.ts';

/** The jobs service's part of the data export: each job description (archived ones too) with its snippets. */
export class JobsExportSource implements ExportSource {
  constructor(private readonly repository: JobDescriptionRepository) {}

  async keys(userId: number): Promise<string[]> {
    const [active, archived] = await Promise.all([this.repository.listJobDescriptions(userId, false), this.repository.listJobDescriptions(userId, true)]);
    return [...active, ...archived]
      .map((description) => description.id)
      .sort((a, b) => a - b)
      .map(String);
  }

  async files(userId: number, key: string): Promise<ExportFile[]> {
    const description = await this.repository.findJobDescription(userId, Number(key));
    const snippets = await this.repository.listSnippets(userId, Number(key));
    if (!description || !snippets) return [];
    const exported: ExportedJobDescription = { jobDescription: presentJobDescription(description), snippets: snippets.map(presentSnippet) };
    return [jsonFile(`job-descriptions/${description.id}.json`, exported)];
  }
}
