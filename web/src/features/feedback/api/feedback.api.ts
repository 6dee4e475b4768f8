import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { answerFeedbackSchema, type AnswerFeedback, type SnippetProgressResponse } from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';
import { SNIPPET_PROGRESS_QUERY } from './feedback.graphql.ts';

/** Where an answer's feedback is pushed once it is stored (server-sent events: `feedback`, `unavailable` or `refused`, then the end). */
export const answerFeedbackEventsUrl = (answerId: string): string => `/api/feedback/${encodeURIComponent(answerId)}/events`;

/** The feedback a `feedback` event carries. */
export const parseAnswerFeedback = (data: string): AnswerFeedback => answerFeedbackSchema.parse(JSON.parse(data));

/**
 * Corrects the transcript of one of the person's spoken answers (PUT /api/feedback/{answerId}/transcript):
 * the answer is scored again from the corrected words, and the new feedback comes back.
 */
export async function correctAnswerTranscript(answerId: string, transcript: string): Promise<AnswerFeedback> {
  return httpClient.put(`/api/feedback/${answerId}/transcript`, { transcript }, { parse: (data) => answerFeedbackSchema.parse(data) });
}

/**
 * A snippet's practice progress (GraphQL `snippetProgress`), read when shown and again each time
 * `reads` grows; null before the first read answers, and after a first read that failed. A later
 * read that fails keeps what is shown: it is only behind by one attempt.
 */
export function useSnippetProgress(snippetId: number, reads: number): SnippetProgressResponse | null {
  const { data, previousData, refetch } = useQuery(SNIPPET_PROGRESS_QUERY, {
    variables: { snippetId: String(snippetId) },
    skip: snippetId <= 0,
    fetchPolicy: 'network-only',
  });
  useEffect(() => {
    if (reads > 0) refetch().catch(() => undefined);
  }, [reads, refetch]);
  return data?.snippetProgress ?? (reads > 0 ? previousData?.snippetProgress : undefined) ?? null;
}
