import { JOB_MESSAGES, jobDescriptionLimitReached, type ConfirmJobDescriptionRequest } from '@story/proto';
import { conflict, notFound } from '@story/service-kit';
import { jobDescriptionDeletedEvents } from '../nats/domain-events.ts';
import type { JobDescriptionRecord, JobDescriptionRepository } from './job-description.repository.ts';
import { JobWriteService } from './job-write.service.ts';

export interface JobDescriptionServiceDeps {
  repository: JobDescriptionRepository;
  clock: () => Date;
  /** Tells the outbox relay that events were written. */
  onEventsWritten: () => void;
  maxPerUser: number;
}

/** A user's saved job descriptions: confirm, list, archive, unarchive, delete. Everything is scoped to the caller. */
export class JobDescriptionService {
  private readonly writes: JobWriteService;

  constructor(private readonly deps: JobDescriptionServiceDeps) {
    this.writes = new JobWriteService(deps.repository);
  }

  /**
   * Saves a confirmed description. With `id` (the review screen opened from a saved one) it
   * replaces that description's content; otherwise it saves a new one, within the user's quota.
   */
  async confirm(userId: number, input: ConfirmJobDescriptionRequest): Promise<{ record: JobDescriptionRecord; created: boolean }> {
    const fields = { companyName: input.companyName, jobTitle: input.jobTitle, formattedContent: input.formattedContent };
    if (input.id !== undefined) {
      const updated = await this.deps.repository.updateJobDescription(userId, input.id, { ...fields, originalContent: input.originalContent });
      if (!updated) throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
      return { record: updated, created: false };
    }
    const result = await this.writes.createJobDescription(
      { userId, ...fields, originalContent: input.originalContent ?? input.formattedContent, createdAt: this.deps.clock().toISOString() },
      this.deps.maxPerUser,
    );
    if (result.kind === 'limit-reached') throw conflict(jobDescriptionLimitReached(this.deps.maxPerUser));
    return { record: result.record, created: true };
  }

  /** The user's active (or archived) descriptions, newest first, with their snippet counts. */
  list(userId: number, archived: boolean): Promise<JobDescriptionRecord[]> {
    return this.deps.repository.listJobDescriptions(userId, archived);
  }

  /** One of the user's descriptions; 404 when it is not theirs or does not exist. */
  async get(userId: number, id: number): Promise<JobDescriptionRecord> {
    const record = await this.deps.repository.findJobDescription(userId, id);
    if (!record) throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
    return record;
  }

  /** Archives (or brings back) one of the user's descriptions; doing it twice changes nothing. */
  async setArchived(userId: number, id: number, archived: boolean): Promise<JobDescriptionRecord> {
    const record = await this.deps.repository.setArchived(userId, id, archived);
    if (!record) throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
    return record;
  }

  /** Deletes one of the user's descriptions and its snippets for good; the events tell the services holding their conversations and stories. */
  async delete(userId: number, id: number): Promise<void> {
    const deleted = await this.deps.repository.deleteJobDescription(userId, id, jobDescriptionDeletedEvents(this.deps.clock().toISOString()));
    if (!deleted) throw notFound(JOB_MESSAGES.jobDescriptionNotFound);
    this.deps.onEventsWritten();
  }
}
