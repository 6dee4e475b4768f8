import type { ExportedResumeVersion } from '@story/proto';
import { combinedExportSource, jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentOwnProfile } from '../public-profile/public-profile.presenter.ts';
import type { PublicProfileRepository } from '../public-profile/public-profile.repository.ts';
import { presentResume } from '../resumes/resume.presenter.ts';
import type { ResumeRepository, ResumeVersionKey } from '../resumes/resume.repository.ts';

/** A version's key in the export: `<résumé id>/<version>`. */
const versionKey = (key: ResumeVersionKey) => `${key.id}/${key.version}`;

function parseVersionKey(key: string): ResumeVersionKey | undefined {
  const match = /^([1-9][0-9]{0,15})\/([1-9][0-9]{0,9})$/.exec(key);
  return match ? { id: Number(match[1]), version: Number(match[2]) } : undefined;
}

/**
 * Each version of each résumé its own item (issue 36): a page reads only the versions it sends (and
 * lists only the keys it may reach), so exporting a résumé costs in proportion to its versions.
 * A version carries the suggestions that were shown for it.
 */
export class ResumesExportSource implements ExportSource {
  constructor(private readonly resumes: ResumeRepository) {}

  async keys(userId: number): Promise<string[]> {
    return this.keysFrom(userId, undefined, Number.MAX_SAFE_INTEGER);
  }

  async keysFrom(userId: number, from: string | undefined, limit: number): Promise<string[]> {
    // A key that is not a version's (never one this source gave) starts from the beginning.
    const start = from === undefined ? undefined : parseVersionKey(from);
    return (await this.resumes.versionKeysFrom(userId, start, limit)).map(versionKey);
  }

  async files(userId: number, key: string): Promise<ExportFile[]> {
    const at = parseVersionKey(key);
    const record = at && (await this.resumes.find(userId, at.id, at.version));
    if (!at || !record) return [];
    const shown = record.suggestions?.version === at.version ? record.suggestions.items : [];
    const exported: ExportedResumeVersion = { resume: presentResume(record), suggestions: shown };
    return [jsonFile(`resumes/${at.id}/v${at.version}.json`, exported)];
  }
}

/** The published public profile, as its owner's editor reads it (`GET /api/profile`), when there is one. */
export class PublicProfileExportSource implements ExportSource {
  constructor(private readonly profiles: PublicProfileRepository) {}

  async keys(userId: number): Promise<string[]> {
    return (await this.profiles.ofUser(userId)) ? ['published'] : [];
  }

  /** Its one key, from the start or from itself. */
  async keysFrom(userId: number, from: string | undefined): Promise<string[]> {
    return from === undefined || from === 'published' ? this.keys(userId) : [];
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
