import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { answerFeedbackSchema, type AnswerFeedback } from '@story/proto';
import { apolloClient } from '../../../api/apollo-client.ts';
import { failureStatus } from '../../../api/failure.ts';
import { ANSWER_FEEDBACK_QUERY } from './feedback.graphql.ts';

/*
 * An answer's feedback is read through GraphQL (`answerFeedback`), like every resource the subgraphs
 * serve, and its transcript corrected through GraphQL too (`correctAnswerTranscript`); its arrival
 * is pushed by server-sent events (`answerFeedbackEventsUrl`), a stream.
 */

export type FeedbackState = { status: 'waiting' } | { status: 'ready'; feedback: AnswerFeedback } | { status: 'unavailable' };

/**
 * Waits between looks for feedback that is not ready: quick at first (it usually takes well under a
 * second), then growing to 10 s; about two and a half minutes in all, so an answer whose feedback
 * service died while scoring it is still shown once a restarted service has scored it.
 */
export const FEEDBACK_POLL_DELAYS_MS: readonly number[] = [300, 500, 800, 1200, 2000, 3000, 5000, 8000, ...Array<number>(13).fill(10_000)];

/** A failure that may pass (the network, or the feedback service down or restarting: a 503), as opposed to a refusal. */
export function mayPass(error: unknown): boolean {
  const status = failureStatus(error);
  return status === undefined || status >= 500 || status === 429;
}

/** The feedback on one of the person's answers, read now from the server; null while it is not ready (or not the caller's). */
export async function readAnswerFeedback(answerId: string, client: ApolloClient = apolloClient): Promise<AnswerFeedback | null> {
  const { data, error } = await client.query({ query: ANSWER_FEEDBACK_QUERY, variables: { answerId }, fetchPolicy: 'network-only' });
  if (error) throw error;
  return data?.answerFeedback ? answerFeedbackSchema.parse(data.answerFeedback) : null;
}

/** Looks for an answer's feedback until it settles; returns the function that stops looking. */
export type PollAnswerFeedback = (answerId: string, onSettled: (state: FeedbackState) => void) => () => void;

/**
 * Apollo's own polling of `answerFeedback`, with backoff: a look now, then one after each pause of
 * `delays` (each result sets the next interval), stopping when the feedback arrives. Tells
 * `onSettled` once: ready, or unavailable when the pauses run out or the server refuses.
 */
export function pollAnswerFeedback(
  answerId: string,
  onSettled: (state: FeedbackState) => void,
  { client = apolloClient, delays = FEEDBACK_POLL_DELAYS_MS }: { client?: ApolloClient; delays?: readonly number[] } = {},
): () => void {
  const query = client.watchQuery({
    query: ANSWER_FEEDBACK_QUERY,
    variables: { answerId },
    fetchPolicy: 'network-only',
    // Each poll then reports its end even when the answer is the same null as before: the backoff counts it.
    notifyOnNetworkStatusChange: true,
  });
  let looks = 0;
  let settled = false;
  const settle = (state: FeedbackState) => {
    settled = true;
    query.stopPolling();
    subscription?.unsubscribe();
    onSettled(state);
  };
  let subscription: { unsubscribe(): void } | undefined;
  subscription = query.subscribe((result) => {
    if (settled || result.loading) return;
    const parsed = answerFeedbackSchema.safeParse(result.data?.answerFeedback);
    if (parsed.success) return settle({ status: 'ready', feedback: parsed.data });
    if (result.error && !mayPass(result.error)) return settle({ status: 'unavailable' });
    const delay = delays[looks];
    looks += 1;
    if (delay === undefined) return settle({ status: 'unavailable' });
    query.startPolling(delay);
  });
  if (settled) subscription.unsubscribe();
  return () => {
    settled = true;
    subscription?.unsubscribe();
  };
}

/** Apollo polling of an answer's feedback with the app's client: the fallback when its event stream cannot be had. */
export function useAnswerFeedbackPolling(): PollAnswerFeedback {
  const client = useApolloClient();
  return useCallback((answerId, onSettled) => pollAnswerFeedback(answerId, onSettled, { client }), [client]);
}
