import { JOB_MESSAGES, snippetLimitReached, type CreateSnippetRequest } from '@story/proto';
import { conflict, notFound } from '@story/service-kit';
import type { JobDescriptionRepository, SnippetRecord } from '../job-descriptions/job-description.repository.ts';
import { JobWriteService } from '../job-descriptions/job-write.service.ts';

export interface SnippetServiceDeps {
  repository: JobDescriptionRepository;
  clock: () => Date;
  maxPerJobDescription: number;
}

/** The sections of a user's job descriptions saved to practise against. */
export class SnippetService {
  private readonly writes: JobWriteService;

  constructor(private readonly deps: SnippetServiceDeps) {
    this.writes = new JobWriteService(deps.repository);
  }

  /** Saves a snippet of one of the user's descriptions; 404 when the description is not theirs. */
  async create(userId: number, input: CreateSnippetRequest): Promise<SnippetRecord> {
    const result = await this.writes.createSnippet(
      { userId, jobDescriptionId: input.jobDescriptionId, snippetText: input.snippetText, createdAt: this.deps.clock().toISOString() },
      this.deps.maxPerJobDescription,
    );
    if (result.kind === 'job-description-not-found') throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
    if (result.kind === 'limit-reached') throw conflict(snippetLimitReached(this.deps.maxPerJobDescription));
    return result.snippet;
  }

  /** The snippets of one of the user's descriptions, newest first; 404 when the description is not theirs. */
  async listForJobDescription(userId: number, jobDescriptionId: number): Promise<SnippetRecord[]> {
    const snippets = await this.deps.repository.listSnippets(userId, jobDescriptionId);
    if (!snippets) throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
    return snippets;
  }

  /** One of the user's snippets; 404 when it is not theirs or does not exist. */
  async get(userId: number, snippetId: number): Promise<SnippetRecord> {
    const snippet = await this.deps.repository.findSnippet(userId, snippetId);
    if (!snippet) throw notFound(JOB_MESSAGES.snippetNotFound);
    return snippet;
  }

  /** The same question asked over NATS by the conversations service: the snippet when it is the user's, else undefined. */
  ownedBy(snippetId: number, userId: number): Promise<SnippetRecord | undefined> {
    return this.deps.repository.findSnippet(userId, snippetId);
  }
}
