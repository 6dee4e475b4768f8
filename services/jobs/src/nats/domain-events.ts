import { EVENT_SUBJECTS, jobDescriptionDeletedEventSchema, snippetDeletedEventSchema } from '@story/proto';
import type { OutboxEvent } from '@story/service-kit';
import type { JobDescriptionRecord, SnippetRecord } from '../job-descriptions/job-description.repository.ts';

/**
 * The events of a deleted job description: `events.job-description.deleted`, and one
 * `events.snippet.deleted` per snippet, so that the conversations service deletes the practice
 * conversations of each and the search service their stories.
 */
export function jobDescriptionDeletedEvents(at: string) {
  return (deleted: JobDescriptionRecord, snippets: readonly SnippetRecord[]): OutboxEvent[] => [
    {
      subject: EVENT_SUBJECTS.jobDescriptionDeleted,
      payload: jobDescriptionDeletedEventSchema.parse({ userId: deleted.userId, jobDescriptionId: deleted.id, at }),
    },
    ...snippets.map((snippet) => ({
      subject: EVENT_SUBJECTS.snippetDeleted,
      payload: snippetDeletedEventSchema.parse({ userId: snippet.userId, snippetId: snippet.id, at }),
    })),
  ];
}
