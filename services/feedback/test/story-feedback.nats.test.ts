import { join } from 'node:path';
import type { AnswerFeedback } from '@story/proto';
import { startServiceForTest, tempDataDir } from '@story/testing/service-under-test';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { conversationsService } from '../../conversations/src/app.ts';
import { startTestFeedback } from './feedback-test-kit.ts';

/**
 * Issue 19, 3: a story told turn by turn in the conversations service is judged, in the feedback
 * service, as the story told so far (real nats-server between them): STAR parts from whichever turn
 * told them, what to add next, no attempts; and what is not an answer is never scored. (Its own
 * nats-server: a second conversations database would number its outbox from 1 again, and the stream
 * would drop those events as duplicates of another test's.)
 */
const dir = tempDataDir('feedback-story-nats-');
const keys = generateSigningKeyPair();
let nats: NatsServerHandle;

beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(dir, 'nats') });
});
afterAll(async () => {
  await nats?.stop();
});

describe('feedback on a story thread, from the conversations service through the event stream', () => {
  it('judges a story typed turn by turn in the conversations service as the story told so far, with no attempts', async () => {
    const conversations = await startServiceForTest(conversationsService, {
      natsUrl: nats.url,
      keys,
      env: { OUTBOX_RELAY_INTERVAL_MS: '100' },
      deps: { runPurgeJob: false },
    });
    const service = await startTestFeedback({ natsUrl: nats.url, dataDir: join(dir, 'feedback'), keys });
    try {
      const person = await conversations.as(37);
      const history: { role: 'user' | 'assistant'; content: string }[] = [];
      const answerIds: (string | undefined)[] = [];
      for (const text of [
        'Hi',
        'At my last job our checkout API kept timing out during a big sale.',
        'I rolled back the deploy, found the pool was exhausted, raised the pool size and added a circuit breaker.',
      ]) {
        const reply = await conversations.app.inject({
          method: 'POST',
          url: '/api/process-text',
          headers: person,
          payload: { text, conversationHistory: history },
        });
        const body = reply.json<{ aiResponse: string; answerId?: string }>();
        answerIds.push(body.answerId);
        history.push({ role: 'user', content: text }, { role: 'assistant', content: body.aiResponse });
      }
      // "Hi" is not an answer: no id, no feedback.
      expect(answerIds[0]).toBeUndefined();
      const headers = await service.as(37);
      const read = () => service.app.inject({ method: 'GET', url: `/api/feedback/${answerIds[2]}`, headers });
      await expect.poll(async () => (await read()).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
      const feedback = (await read()).json<AnswerFeedback>();
      expect(feedback).toMatchObject({ kind: 'story', turns: 2, attempt: 1, attempts: 1, best: false });
      const part = (name: string) => feedback.star.find((entry) => entry.part === name);
      expect(part('situation')).toMatchObject({
        present: true,
        earlier: [expect.objectContaining({ turn: 1, text: expect.stringContaining('checkout API kept timing out') })],
      });
      expect(part('action')?.quotes[0]?.text).toMatch(/^I rolled back the deploy/);
      expect(part('result')?.present).toBe(false);
      expect(feedback.next).toMatch(/how did it turn out/i);
    } finally {
      await service.close();
      await conversations.close();
    }
  });
});
