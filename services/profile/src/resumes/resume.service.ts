import {
  RESUME_MESSAGES,
  resumeLimitReached,
  resumeStorageLimitReached,
  resumeVersionLimitReached,
  resumeContentSchema,
  type ResumeContent,
  type ResumeAdvice,
  type ResumeSuggestion,
} from '@story/proto';
import { badRequest, conflict, describeZodError, notFound } from '@story/service-kit';
import { StaleSuggestionError, applySuggestion } from '../suggestions/apply-suggestion.ts';
import { resumeAdvice } from '../suggestions/resume-suggestions.ts';
import type { SuggestionEngine } from '../suggestions/suggestion-engine.ts';
import { duplicatePartId } from './part-ids.ts';
import type { ResumeFile, ResumeParser, ResumePdfRenderer, StoriesFinder } from './resume-engines.ts';
import { ResumeQuotaReachedError, type ResumeQuota, type ResumeQuotas, type ResumeRecord, type ResumeRepository } from './resume.repository.ts';

/** The per-person quotas as configured: résumés, versions of each, and megabytes of content. */
export interface ResumeQuotaSettings {
  resumesPerUser: number;
  versionsPerResume: number;
  megabytesPerUser: number;
}

export interface ResumeServiceDeps {
  repository: ResumeRepository;
  parser: ResumeParser;
  suggestions: SuggestionEngine;
  findStories: StoriesFinder;
  renderPdf: ResumePdfRenderer;
  clock: () => Date;
  quotas: ResumeQuotaSettings;
}

const MEGABYTE = 1024 * 1024;

/**
 * Content as every write keeps it, whichever way it came (an upload, an edit, an accepted rewrite):
 * through proto's schema, so hidden characters are gone by the one rule (issue 36) and limits hold.
 */
function plainContent(content: ResumeContent): ResumeContent {
  const parsed = resumeContentSchema.safeParse(content);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return parsed.data;
}

/** Résumés of one person: upload, review and edits as versions, suggestions and their acceptance, the PDF. */
export class ResumeService {
  private readonly quotas: ResumeQuotas;

  constructor(private readonly deps: ResumeServiceDeps) {
    const { resumesPerUser, versionsPerResume, megabytesPerUser } = deps.quotas;
    this.quotas = { resumesPerUser, versionsPerResume, bytesPerUser: Math.floor(megabytesPerUser * MEGABYTE) };
  }

  /** Parses an upload and keeps it as a new résumé to review; a refused file, or one past a quota (409), keeps nothing. */
  async upload(userId: number, file: ResumeFile): Promise<ResumeRecord> {
    // Counted before the parse as well, so a person at the limit costs no parsing; the store checks again as it writes.
    if ((await this.deps.repository.countOf(userId)) >= this.quotas.resumesPerUser) throw this.refusal('resumesPerUser');
    const { format, content } = await this.deps.parser.parse(file, userId);
    return this.withinQuotas(() => this.deps.repository.create({ userId, fileName: file.fileName, format, content, now: this.now(), quotas: this.quotas }));
  }

  /** The person's current résumé: the newest upload at its latest version. */
  async current(userId: number): Promise<ResumeRecord> {
    const record = await this.deps.repository.current(userId);
    if (!record) throw notFound(RESUME_MESSAGES.noResume);
    return record;
  }

  async find(userId: number, id: number): Promise<ResumeRecord> {
    const record = await this.deps.repository.find(userId, id);
    if (!record) throw notFound(RESUME_MESSAGES.notFound);
    return record;
  }

  /** Saves reviewed or edited content as the next version (`basedOn`: the version it was edited from). */
  async save(userId: number, id: number, content: ResumeContent, basedOn?: number): Promise<ResumeRecord> {
    if (duplicatePartId(content)) throw badRequest(RESUME_MESSAGES.duplicatePartId);
    const before = await this.find(userId, id);
    return this.addVersion(userId, before, content, before.reviewed ? 'Edited' : 'Reviewed', basedOn);
  }

  async versions(userId: number, id: number) {
    const versions = await this.deps.repository.versions(userId, id);
    if (!versions) throw notFound(RESUME_MESSAGES.notFound);
    return versions;
  }

  /**
   * Suggestions for the weak bullets of the latest version, grounded in the person's stories (the
   * threads told for a bullet first); kept, so that accepting applies what was shown. What to add to
   * the lines with no story quoted is said once (`advice`).
   */
  async suggestions(userId: number, id: number): Promise<{ record: ResumeRecord; items: ResumeSuggestion[]; advice: ResumeAdvice | null }> {
    const record = await this.find(userId, id);
    const dismissed = new Set(record.dismissed);
    const items = await this.deps.suggestions.suggest({
      content: record.content,
      findStories: (queries) => this.deps.findStories(userId, queries),
      dismissed,
      bulletThreads: record.bulletThreads,
    });
    await this.deps.repository.storeSuggestions(userId, id, { version: record.version, items });
    return { record, items, advice: resumeAdvice(record.content, items, dismissed) };
  }

  /** Applies a shown suggestion's rewrite to its bullet: a new version. */
  async accept(userId: number, id: number, suggestionId: string): Promise<ResumeRecord> {
    const record = await this.find(userId, id);
    const shown = record.suggestions?.version === record.version ? record.suggestions.items : (await this.suggestions(userId, id)).items;
    const suggestion = shown.find((item) => item.id === suggestionId);
    if (!suggestion) throw notFound(RESUME_MESSAGES.suggestionNotFound);
    let content: ResumeContent;
    try {
      content = applySuggestion(record.content, suggestion);
    } catch (error) {
      if (error instanceof StaleSuggestionError) throw notFound(RESUME_MESSAGES.suggestionNotFound);
      throw error;
    }
    return this.addVersion(userId, record, content, 'Accepted a suggestion', record.version);
  }

  async dismiss(userId: number, id: number, suggestionId: string): Promise<void> {
    if (!(await this.deps.repository.dismiss(userId, id, suggestionId))) throw notFound(RESUME_MESSAGES.notFound);
  }

  async pdf(userId: number, id: number, paper: 'a4' | 'letter'): Promise<{ record: ResumeRecord; pdf: Buffer }> {
    const record = await this.find(userId, id);
    return { record, pdf: await this.deps.renderPdf(userId, record, paper) };
  }

  private async addVersion(userId: number, before: ResumeRecord, content: ResumeContent, note: string, basedOn?: number): Promise<ResumeRecord> {
    const plain = plainContent(content);
    const outcome = await this.withinQuotas(() =>
      this.deps.repository.addVersion(userId, before.id, { content: plain, reviewed: true, note, now: this.now(), basedOn, quotas: this.quotas }),
    );
    if (outcome.kind === 'not-found') throw notFound(RESUME_MESSAGES.notFound);
    if (outcome.kind === 'conflict') throw conflict(RESUME_MESSAGES.versionConflict);
    return outcome.record;
  }

  /** A write, with a quota it would pass refused as a 409 saying which (nothing is pruned to make room). */
  private async withinQuotas<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ResumeQuotaReachedError) throw this.refusal(error.quota);
      throw error;
    }
  }

  private refusal(quota: ResumeQuota) {
    const { resumesPerUser, versionsPerResume, megabytesPerUser } = this.deps.quotas;
    if (quota === 'resumesPerUser') return conflict(resumeLimitReached(resumesPerUser));
    if (quota === 'versionsPerResume') return conflict(resumeVersionLimitReached(versionsPerResume));
    return conflict(resumeStorageLimitReached(megabytesPerUser));
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
