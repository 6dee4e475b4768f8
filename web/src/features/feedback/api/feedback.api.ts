import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { answerFeedbackSchema, type AnswerFeedback, type SnippetProgressResponse } from '@story/proto';
import type { ApolloClient } from '@apollo/client';
import { apolloClient } from '../../../api/apollo-client.ts';
import { CORRECT_ANSWER_MUTATION, SNIPPET_PROGRESS_QUERY } from './feedback.graphql.ts';

/** Where an answer's feedback is pushed once it is stored (server-sent events: `feedback`, `unavailable` or `refused`, then the end). */
export const answerFeedbackEventsUrl = (answerId: string): string => `/api/feedback/${encodeURIComponent(answerId)}/events`;

/** The feedback a `feedback` event carries. */
export const parseAnswerFeedback = (data: string): AnswerFeedback => answerFeedbackSchema.parse(JSON.parse(data));

/**
 * Corrects the transcript of one of the person's spoken answers (GraphQL `correctAnswer`; the same
 * as PUT /api/feedback/{answerId}/transcript): the answer is scored again from the corrected words,
 * and the new feedback comes back, into Apollo's cache under its answer id too.
 */
export async function correctAnswerTranscript(answerId: string, transcript: string, client: ApolloClient = apolloClient): Promise<AnswerFeedback> {
  const { data, error } = await client.mutate({ mutation: CORRECT_ANSWER_MUTATION, variables: { answerId, transcript } });
  if (error) throw error;
  return answerFeedbackSchema.parse(data?.correctAnswer);
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
