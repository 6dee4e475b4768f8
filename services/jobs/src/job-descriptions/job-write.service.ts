import type { JobDescriptionRecord, JobDescriptionRepository, NewJobDescription, NewSnippet, SnippetRecord } from './job-description.repository.ts';

export type CreateJobDescriptionResult = { kind: 'created'; record: JobDescriptionRecord } | { kind: 'limit-reached' };
export type CreateSnippetResult = { kind: 'created'; snippet: SnippetRecord } | { kind: 'job-description-not-found' } | { kind: 'limit-reached' };

/** A write that found the user's write version moved on: count again. */
const STALE = Symbol('stale');
type Attempt<T> = (version: number) => Promise<T | typeof STALE>;

/**
 * Each stale attempt means another write of the user's committed, so attempts always end; this
 * bound only turns a repository that never commits into an error rather than a loop.
 */
const MAX_ATTEMPTS = 1000;

/**
 * The quotas of the jobs service, once for both drivers (saved descriptions per user, snippets per
 * description). It reads the user's write version, counts, decides, and hands the repository a write
 * that commits only while that version is still current; when another write of the user's came
 * first, it counts again. So of two saves racing for the last slot, one is kept and the other
 * refused, on SQLite as on MongoDB. Outcomes are values; the services turn them into HTTP errors.
 */
export class JobWriteService {
  constructor(private readonly repository: JobDescriptionRepository) {}

  /** Saves a new description unless the user already has `maxPerUser` (archived ones included). */
  async createJobDescription(input: NewJobDescription, maxPerUser: number): Promise<CreateJobDescriptionResult> {
    return this.untilCommitted(input.userId, async (version) => {
      if ((await this.repository.countJobDescriptions(input.userId)) >= maxPerUser) return { kind: 'limit-reached' };
      const record = await this.repository.insertJobDescription(input, version);
      return record ? { kind: 'created', record } : STALE;
    });
  }

  /** Saves a snippet of one of the user's descriptions, unless it already has `maxPerJobDescription`. */
  async createSnippet(input: NewSnippet, maxPerJobDescription: number): Promise<CreateSnippetResult> {
    return this.untilCommitted(input.userId, async (version) => {
      const description = await this.repository.findJobDescription(input.userId, input.jobDescriptionId);
      if (!description) return { kind: 'job-description-not-found' };
      if (description.snippetCount >= maxPerJobDescription) return { kind: 'limit-reached' };
      // Nothing written (a moved version, or the description deleted meanwhile): the next look tells which.
      const snippet = await this.repository.insertSnippet(input, version);
      return snippet ? { kind: 'created', snippet } : STALE;
    });
  }

  /** Runs `attempt` with the user's write version, read before anything it counts, until its write commits or it decides without writing. */
  private async untilCommitted<T>(userId: number, attempt: Attempt<T>): Promise<T> {
    for (let tries = 0; tries < MAX_ATTEMPTS; tries += 1) {
      const result = await attempt(await this.repository.writeVersion(userId));
      if (result !== STALE) return result;
    }
    throw new Error(`user ${userId}'s job write did not commit in ${MAX_ATTEMPTS} attempts`);
  }
}
