import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { feedbackFixture } from '@story/testing/fixtures/answer-feedback';
import { FEEDBACK_POLL_DELAYS_MS, pollAnswerFeedback, readAnswerFeedback, type FeedbackState } from './answer-feedback.api.ts';

const feedback = feedbackFixture({
  star: [{ part: 'action', present: true, quotes: [{ start: 0, end: 9, text: 'I grouped' }], earlier: [], prompt: null }],
});

/** The feedback as the gateway answers it: every object named by its GraphQL type. */
const asGraphql = () => ({
  __typename: 'AnswerFeedback',
  ...feedback,
  star: feedback.star.map((part) => ({
    __typename: 'StarPartFeedback',
    ...part,
    quotes: part.quotes.map((quote) => ({ __typename: 'AnswerQuote', ...quote })),
  })),
});

type Answer = 'not ready' | 'ready' | 'down' | 'offline' | 'refused';

/** /graphql as the test sets it: the answer to each request, and the requests it had (with the time of each). */
function graphqlServer() {
  const server = { answer: 'not ready' as Answer, requests: [] as { answerId: unknown; at: number }[] };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { variables: { answerId: unknown } };
    server.requests.push({ answerId: body.variables.answerId, at: Date.now() });
    if (server.answer === 'offline') throw new TypeError('Failed to fetch');
    if (server.answer === 'down') return json({ message: 'The feedback service is unavailable' }, 503);
    if (server.answer === 'refused') return json({ data: null, errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] });
    return json({ data: { answerFeedback: server.answer === 'ready' ? asGraphql() : null } });
  };
  const client = new ApolloClient({
    link: new HttpLink({ uri: '/graphql', fetch }),
    cache: new InMemoryCache({ typePolicies: { AnswerFeedback: { keyFields: ['answerId'] } } }),
  });
  return { server, client };
}

describe('reading the feedback on an answer through GraphQL', () => {
  it('gives the feedback in the REST shape, null while it is not ready, and throws a refusal', async () => {
    const { server, client } = graphqlServer();
    await expect(readAnswerFeedback('answer-1', client)).resolves.toBeNull();
    server.answer = 'ready';
    await expect(readAnswerFeedback('answer-1', client)).resolves.toEqual(feedback);
    server.answer = 'refused';
    await expect(readAnswerFeedback('answer-1', client)).rejects.toThrow('Not signed in');
    expect(server.requests.map((request) => request.answerId)).toEqual(['answer-1', 'answer-1', 'answer-1']);
  });
});

describe("Apollo's polling of the feedback on an answer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks now, then after each growing pause, and stops once the feedback is there', async () => {
    const { server, client } = graphqlServer();
    const settled = vi.fn<(state: FeedbackState) => void>();
    const started = Date.now();
    pollAnswerFeedback('answer-1', settled, { client });
    await vi.advanceTimersByTimeAsync(3_000);
    // Now, then after 300, 500, 800 and 1200 ms.
    expect(server.requests.map((request) => request.at - started)).toEqual([0, 300, 800, 1600, 2800]);
    expect(settled).not.toHaveBeenCalled();

    server.answer = 'ready';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback });
    const looksWhenReady = server.requests.length;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(server.requests.length).toBe(looksWhenReady);
  });

  it('looks through a 503 and a network failure, and is unavailable at once when refused', async () => {
    const { server, client } = graphqlServer();
    const settled = vi.fn<(state: FeedbackState) => void>();
    pollAnswerFeedback('answer-1', settled, { client });
    server.answer = 'down';
    await vi.advanceTimersByTimeAsync(5_000);
    server.answer = 'offline';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(settled).not.toHaveBeenCalled();
    server.answer = 'ready';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'ready', feedback });

    const refused = graphqlServer();
    refused.server.answer = 'refused';
    const refusedState = vi.fn<(state: FeedbackState) => void>();
    pollAnswerFeedback('answer-2', refusedState, { client: refused.client });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refusedState).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' });
    expect(refused.server.requests).toHaveLength(1);
  });

  it('is unavailable once the pauses run out, about two and a half minutes', async () => {
    const { server, client } = graphqlServer();
    const settled = vi.fn<(state: FeedbackState) => void>();
    pollAnswerFeedback('answer-1', settled, { client });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toHaveBeenCalledExactlyOnceWith({ status: 'unavailable' });
    expect(server.requests).toHaveLength(FEEDBACK_POLL_DELAYS_MS.length + 1);
  });

  it('stops looking when told to', async () => {
    const { server, client } = graphqlServer();
    const settled = vi.fn<(state: FeedbackState) => void>();
    const stop = pollAnswerFeedback('answer-1', settled, { client });
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    const looksWhenStopped = server.requests.length;
    server.answer = 'ready';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests.length).toBe(looksWhenStopped);
    expect(settled).not.toHaveBeenCalled();
  });
});
