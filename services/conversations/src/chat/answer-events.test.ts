import { EVENT_SUBJECTS, answerGivenEventSchema } from '@story/proto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteConversationsStorage, type ConversationsStorage } from '../storage/conversations-storage.ts';
import { AnswerEvents, questionAnswered } from './answer-events.ts';

const silent: FastifyBaseLogger = { level: 'silent', fatal: () => undefined, error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined, trace: () => undefined, silent: () => undefined, child: () => silent };

describe('answer events', () => {
  let storage: ConversationsStorage;
  let notified = 0;
  let answers: AnswerEvents;
  const at = new Date('2025-05-01T10:00:00.000Z');

  beforeAll(() => {
    storage = openSqliteConversationsStorage(':memory:');
    answers = new AnswerEvents({ events: storage.events, onEventsWritten: () => notified++, clock: () => at });
  });
  afterAll(async () => storage.close());

  it('records a spoken answer with the word timings and length its transcription gave, and wakes the relay', async () => {
    const delivery = { wordTimings: [{ word: 'i', start: 0.2, end: 0.4 }, { word: 'rebuilt', start: 0.5, end: 0.9 }], durationSeconds: 1.2 };
    const answerId = await answers.record(5, { text: 'I rebuilt', conversationHistory: [{ role: 'assistant', content: ' What did you do? ' }], threadId: 3 }, { source: 'spoken', delivery }, silent);
    const [entry] = (await storage.outbox.pendingEvents(10)).filter((pending) => pending.subject === EVENT_SUBJECTS.answerGiven);
    expect(answerGivenEventSchema.parse(JSON.parse(entry?.payload ?? '{}'))).toEqual({
      answerId,
      userId: 5,
      threadId: 3,
      question: 'What did you do?',
      answer: 'I rebuilt',
      source: 'spoken',
      delivery,
      answeredAt: at.toISOString(),
    });
    expect(notified).toBe(1);
  });

  it('takes the coach’s last reply as the question, skipping empty turns', () => {
    expect(questionAnswered([])).toBe('');
    expect(
      questionAnswered([
        { role: 'assistant', content: 'First question?' },
        { role: 'user', content: 'An answer' },
        { role: 'assistant', content: 'Second question?' },
        { role: 'assistant', content: '   ' },
        { role: 'user', content: 'More' },
      ]),
    ).toBe('Second question?');
  });

  it('gives no answer id, and no error, when the answer cannot be recorded', async () => {
    const failing = new AnswerEvents({ events: { write: async () => Promise.reject(new Error('disk full')) }, onEventsWritten: () => undefined, clock: () => at });
    expect(await failing.record(5, { text: 'hi', conversationHistory: [] }, { source: 'typed' }, silent)).toBeUndefined();
  });
});
