import type { ExportedResume, Resume } from '@story/proto';
import { combinedExportSource, jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentResume } from '../resumes/resume.presenter.ts';
import type { ResumeRepository } from '../resumes/resume.repository.ts';

/** Each résumé with every version, oldest first, and the suggestions last made for it. */
export class ResumesExportSource implements ExportSource {
  constructor(private readonly resumes: ResumeRepository) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.resumes.idsOf(userId)).map(String);
  }

  async files(userId: number, key: string): Promise<ExportFile[]> {
    const id = Number(key);
    const [current, summaries] = await Promise.all([this.resumes.find(userId, id), this.resumes.versions(userId, id)]);
    if (!current || !summaries) return [];
    const versions: Resume[] = [];
    for (const summary of [...summaries].sort((a, b) => a.version - b.version)) {
      const record = await this.resumes.find(userId, id, summary.version);
      if (record) versions.push(presentResume(record));
    }
    const exported: ExportedResume = { versions, suggestions: current.suggestions?.items ?? [] };
    return [jsonFile(`resumes/${id}.json`, exported)];
  }
}

/**
 * The profile service's part of the data export. Each kind of data is a section of its own: the
 * public profile, when it comes, is one more entry here (`publicProfile: new PublicProfileExportSource(…)`).
 */
export function profileExportSource(deps: { resumes: ResumeRepository }): ExportSource {
  return combinedExportSource({ resumes: new ResumesExportSource(deps.resumes) });
}
