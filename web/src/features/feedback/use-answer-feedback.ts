import { useEffect, useState } from 'react';
import type { AnswerFeedback } from '@story/proto';
import { fetchAnswerFeedback } from './feedback.api.ts';

/** Waits between looks for feedback that is not ready: quick at first (it usually takes well under a second), then slower; about 15 s in all. */
export const FEEDBACK_POLL_DELAYS_MS = [300, 500, 800, 1200, 2000, 3000, 3000, 4000] as const;

export type FeedbackState = { status: 'waiting' } | { status: 'ready'; feedback: AnswerFeedback } | { status: 'unavailable' };

/**
 * The feedback on an answer, looked for as soon as the answer has an id and again with a growing
 * pause until it is ready (the reply never waits for it); after about 15 s, or on an error, it is
 * unavailable. A saved answer's feedback is usually ready at the first look.
 */
export function useAnswerFeedback(answerId: string | null | undefined): FeedbackState {
  const [state, setState] = useState<FeedbackState>({ status: 'waiting' });
  useEffect(() => {
    if (!answerId) {
      setState({ status: 'unavailable' });
      return undefined;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'waiting' });
    const look = async (attempt: number): Promise<void> => {
      const feedback = await fetchAnswerFeedback(answerId).catch(() => undefined);
      if (stopped) return;
      if (feedback) return setState({ status: 'ready', feedback });
      const delay = FEEDBACK_POLL_DELAYS_MS[attempt];
      if (feedback === undefined || delay === undefined) return setState({ status: 'unavailable' });
      timer = setTimeout(() => void look(attempt + 1), delay);
    };
    void look(0);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [answerId]);
  return state;
}
