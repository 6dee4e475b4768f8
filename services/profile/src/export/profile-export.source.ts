import type { ExportedResume, Resume } from '@story/proto';
import { combinedExportSource, jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentOwnProfile } from '../public-profile/public-profile.presenter.ts';
import type { PublicProfileRepository } from '../public-profile/public-profile.repository.ts';
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

/** The published public profile, as its owner's editor reads it (`GET /api/profile`), when there is one. */
export class PublicProfileExportSource implements ExportSource {
  constructor(private readonly profiles: PublicProfileRepository) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.profiles.ofUser(userId)) ? ['published'] : [];
  }

  async files(userId: number): Promise<ExportFile[]> {
    const record = await this.profiles.ofUser(userId);
    return record ? [jsonFile('public-profile.json', presentOwnProfile(record))] : [];
  }
}

/** The profile service's part of the data export: each kind of data a section of its own. */
export function profileExportSource(deps: { resumes: ResumeRepository; publicProfiles: PublicProfileRepository }): ExportSource {
  return combinedExportSource({ resumes: new ResumesExportSource(deps.resumes), publicProfile: new PublicProfileExportSource(deps.publicProfiles) });
}
