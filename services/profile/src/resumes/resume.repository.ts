import type { ResumeContent, ResumeFormat, ResumeSuggestion } from '@story/proto';

/** A résumé at one version, as the profile service keeps it. */
export interface ResumeRecord {
  id: number;
  userId: number;
  version: number;
  reviewed: boolean;
  fileName: string;
  format: ResumeFormat;
  content: ResumeContent;
  /** When the résumé was uploaded, and when this version was made (ISO 8601). */
  createdAt: string;
  updatedAt: string;
  /** Threads told about a bullet, by bullet id. */
  bulletThreads: Record<string, number[]>;
  /** Suggestions the person dismissed (their ids change when the bullet's text does). */
  dismissed: string[];
  /** The suggestions last made, and for which version (accepting one applies what the person saw). */
  suggestions: StoredSuggestions | null;
}

/** Suggestions as they were shown for a version. */
export interface StoredSuggestions {
  version: number;
  items: ResumeSuggestion[];
}

/** One version of a résumé, listed. */
export interface ResumeVersionSummary {
  version: number;
  updatedAt: string;
  reviewed: boolean;
  note: string;
}

/** What one person may keep (issue 36): checked where the write happens, so concurrent writes cannot all pass. */
export interface ResumeQuotas {
  resumesPerUser: number;
  versionsPerResume: number;
  /** Bytes of content (every version's JSON, UTF-8) over all the person's résumés. */
  bytesPerUser: number;
}

export type ResumeQuota = keyof ResumeQuotas;

/** A write refused by a quota; nothing was written. */
export class ResumeQuotaReachedError extends Error {
  constructor(readonly quota: ResumeQuota) {
    super(`résumé quota reached: ${quota}`);
  }
}

/** What a version's content weighs as stored: its JSON in UTF-8. */
export const storedContentBytes = (content: ResumeContent): number => Buffer.byteLength(JSON.stringify(content), 'utf8');

export interface NewResume {
  userId: number;
  fileName: string;
  format: ResumeFormat;
  content: ResumeContent;
  now: string;
  /** Refuse (ResumeQuotaReachedError) past these; none: no limit. */
  quotas?: ResumeQuotas;
}

export interface NewResumeVersion {
  content: ResumeContent;
  reviewed: boolean;
  /** What made it ("Reviewed", "Edited", "Accepted a suggestion"). */
  note: string;
  now: string;
  /** The version the change was made on: another version in between refuses it (two tabs). */
  basedOn?: number;
  /** Refuse (ResumeQuotaReachedError) past these; none: no limit. */
  quotas?: ResumeQuotas;
}

/** One version of one of a person's résumés: an item of their data export (issue 36). */
export interface ResumeVersionKey {
  id: number;
  version: number;
}

/** Why a new version was refused: no such résumé of the user, or another version came first. */
export type AddVersionOutcome = { kind: 'added'; record: ResumeRecord } | { kind: 'not-found' } | { kind: 'conflict'; current: number };

/**
 * Résumés and their versions, per user; every read takes the user id. Implementations: SQLite and
 * MongoDB, both pass `resume.repository.contract.ts`.
 */
export interface ResumeRepository {
  /** Keeps an uploaded résumé as version 1 (not yet reviewed); past a quota, throws ResumeQuotaReachedError and keeps nothing. */
  create(resume: NewResume): Promise<ResumeRecord>;
  /** The user's newest résumé at its latest version. */
  current(userId: number): Promise<ResumeRecord | undefined>;
  /** A résumé of the user at its latest version, or at `version`. */
  find(userId: number, id: number, version?: number): Promise<ResumeRecord | undefined>;
  /** Keeps the next version; past a quota, throws ResumeQuotaReachedError and keeps nothing. */
  addVersion(userId: number, id: number, version: NewResumeVersion): Promise<AddVersionOutcome>;
  versions(userId: number, id: number): Promise<ResumeVersionSummary[] | undefined>;
  /** Remembers a dismissed suggestion; false when the résumé is not the user's. */
  dismiss(userId: number, id: number, suggestionId: string): Promise<boolean>;
  /** Links a thread to a bullet ("Tell the story behind this line"); false when the résumé is not the user's. */
  linkThread(userId: number, id: number, bulletId: string, threadId: number): Promise<boolean>;
  /** Keeps the suggestions shown for a version; false when the résumé is not the user's. */
  storeSuggestions(userId: number, id: number, suggestions: StoredSuggestions): Promise<boolean>;
  /** How many résumés the user has kept. */
  countOf(userId: number): Promise<number>;
  /**
   * The user's résumé versions in (résumé id, version) order from `from` on (itself included), at most
   * `limit`: the data export lists its items a window at a time instead of all of them on every page.
   */
  versionKeysFrom(userId: number, from: ResumeVersionKey | undefined, limit: number): Promise<ResumeVersionKey[]>;
  /** Removes every résumé of the user (their account was deleted). */
  removeAllOf(userId: number): Promise<number>;
}
