import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOKEN_ANSWER_PARTS, makeSpokenAnswerWav, spokenAnswerWav } from '@story/testing/spoken-answer';
import { ApiClient, signedUpClient } from '@story/testing/api-client';
import { scriptSpeech, standardStack, type StandardStack } from '@story/testing/standard-stack';
import { samplesOf, scrape, type Sample } from './support/prometheus-text.ts';

/**
 * Feedback on answers across the running system, with no keys: a typed answer to
 * `/api/process-text` gets its reply and an answer id at once; conversations publishes the answer
 * through its outbox, the feedback service scores it from the event stream (each service its own
 * NATS user), and the feedback appears through the gateway within a few seconds, to its author only.
 */
let stack: StandardStack;

beforeAll(async () => {
  stack = await standardStack();
  // The standard stack's speech is scripted: the spoken answer is heard as it was said, fillers and pause included.
  scriptSpeech(stack, [{ audio: spokenAnswerWav(), words: SPOKEN_ANSWER_PARTS.join(' ') }]);
});
afterAll(async () => {});

const signedUp = (): Promise<ApiClient> => signedUpClient(stack.gatewayUrl, 'feedback');

/** A saved job description with one snippet, the client's own (a turn may name only its caller's snippet); the snippet's id. */
async function snippetOf(client: ApiClient): Promise<number> {
  const confirmed = await client.post('/api/confirm-job-description', {
    formattedContent: '## Role\n\n- Continuously improve operational processes',
    jobTitle: 'Shift lead',
    companyName: 'Harbor',
  });
  expect(confirmed.status).toBe(201);
  const snippet = await client.post('/api/job-description-snippets', {
    jobDescriptionId: confirmed.body.id,
    snippetText: '- Continuously improve operational processes',
  });
  expect(snippet.status).toBe(201);
  return snippet.body.id as number;
}

const QUESTION = 'Tell me about a time you improved a process.';
const ANSWER =
  'At Harbor Logistics I ran the night shift in a warehouse of 40 pickers. Orders left late because pickers walked the whole floor. ' +
  'My goal was same-day dispatch above 95%. I pulled two weeks of pick data and grouped the fastest 200 SKUs near the packing benches. ' +
  'Within a month pick time fell from 11 minutes to 7 and same-day dispatch went from 82% to 97%.';

describe('feedback on a typed answer through the gateway', () => {
  it('replies at once with an answer id; the feedback follows within seconds, to its author only', async () => {
    const ada = await signedUp();
    const bob = await signedUp();
    const snippetId = await snippetOf(ada);
    const reply = await ada.post('/api/process-text', {
      text: ANSWER,
      conversationHistory: [{ role: 'assistant', content: QUESTION }],
      context: '- Continuously improve operational processes',
      snippetId,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.aiResponse.length).toBeGreaterThan(0);
    const answerId: string = reply.body.answerId;
    expect(answerId).toMatch(/^[0-9a-f-]{36}$/);

    const started = Date.now();
    await expect.poll(async () => (await ada.get(`/api/feedback/${answerId}`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    const waited = Date.now() - started;
    expect(waited).toBeLessThan(10_000);
    const feedback = (await ada.get(`/api/feedback/${answerId}`)).body;
    expect(feedback).toMatchObject({
      answerId,
      question: QUESTION,
      answer: ANSWER,
      source: 'typed',
      engine: 'offline',
      attempt: 1,
      attempts: 1,
      best: true,
      delivery: null,
    });
    expect(feedback.star.map((part: { part: string; present: boolean }) => `${part.part}:${part.present}`)).toEqual([
      'situation:true',
      'task:true',
      'action:true',
      'result:true',
    ]);
    expect(feedback.overall).toBeGreaterThanOrEqual(7);

    const foreign = await bob.get(`/api/feedback/${answerId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'No feedback for this answer yet' });
    expect((await bob.get(`/api/feedback/snippets/${snippetId}/progress`)).body).toEqual({ questions: [] });

    // "Answer this again": the same question, a second attempt; the progress view shows both, the best marked.
    const again = await ada.post('/api/process-text', {
      text: 'We changed a few things and it got better.',
      conversationHistory: [{ role: 'assistant', content: QUESTION }],
      snippetId,
    });
    const secondId: string = again.body.answerId;
    await expect.poll(async () => (await ada.get(`/api/feedback/${secondId}`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    const progress = (await ada.get(`/api/feedback/snippets/${snippetId}/progress`)).body;
    expect(progress.questions).toHaveLength(1);
    expect(progress.questions[0].attempts.map((attempt: { answerId: string; best: boolean }) => [attempt.answerId, attempt.best])).toEqual([
      [answerId, true],
      [secondId, false],
    ]);

    const graphql = await ada.post('/graphql', {
      query: `{ answerFeedback(answerId: "${secondId}") { attempt attempts best overall star { part present prompt } } }`,
    });
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.answerFeedback).toMatchObject({ attempt: 2, attempts: 2, best: false });
    expect(graphql.body.data.answerFeedback.star.find((part: { part: string }) => part.part === 'action').prompt).toMatch(/what did you do yourself\?/);

    expect((await ada.get('/api/feedback/not-a-uuid')).status).toBe(400);
    expect((await new ApiClient(stack.gatewayUrl).get(`/api/feedback/${answerId}`)).status).toBe(401);
  });
});

describe('a saved thread message keeps its answer id', () => {
  it('the thread read gives it (REST), and GraphQL gives its feedback through the feedback subgraph', async () => {
    const ada = await signedUp();
    const threadId: number = (await ada.post('/api/conversation-threads')).body.threadId;
    const reply = await ada.post('/api/process-text', { text: ANSWER, conversationHistory: [{ role: 'assistant', content: QUESTION }], threadId });
    const answerId: string = reply.body.answerId;
    const saved = await ada.post('/api/conversations', { threadId, userMessage: ANSWER, aiResponse: reply.body.aiResponse, answerId });
    expect(saved.status).toBe(201);
    expect((await ada.get(`/api/conversation-threads/${threadId}`)).body.map((item: { answerId: string }) => item.answerId)).toEqual([answerId]);

    await expect.poll(async () => (await ada.get(`/api/feedback/${answerId}`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
    const graphql = await ada.post('/graphql', {
      query: `{ thread(id: "${threadId}") { items { answerId answer { id feedback { answerId overall star { part present } } } } } }`,
    });
    expect(graphql.body.errors).toBeUndefined();
    const [item] = graphql.body.data.thread.items;
    expect(item.answerId).toBe(answerId);
    expect(item.answer.feedback).toMatchObject({ answerId, overall: expect.any(Number) });
    expect(item.answer.feedback.star).toHaveLength(4);
  });
});

describe('feedback on a spoken answer through the gateway', () => {
  it('an uploaded recording with filler words and a pause gets delivery feedback: words a minute, fillers, the pause, the length', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spoken-feedback-'));
    try {
      const wav = makeSpokenAnswerWav(dir);
      const ada = await signedUp();
      const form = new FormData();
      form.set('audio', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'answer.wav');
      form.set('conversationHistory', JSON.stringify([{ role: 'assistant', content: QUESTION }]));
      form.set('snippetId', String(await snippetOf(ada)));
      const reply = await ada.request('POST', '/api/transcribe', form);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const answerId: string = reply.body.answerId;
      expect(answerId).toMatch(/^[0-9a-f-]{36}$/);

      await expect.poll(async () => (await ada.get(`/api/feedback/${answerId}`)).status, { timeout: 10_000, interval: 100 }).toBe(200);
      const feedback = (await ada.get(`/api/feedback/${answerId}`)).body;
      expect(feedback).toMatchObject({ answerId, source: 'spoken', answer: reply.body.transcript });
      const delivery = feedback.delivery;
      expect(delivery.wordsPerMinute).toBeGreaterThan(80);
      expect(delivery.wordsPerMinute).toBeLessThan(260);
      expect(delivery.durationSeconds).toBeGreaterThan(8);
      expect(delivery.length).toBe('short');
      const fillers: string[] = delivery.fillers.map((filler: { word: string }) => filler.word);
      expect(fillers).toContain('basically');
      for (const filler of delivery.fillers) expect(feedback.answer.slice(filler.start, filler.end).toLowerCase()).toBe(filler.word);
      expect(delivery.pauses).toHaveLength(1);
      expect(delivery.pauses[0].seconds).toBeGreaterThan(2);
      expect(delivery.pauses[0].seconds).toBeLessThan(4);
      expect(delivery.comment).toMatch(/words a minute/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an answer is filed only under its author’s snippet (penetration test, point 7)', () => {
  it('refuses another person’s snippet typed and spoken, as snippet conversations do (404), and files no feedback under it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foreign-snippet-'));
    try {
      const ada = await signedUp();
      const mallory = await signedUp();
      const adasSnippet = await snippetOf(ada);
      const typed = await mallory.post('/api/process-text', {
        text: ANSWER,
        conversationHistory: [{ role: 'assistant', content: QUESTION }],
        snippetId: adasSnippet,
      });
      expect(typed.status).toBe(404);
      expect(typed.body).toEqual({ message: 'Snippet not found' });

      const form = new FormData();
      form.set('audio', new Blob([readFileSync(makeSpokenAnswerWav(dir))], { type: 'audio/wav' }), 'answer.wav');
      form.set('snippetId', String(adasSnippet));
      const spoken = await mallory.request('POST', '/api/transcribe', form);
      expect(spoken.status, JSON.stringify(spoken.body)).toBe(404);
      expect(spoken.body).toEqual({ message: 'Snippet not found' });

      expect((await ada.get(`/api/feedback/snippets/${adasSnippet}/progress`)).body).toEqual({ questions: [] });
      expect((await mallory.get(`/api/feedback/snippets/${adasSnippet}/progress`)).body).toEqual({ questions: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Prometheus metrics of every process after real traffic (issue 25, point 4)', () => {
  const total = (samples: Sample[], name: string, labels: Record<string, string>) =>
    samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);

  // Follows the tests above, whose typed and uploaded answers (a speech job, the outbox, the feedback consumer) it reads back.
  it('are scraped from every process, the gateway only on its internal port, with the named series counting the traffic', async () => {
    const ada = await signedUp();
    const typed = await ada.post('/api/process-text', { text: ANSWER, conversationHistory: [{ role: 'assistant', content: QUESTION }] });
    expect(typed.status).toBe(200);
    // Auth's per-address check-email throttle (10 a minute): the eleventh is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ada.get('/api/users/check-email?email=metrics.probe%40gmail.com')).status);
    expect(statuses).toContain(429);

    expect((await fetch(`${stack.gatewayUrl}/metrics`)).status).toBe(404);
    const metrics = new Map<string, Sample[]>();
    for (const running of stack.processes) metrics.set(running.name, await scrape(running.metricsUrl));
    for (const [name, samples] of metrics) expect(samplesOf(samples, 'story_process_cpu_seconds_total').length, name).toBe(1);

    const gateway = metrics.get('gateway') ?? [];
    const http = 'story_http_request_duration_seconds_count';
    expect(total(gateway, http, { service: 'gateway', method: 'POST', route: '/api/process-text', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(total(gateway, http, { service: 'gateway', method: 'POST', route: '/api/transcribe', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(total(gateway, 'story_nats_request_duration_seconds_count', { subject: 'auth.session.check', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(gateway.some((sample) => /\/api\/users\/check-email\/|\d{3,}/.test(sample.labels.route ?? ''))).toBe(false);

    const conversations = metrics.get('conversations') ?? [];
    expect(total(conversations, http, { service: 'conversations', route: '/api/process-text', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(samplesOf(conversations, 'story_outbox_lag_seconds', { service: 'conversations' })).toHaveLength(1);
    expect(samplesOf(conversations, 'story_outbox_pending', { service: 'conversations' })).toHaveLength(1);

    const speech = metrics.get('speech') ?? [];
    expect(total(speech, http, { service: 'speech', method: 'POST', route: '/api/transcribe', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(total(speech, 'story_nats_request_duration_seconds_count', { subject: 'speech.transcribe', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    const worker = metrics.get('speech-worker') ?? [];
    expect(total(worker, 'story_speech_job_duration_seconds_count', { kind: 'transcribe', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(
      samplesOf(worker, 'story_speech_queue_depth')
        .map((sample) => sample.labels.state)
        .sort(),
    ).toEqual(['running', 'waiting']);

    expect(samplesOf(metrics.get('feedback') ?? [], 'story_consumer_redeliveries_total', { consumer: 'feedback-scorer' })).toHaveLength(1);
    expect(total(metrics.get('auth') ?? [], 'story_rate_limit_refusals_total', { limiter: 'auth-check-email' })).toBeGreaterThanOrEqual(1);
  });
});
