import type { OutboxEvent } from '@story/service-kit';

/** A saved job description as stored, with how many snippets were saved from it. */
export interface JobDescriptionRecord {
  id: number;
  userId: number;
  companyName: string;
  jobTitle: string;
  formattedContent: string;
  originalContent: string;
  isArchived: boolean;
  createdAt: string;
  snippetCount: number;
}

/** A section of a job description saved to practise against. */
export interface SnippetRecord {
  id: number;
  jobDescriptionId: number;
  userId: number;
  snippetText: string;
  createdAt: string;
}

export interface NewJobDescription {
  userId: number;
  companyName: string;
  jobTitle: string;
  formattedContent: string;
  originalContent: string;
  createdAt: string;
}

/** What a confirmed review changes on a saved description. */
export type JobDescriptionUpdate = Pick<NewJobDescription, 'companyName' | 'jobTitle' | 'formattedContent'> & { originalContent?: string };

export interface NewSnippet {
  userId: number;
  jobDescriptionId: number;
  snippetText: string;
  createdAt: string;
}

/** The events of a deletion: from the deleted description and the snippets that went with it. */
export type DeletionEvents = (deleted: JobDescriptionRecord, snippets: readonly SnippetRecord[]) => OutboxEvent[];

/**
 * Job descriptions and their snippets (one aggregate: a snippet never outlives its description).
 * Every read and write takes the user id, so no code path reaches another user's rows. A deletion
 * writes its events to the outbox in the same transaction. The quotas are not checked here but in
 * JobWriteService: a repository counts, and inserts only while the user's write version is the one
 * the count was made under. Implementations: SQLite and MongoDB; both pass
 * `job-description.repository.contract.ts`.
 */
export interface JobDescriptionRepository {
  /** The user's active or archived descriptions, newest first, each with its snippet count (read with the list, not per description). */
  listJobDescriptions(userId: number, archived: boolean): Promise<JobDescriptionRecord[]>;
  findJobDescription(userId: number, id: number): Promise<JobDescriptionRecord | undefined>;
  /** The user's write version: moved on by each insert below, so a count made under it is known to be current. */
  writeVersion(userId: number): Promise<number>;
  /** How many descriptions the user has saved, archived ones included. */
  countJobDescriptions(userId: number): Promise<number>;
  /** Saves a new description if the user's write version is still `version` (and moves it on); undefined when it moved. */
  insertJobDescription(input: NewJobDescription, version: number): Promise<JobDescriptionRecord | undefined>;
  /** Replaces a saved description's formatted content, title and company (and its original text when given). */
  updateJobDescription(userId: number, id: number, update: JobDescriptionUpdate): Promise<JobDescriptionRecord | undefined>;
  setArchived(userId: number, id: number, archived: boolean): Promise<JobDescriptionRecord | undefined>;
  /** Deletes the description and its snippets for good, with the events `buildEvents` makes; false when it is not the user's. */
  deleteJobDescription(userId: number, id: number, buildEvents: DeletionEvents): Promise<boolean>;
  /** Saves a snippet of one of the user's descriptions if the user's write version is still `version`; undefined when it moved or the description is not the user's. */
  insertSnippet(input: NewSnippet, version: number): Promise<SnippetRecord | undefined>;
  /** The snippets of one of the user's descriptions, newest first; undefined when the description is not the user's. */
  listSnippets(userId: number, jobDescriptionId: number): Promise<SnippetRecord[] | undefined>;
  findSnippet(userId: number, snippetId: number): Promise<SnippetRecord | undefined>;
  /** Deletes every description and snippet of a deleted account (issue 24), with no events (the account's own event says it); how many went. */
  forgetUser(userId: number): Promise<number>;
}
