import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENT_CONSUMERS, EVENT_SUBJECTS, type AnswerGivenEvent } from '@story/proto';
import { ensureEventsStream } from '@story/service-kit/nats';
import { startServiceForTest, tempDataDir } from '@story/testing/service-under-test';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { conversationsService } from '../../conversations/src/app.ts';
import { answerEvent, startTestFeedback, type TestFeedback } from './feedback-test-kit.ts';

/**
 * The feedback service reads `events.answer.given` with its durable consumer and explicit acks,
 * against a real nats-server: an event delivered twice stores one feedback, answers given while
 * the service is down are all scored when it comes back, deletions take their feedback with them,
 * and an answer typed in the conversations service gets its feedback without anything in between.
 */
const dir = tempDataDir('feedback-nats-');
const keys = generateSigningKeyPair();
let nats: NatsServerHandle;
let publisher: NatsConnection;

beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  publisher = await connect({ servers: nats.url });
  await ensureEventsStream(publisher);
});
afterAll(async () => {
  await publisher?.close();
  await nats?.stop();
});

const publish = async (subject: string, payload: unknown) => {
  await jetstream(publisher).publish(subject, typeof payload === 'string' ? payload : JSON.stringify(payload));
};
const publishAnswer = (event: AnswerGivenEvent) => publish(EVENT_SUBJECTS.answerGiven, event);

/** True once the durable consumer has every event of the stream handled and acked. */
async function consumerIdle(): Promise<boolean> {
  const info = await (await jetstreamManager(publisher)).consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.feedbackScorer);
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

const feedbackOf = (service: TestFeedback, event: AnswerGivenEvent) => service.deps.storage.feedback.find(event.userId, event.answerId);

describe('the feedback scorer on the event stream', () => {
  const dataDir = join(dir, 'feedback');
  const start = () => startTestFeedback({ natsUrl: nats.url, dataDir, keys });

  it('stores one feedback for an event delivered twice, and goes past one that is not an answer', async () => {
    const service = await start();
    try {
      const event = answerEvent({ userId: 31 });
      await publish(EVENT_SUBJECTS.answerGiven, 'not json');
      await publish(EVENT_SUBJECTS.answerGiven, { answerId: 'x', userId: 'me' });
      await publishAnswer(event);
      await publishAnswer(event);
      await expect.poll(consumerIdle, { timeout: 15_000, interval: 100 }).toBe(true);
      expect((await feedbackOf(service, event))?.overall).toBeGreaterThan(0);
      expect(await service.deps.storage.feedback.attempts(31, (await feedbackOf(service, event))?.questionKey ?? '')).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it('never counts an unsure word as a filler nor quotes one, from an event off the stream (issue 19)', async () => {
    const service = await start();
    try {
      const answer = 'at the clinic i um rebuilt the rota and waits fell from forty minutes to twelve';
      const unsure = new Set(['um', 'forty']);
      const wordTimings = answer
        .split(' ')
        .map((word, index) => ({ word, start: index * 0.4, end: index * 0.4 + 0.3, ...(unsure.has(word) ? { uncertain: true } : {}) }));
      const event = answerEvent({ userId: 36, source: 'spoken', answer, delivery: { wordTimings } });
      await publishAnswer(event);
      await expect.poll(consumerIdle, { timeout: 15_000, interval: 100 }).toBe(true);
      const found = await feedbackOf(service, event);
      expect(found?.findings.uncertain?.map((word) => word.text)).toEqual(['um', 'forty']);
      expect(found?.findings.delivery?.fillers).toEqual([]);
      const quotes = [
        ...(found?.findings.star ?? []).flatMap((part) => part.quotes),
        ...(found?.findings.assessment ?? []).flatMap((score) => (score.quote ? [score.quote] : [])),
      ];
      expect(quotes.length).toBeGreaterThan(0);
      for (const quote of quotes) expect(quote.text).not.toMatch(/\b(?:um|forty)\b/);
    } finally {
      await service.close();
    }
  });

  it('scores every answer given while the service was down once it is back', async () => {
    const events = Array.from({ length: 12 }, (_, index) => answerEvent({ userId: 32, snippetId: 4, question: `Question ${index % 3}` }));
    for (const event of events) await publishAnswer(event);
    const service = await start();
    try {
      await expect.poll(consumerIdle, { timeout: 20_000, interval: 100 }).toBe(true);
      expect(await service.deps.storage.feedback.snippetAttempts(32, 4)).toHaveLength(12);
    } finally {
      await service.close();
    }
  });

  it('forgets the feedback of a deleted snippet, a purged thread and a deleted user', async () => {
    const service = await start();
    try {
      const inSnippet = answerEvent({ userId: 33, snippetId: 9 });
      const inThread = answerEvent({ userId: 33, threadId: 6 });
      const elsewhere = answerEvent({ userId: 34 });
      for (const event of [inSnippet, inThread, elsewhere]) await publishAnswer(event);
      await expect.poll(async () => (await feedbackOf(service, elsewhere)) !== undefined, { timeout: 15_000 }).toBe(true);
      const at = new Date().toISOString();
      await publish(EVENT_SUBJECTS.snippetDeleted, { userId: 33, snippetId: 9, at });
      await publish(EVENT_SUBJECTS.threadPurged, { userId: 33, threadId: 6, at });
      await expect.poll(consumerIdle, { timeout: 15_000, interval: 100 }).toBe(true);
      expect(await feedbackOf(service, inSnippet)).toBeUndefined();
      expect(await feedbackOf(service, inThread)).toBeUndefined();
      await publish(EVENT_SUBJECTS.userDeleted, { userId: 34, at });
      await expect.poll(async () => (await feedbackOf(service, elsewhere)) === undefined, { timeout: 15_000 }).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('acks an answer event that is not an answer and stores nothing for it', async () => {
    const service = await start();
    try {
      const hello = answerEvent({ userId: 36, snippetId: 5, answer: 'Hi, I’m ready' });
      const real = answerEvent({ userId: 36, snippetId: 5 });
      await publishAnswer(hello);
      await publishAnswer(real);
      await expect.poll(consumerIdle, { timeout: 15_000, interval: 100 }).toBe(true);
      expect(await feedbackOf(service, hello)).toBeUndefined();
      expect((await service.deps.storage.feedback.snippetAttempts(36, 5)).map((attempt) => attempt.answerId)).toEqual([real.answerId]);
    } finally {
      await service.close();
    }
  });

  it('scores an answer typed in the conversations service, which does not wait for it', async () => {
    const conversations = await startServiceForTest(conversationsService, {
      natsUrl: nats.url,
      keys,
      env: { OUTBOX_RELAY_INTERVAL_MS: '100' },
      deps: { runPurgeJob: false },
    });
    const service = await start();
    try {
      const reply = await conversations.app.inject({
        method: 'POST',
        url: '/api/process-text',
        headers: await conversations.as(35),
        payload: {
          text: 'I rebuilt the night rota at the clinic and waits fell from 40 minutes to 12.',
          conversationHistory: [{ role: 'assistant', content: 'What did you change?' }],
        },
      });
      expect(reply.statusCode).toBe(200);
      const { answerId } = reply.json<{ answerId: string }>();
      const read = () => service.app.inject({ method: 'GET', url: `/api/feedback/${answerId}`, headers: {} });
      expect((await read()).statusCode).toBe(401);
      const headers = await service.as(35);
      await expect
        .poll(async () => (await service.app.inject({ method: 'GET', url: `/api/feedback/${answerId}`, headers })).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(200);
      const feedback = (await service.app.inject({ method: 'GET', url: `/api/feedback/${answerId}`, headers })).json<{ question: string; source: string }>();
      expect(feedback).toMatchObject({ question: 'What did you change?', source: 'typed' });
    } finally {
      await service.close();
      await conversations.close();
    }
  });
});
