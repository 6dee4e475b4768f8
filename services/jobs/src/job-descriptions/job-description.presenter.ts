import type { GraphqlJobDescription, GraphqlSnippet, JobDescription, Snippet } from '@story/proto';
import type { JobDescriptionRecord, SnippetRecord } from './job-description.repository.ts';

/** A description as the REST calls of the specification give it (no owner, no count). */
export const presentJobDescription = (record: JobDescriptionRecord): JobDescription => ({
  id: record.id,
  companyName: record.companyName,
  jobTitle: record.jobTitle,
  formattedContent: record.formattedContent,
  originalContent: record.originalContent,
  isArchived: record.isArchived,
  createdAt: record.createdAt,
});

/** A snippet as the snippet list of a description gives it. */
export const presentSnippet = (record: SnippetRecord): Snippet => ({ id: record.id, snippetText: record.snippetText, createdAt: record.createdAt });

/** A description as the GraphQL type has it, its snippets resolved only when asked for. */
export type JobDescriptionNode = Omit<GraphqlJobDescription, 'snippets'>;

export const jobDescriptionNode = (record: JobDescriptionRecord): JobDescriptionNode => ({
  ...presentJobDescription(record),
  id: String(record.id),
  snippetCount: record.snippetCount,
});

export const snippetNode = (record: SnippetRecord): GraphqlSnippet => ({
  id: String(record.id),
  jobDescriptionId: String(record.jobDescriptionId),
  snippetText: record.snippetText,
  createdAt: record.createdAt,
});
