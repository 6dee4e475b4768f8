import { useEffect, useState } from 'react';
import { attemptNews, followAttempt } from '../lib/attempt-news.ts';
import { answerFeedbackEventsUrl, parseAnswerFeedback } from '../api/feedback.api.ts';
import {
  FEEDBACK_POLL_DELAYS_MS,
  mayPass,
  pollAnswerFeedback,
  readAnswerFeedback,
  useAnswerFeedbackPolling,
  type FeedbackState,
  type PollAnswerFeedback,
} from '../api/answer-feedback.api.ts';

export { FEEDBACK_POLL_DELAYS_MS, type FeedbackState };

/**
 * The server-sent events an answer's feedback comes by (the browser's EventSource; tests give a stand-in).
 * Only what is used here: named events, the error event, the state and close.
 */
export interface FeedbackEventSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type OpenFeedbackEvents = (url: string) => FeedbackEventSource;

/** EventSource's CLOSED state: the browser gave up (a refusal, or not an event stream) and will not reconnect. */
const EVENT_SOURCE_CLOSED = 2;
const openEventSource: OpenFeedbackEvents | undefined =
  typeof EventSource === 'undefined' ? undefined : (url) => new EventSource(url, { withCredentials: true });

/**
 * Waits for an answer's feedback to be pushed (`GET /api/feedback/{answerId}/events`) and tells
 * `onSettled` once: ready when the `feedback` event comes (at once if it is already stored),
 * unavailable when the server says so (about two and a half minutes without feedback, or another
 * person's answer). A dropped connection is reopened by the EventSource itself; a stream that cannot
 * be had (a refusal, the service down, no EventSource, an event it cannot read) gives way to Apollo's
 * polling with backoff (`poll`), which stops when the feedback arrives. No timers here. Returns the
 * function that stops waiting.
 */
export function watchAnswerFeedback(
  answerId: string,
  onSettled: (state: FeedbackState) => void,
  { open = openEventSource, poll = pollAnswerFeedback }: { open?: OpenFeedbackEvents; poll?: PollAnswerFeedback } = {},
): () => void {
  let stopped = false;
  let source: FeedbackEventSource | undefined;
  let stopPolling: (() => void) | undefined;
  const settle = (state: FeedbackState) => {
    if (stopped) return;
    stopped = true;
    source?.close();
    onSettled(state);
  };
  const fallBack = () => {
    source?.close();
    if (!stopped && !stopPolling) stopPolling = poll(answerId, settle);
  };
  if (!open) fallBack();
  else {
    source = open(answerFeedbackEventsUrl(answerId));
    source.addEventListener('feedback', (event) => {
      try {
        settle({ status: 'ready', feedback: parseAnswerFeedback(event.data) });
      } catch {
        fallBack();
      }
    });
    source.addEventListener('unavailable', () => settle({ status: 'unavailable' }));
    source.addEventListener('refused', () => settle({ status: 'unavailable' }));
    source.addEventListener('error', () => {
      if (!stopped && source?.readyState === EVENT_SOURCE_CLOSED) fallBack();
    });
  }
  return () => {
    stopped = true;
    source?.close();
    stopPolling?.();
  };
}

/**
 * The former way, kept for the benchmark's comparison (bench/feedback-arrival.bench.ts): looks for an
 * answer's feedback now and again after each pause of FEEDBACK_POLL_DELAYS_MS, and tells
 * `onSettled` once: ready, or unavailable when the pauses run out or the server refuses. Returns the
 * function that stops looking.
 */
export function followAnswerFeedback(answerId: string, onSettled: (state: FeedbackState) => void, fetchFeedback = readAnswerFeedback): () => void {
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
 * The feedback on an answer, pushed by the server as soon as it is stored (`watchAnswerFeedback`; the
 * reply never waits for it; Apollo's polling when the push cannot be had); it stays waiting meanwhile, and is unavailable after about two and a half
 * minutes or when the server refuses. A saved answer's feedback comes at once. Feedback that arrives is told to the page
 * (`attemptNews`), and a later attempt at the same question refreshes this one.
 */
export function useAnswerFeedback(answerId: string | null | undefined): FeedbackState {
  const [state, setState] = useState<FeedbackState>({ status: 'waiting' });
  const poll = useAnswerFeedbackPolling();
  useEffect(() => {
    if (!answerId) {
      setState({ status: 'unavailable' });
      return undefined;
    }
    setState({ status: 'waiting' });
    return watchAnswerFeedback(
      answerId,
      (settled) => {
        setState(settled);
        if (settled.status === 'ready') attemptNews.announce(settled.feedback);
      },
      { poll },
    );
  }, [answerId, poll]);
  // A later attempt at the same question arriving changes this one's count and maybe its "Best".
  const feedback = state.status === 'ready' ? state.feedback : null;
  useEffect(() => (feedback ? followAttempt(feedback, (fresh) => setState({ status: 'ready', feedback: fresh })) : undefined), [feedback]);
  return state;
}
