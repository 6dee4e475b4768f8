import { useEffect, useState } from 'react';
import type { AnswerFeedback } from '@story/proto';
import { ApiError } from '../../../api/http-client.ts';
import { attemptNews, followAttempt } from '../lib/attempt-news.ts';
import { fetchAnswerFeedback } from '../api/feedback.api.ts';

/**
 * Waits between looks for feedback that is not ready: quick at first (it usually takes well under a
 * second), then growing to 10 s; about two and a half minutes in all, so an answer whose feedback
 * service died while scoring it is still shown once a restarted service has scored it.
 */
export const FEEDBACK_POLL_DELAYS_MS: readonly number[] = [300, 500, 800, 1200, 2000, 3000, 5000, 8000, ...Array<number>(13).fill(10_000)];

export type FeedbackState = { status: 'waiting' } | { status: 'ready'; feedback: AnswerFeedback } | { status: 'unavailable' };

/** A failure that may pass (the network, or the feedback service down or restarting: the gateway's 503), as opposed to a refusal. */
const mayPass = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 429;

/**
 * Looks for an answer's feedback now and again after each pause of FEEDBACK_POLL_DELAYS_MS, and tells
 * `onSettled` once: ready, or unavailable when the pauses run out or the server refuses. Returns the
 * function that stops looking.
 */
export function followAnswerFeedback(answerId: string, onSettled: (state: FeedbackState) => void, fetchFeedback = fetchAnswerFeedback): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = async (attempt: number): Promise<void> => {
    const feedback = await fetchFeedback(answerId).catch((error: unknown) => (mayPass(error) ? null : undefined));
    if (stopped) return;
    if (feedback) return onSettled({ status: 'ready', feedback });
    const delay = FEEDBACK_POLL_DELAYS_MS[attempt];
    if (feedback === undefined || delay === undefined) return onSettled({ status: 'unavailable' });
    timer = setTimeout(() => void look(attempt + 1), delay);
  };
  void look(0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * The feedback on an answer, looked for as soon as the answer has an id and again with a growing
 * pause until it is ready (the reply never waits for it); it stays waiting meanwhile, and is
 * unavailable after about two and a half minutes or when the server refuses. A saved answer's
 * feedback is usually ready at the first look. Feedback that arrives is told to the page
 * (`attemptNews`), and a later attempt at the same question refreshes this one.
 */
export function useAnswerFeedback(answerId: string | null | undefined): FeedbackState {
  const [state, setState] = useState<FeedbackState>({ status: 'waiting' });
  useEffect(() => {
    if (!answerId) {
      setState({ status: 'unavailable' });
      return undefined;
    }
    setState({ status: 'waiting' });
    return followAnswerFeedback(answerId, (settled) => {
      setState(settled);
      if (settled.status === 'ready') attemptNews.announce(settled.feedback);
    });
  }, [answerId]);
  // A later attempt at the same question arriving changes this one's count and maybe its "Best".
  const feedback = state.status === 'ready' ? state.feedback : null;
  useEffect(() => (feedback ? followAttempt(feedback, (fresh) => setState({ status: 'ready', feedback: fresh })) : undefined), [feedback]);
  return state;
}
