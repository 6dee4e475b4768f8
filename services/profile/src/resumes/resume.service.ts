import { RESUME_MESSAGES, type ResumeContent, type ResumeSuggestion } from '@story/proto';
import { HttpError, badRequest, conflict, notFound } from '@story/service-kit';
import { StaleSuggestionError, applySuggestion } from '../suggestions/apply-suggestion.ts';
import type { SuggestionEngine } from '../suggestions/suggestion-engine.ts';
import { duplicatePartId } from './part-ids.ts';
import type { ResumeFile, ResumeParser, ResumePdfRenderer, StoriesFinder } from './resume-engines.ts';
import type { ResumeRecord, ResumeRepository } from './resume.repository.ts';

export interface ResumeServiceDeps {
  repository: ResumeRepository;
  parser: ResumeParser;
  suggestions: SuggestionEngine;
  findStories: StoriesFinder;
  renderPdf: ResumePdfRenderer;
  clock: () => Date;
  maxPerUser: number;
  maxVersions: number;
}

/** Résumés of one person: upload, review and edits as versions, suggestions and their acceptance, the PDF. */
export class ResumeService {
  constructor(private readonly deps: ResumeServiceDeps) {}

  /** Parses an upload and keeps it as a new résumé to review; a refused file keeps nothing. */
  async upload(userId: number, file: ResumeFile): Promise<ResumeRecord> {
    if ((await this.deps.repository.countOf(userId)) >= this.deps.maxPerUser) {
      throw new HttpError(429, `You can keep at most ${this.deps.maxPerUser} résumés.`);
    }
    const { format, content } = await this.deps.parser.parse(file);
    return this.deps.repository.create({ userId, fileName: file.fileName, format, content, now: this.now() });
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

  /** Suggestions for the weak bullets of the latest version, grounded in the person's stories; kept, so that accepting applies what was shown. */
  async suggestions(userId: number, id: number): Promise<{ record: ResumeRecord; items: ResumeSuggestion[] }> {
    const record = await this.find(userId, id);
    const items = await this.deps.suggestions.suggest({
      content: record.content,
      findStories: (queries) => this.deps.findStories(userId, queries),
      dismissed: new Set(record.dismissed),
    });
    await this.deps.repository.storeSuggestions(userId, id, { version: record.version, items });
    return { record, items };
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
    if (before.version >= this.deps.maxVersions)
      throw new HttpError(429, `A résumé can keep at most ${this.deps.maxVersions} versions. Upload it again to start afresh.`);
    const outcome = await this.deps.repository.addVersion(userId, before.id, { content, reviewed: true, note, now: this.now(), basedOn });
    if (outcome.kind === 'not-found') throw notFound(RESUME_MESSAGES.notFound);
    if (outcome.kind === 'conflict') throw conflict(RESUME_MESSAGES.versionConflict);
    return outcome.record;
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }
}
