import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerFeedback } from '@story/proto';
import { ApiError } from '../../../api/http-client.ts';
import { feedbackFixture } from '@story/testing/fixtures/answer-feedback';
import { FEEDBACK_POLL_DELAYS_MS, followAnswerFeedback, watchAnswerFeedback, type FeedbackState } from './use-answer-feedback.ts';

const feedback = feedbackFixture();

/** A feedback endpoint that answers 404 (null) until `ready`, or fails with `failure`; it counts the looks. */
interface FeedbackEndpoint {
  ready: boolean;
  failure: unknown;
  looks: number;
  fetch(): Promise<AnswerFeedback | null>;
}

function feedbackEndpoint(): FeedbackEndpoint {
  const endpoint: FeedbackEndpoint = {
    ready: false,
    failure: undefined,
    looks: 0,
    fetch: async () => {
      endpoint.looks += 1;
      if (endpoint.failure) throw endpoint.failure;
      return endpoint.ready ? feedback : null;
    },
  };
  return endpoint;
}

describe('following the feedback on an answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps looking for about two and a half minutes, the pauses growing to 10 s', () => {
    const total = FEEDBACK_POLL_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(120_000);
    expect(total).toBeLessThanOrEqual(180_000);
    expect(Math.max(...FEEDBACK_POLL_DELAYS_MS)).toBe(10_000);
    expect(FEEDBACK_POLL_DELAYS_MS).toEqual([...FEEDBACK_POLL_DELAYS_MS].sort((a, b) => a - b));
  });

  it('still looks after 15 s, and stops once the feedback is there', async () => {
    const endpoint = feedbackEndpoint();
    const settled = vi.fn<(state: FeedbackState) => void>();
    followAnswerFeedback('answer-1', settled, endpoint.fetch);
    await vi.advanceTimersByTimeAsync(15_000);
    const looksBy15s = endpoint.looks;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(endpoint.looks).toBeGreaterThan(looksBy15s);
    expect(settled).not.toHaveBeenCalled();

    endpoint.ready = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback });
    const looksWhenReady = endpoint.looks;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(endpoint.looks).toBe(looksWhenReady);
  });

  it('looks through the 503 of a feedback service that is restarting and a network failure', async () => {
    const endpoint = feedbackEndpoint();
    const settled = vi.fn<(state: FeedbackState) => void>();
    followAnswerFeedback('answer-1', settled, endpoint.fetch);
    endpoint.failure = new ApiError(503, 'Service Unavailable', '{"message":"The feedback service is unavailable"}');
    await vi.advanceTimersByTimeAsync(20_000);
    endpoint.failure = new TypeError('Failed to fetch');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).not.toHaveBeenCalled();
    endpoint.failure = undefined;
    endpoint.ready = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback });
  });

  it('is unavailable once the pauses run out, or at once when the server refuses', async () => {
    const never = feedbackEndpoint();
    const gaveUp = vi.fn<(state: FeedbackState) => void>();
    followAnswerFeedback('answer-1', gaveUp, never.fetch);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(gaveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gaveUp).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' });
    expect(never.looks).toBe(FEEDBACK_POLL_DELAYS_MS.length + 1);

    const refused = feedbackEndpoint();
    refused.failure = new ApiError(403, 'Forbidden', '');
    const refusedState = vi.fn<(state: FeedbackState) => void>();
    followAnswerFeedback('answer-1', refusedState, refused.fetch);
    await vi.advanceTimersByTimeAsync(0);
    expect(refusedState).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' });
    expect(refused.looks).toBe(1);
  });

  it('stops looking when told to', async () => {
    const endpoint = feedbackEndpoint();
    const settled = vi.fn<(state: FeedbackState) => void>();
    const stop = followAnswerFeedback('answer-1', settled, endpoint.fetch);
    await vi.advanceTimersByTimeAsync(5_000);
    stop();
    const looksWhenStopped = endpoint.looks;
    endpoint.ready = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(endpoint.looks).toBe(looksWhenStopped);
    expect(settled).not.toHaveBeenCalled();
  });
});

/** A stand-in EventSource: the test sends its named events and errors. */
class FakeEventSource {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = ''): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

function pushed() {
  const sources: FakeEventSource[] = [];
  const open = (url: string) => {
    const source = new FakeEventSource(url);
    sources.push(source);
    return source;
  };
  return { sources, open };
}

/** A stand-in for Apollo's polling, over the endpoint's looks. */
const pollingOf =
  (fetch: FeedbackEndpoint['fetch']) =>
  (answerId: string, settled: (state: FeedbackState) => void): (() => void) =>
    followAnswerFeedback(answerId, settled, fetch);

describe('the feedback on an answer, pushed', () => {
  it('opens the answer’s event stream and is ready when the feedback event comes, with no look in between', async () => {
    const endpoint = feedbackEndpoint();
    const { sources, open } = pushed();
    const settled = vi.fn<(state: FeedbackState) => void>();
    watchAnswerFeedback('answer-1', settled, { open, poll: pollingOf(endpoint.fetch) });
    expect(sources.map((source) => source.url)).toEqual(['/api/feedback/answer-1/events']);
    expect(settled).not.toHaveBeenCalled();
    sources[0]?.emit('feedback', JSON.stringify(feedback));
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback });
    expect(sources[0]?.closed).toBe(true);
    expect(endpoint.looks).toBe(0);
  });

  it('is unavailable when the server says so, and lets the EventSource reconnect a dropped stream by itself', async () => {
    const { sources, open } = pushed();
    const settled = vi.fn<(state: FeedbackState) => void>();
    watchAnswerFeedback('answer-1', settled, { open, poll: pollingOf(feedbackEndpoint().fetch) });
    sources[0]?.emit('error');
    expect(settled).not.toHaveBeenCalled();
    sources[0]?.emit('unavailable', '{}');
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' });
  });

  it('falls back to polling when the stream cannot be opened', async () => {
    const endpoint = feedbackEndpoint();
    endpoint.ready = true;
    const { sources, open } = pushed();
    const settled = vi.fn<(state: FeedbackState) => void>();
    watchAnswerFeedback('answer-1', settled, { open, poll: pollingOf(endpoint.fetch) });
    sources[0]!.readyState = 2;
    sources[0]?.emit('error');
    await vi.waitFor(() => expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback }));
    expect(endpoint.looks).toBe(1);

    const refused = feedbackEndpoint();
    refused.failure = new ApiError(403, 'Forbidden', '');
    const second = pushed();
    const refusedState = vi.fn<(state: FeedbackState) => void>();
    watchAnswerFeedback('answer-2', refusedState, { open: second.open, poll: pollingOf(refused.fetch) });
    second.sources[0]!.readyState = 2;
    second.sources[0]?.emit('error');
    await vi.waitFor(() => expect(refusedState).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' }));
  });

  it('stops waiting when told to', () => {
    const { sources, open } = pushed();
    const settled = vi.fn<(state: FeedbackState) => void>();
    const stop = watchAnswerFeedback('answer-1', settled, { open, poll: pollingOf(feedbackEndpoint().fetch) });
    stop();
    expect(sources[0]?.closed).toBe(true);
    sources[0]?.emit('feedback', JSON.stringify(feedback));
    expect(settled).not.toHaveBeenCalled();
  });
});
