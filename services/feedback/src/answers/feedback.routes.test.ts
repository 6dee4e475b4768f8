import { randomUUID } from 'node:crypto';
import { answerFeedbackSchema, snippetProgressResponseSchema } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { answerEvent, feedbackForTwo, scoreAnswer } from '../../test/feedback-test-kit.ts';

const ALICE = 11;
const BOB = 12;

describe('feedback routes', () => {
  const world = feedbackForTwo(ALICE, BOB);

  const get = (url: string, headers: Record<string, string>) => world.service.app.inject({ method: 'GET', url, headers });

  it('answers 404 until the feedback is ready, then the feedback on the caller’s answer', async () => {
    const event = answerEvent({ userId: ALICE, snippetId: 3, requirements: '- Continuously improve operational processes' });
    const before = await get(`/api/feedback/${event.answerId}`, world.alice);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'No feedback for this answer yet' });

    await scoreAnswer(world.service, event);
    const ready = await get(`/api/feedback/${event.answerId}`, world.alice);
    expect(ready.statusCode).toBe(200);
    const feedback = answerFeedbackSchema.parse(ready.json());
    expect(feedback).toMatchObject({
      answerId: event.answerId,
      question: event.question,
      answer: event.answer,
      source: 'typed',
      engine: 'offline',
      delivery: null,
      attempt: 1,
      attempts: 1,
      best: true,
    });
    expect(feedback.star.map((part) => part.part)).toEqual(['situation', 'task', 'action', 'result']);
    expect(feedback.assessment.map((score) => score.requirement)).toEqual(Array(5).fill('Continuously improve operational processes'));
    expect(feedback.overall).toBeGreaterThanOrEqual(7);
    for (const quote of feedback.star.flatMap((part) => part.quotes)) expect(event.answer.slice(quote.start, quote.end)).toBe(quote.text);
  });

  it('gives another person’s answer the same 404 as one not scored yet', async () => {
    const event = answerEvent({ userId: ALICE });
    await scoreAnswer(world.service, event);
    const foreign = await get(`/api/feedback/${event.answerId}`, world.bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'No feedback for this answer yet' });
  });

  it('refuses an answer id that is not a UUID, and a caller who is not signed in', async () => {
    for (const bad of ['abc', '1', randomUUID().toUpperCase(), `${randomUUID()}x`, '%20', "1'%20OR%201=1"]) {
      const response = await get(`/api/feedback/${bad}`, world.alice);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ message: 'Answer id must be a UUID' });
    }
    const anonymous = await get(`/api/feedback/${randomUUID()}`, {});
    expect(anonymous.statusCode).toBe(401);
    const forged = await get(`/api/feedback/${randomUUID()}`, await world.service.forged({ userId: ALICE, isAdmin: false, sessionId: 's' }));
    expect(forged.statusCode).toBe(401);
  });

  it('keeps every attempt at a question, numbers them and marks the best; the progress view lists them per question', async () => {
    const snippetId = 40;
    const question = 'Tell me about a time you improved a process.';
    const weak = answerEvent({ userId: ALICE, snippetId, question, answer: 'We changed some things around and it was better.' });
    const other = answerEvent({ userId: ALICE, snippetId, question: 'What did you learn?', answer: 'I learned to check the data first.' });
    const strong = answerEvent({ userId: ALICE, snippetId, question: '  tell me about a time you improved a process ' });
    const bobs = answerEvent({ userId: BOB, snippetId, question });
    for (const event of [weak, other, strong, bobs]) await scoreAnswer(world.service, event);

    const first = answerFeedbackSchema.parse((await get(`/api/feedback/${weak.answerId}`, world.alice)).json());
    const second = answerFeedbackSchema.parse((await get(`/api/feedback/${strong.answerId}`, world.alice)).json());
    expect([first.attempt, first.attempts, first.best]).toEqual([1, 2, false]);
    expect([second.attempt, second.attempts, second.best]).toEqual([2, 2, true]);
    expect(second.overall).toBeGreaterThan(first.overall);

    const progress = snippetProgressResponseSchema.parse((await get(`/api/feedback/snippets/${snippetId}/progress`, world.alice)).json());
    expect(progress.questions.map((entry) => [entry.question, entry.attempts.length, entry.bestAnswerId])).toEqual([
      [question, 2, strong.answerId],
      ['What did you learn?', 1, other.answerId],
    ]);
    expect(progress.questions[0]?.attempts.map((attempt) => [attempt.answerId, attempt.attempt, attempt.best])).toEqual([
      [weak.answerId, 1, false],
      [strong.answerId, 2, true],
    ]);
    const bobsView = snippetProgressResponseSchema.parse((await get(`/api/feedback/snippets/${snippetId}/progress`, world.bob)).json());
    expect(bobsView.questions.flatMap((entry) => entry.attempts.map((attempt) => attempt.answerId))).toEqual([bobs.answerId]);
  });

  it('counts one question however it is asked: after "I’m ready", in a new session’s intro, in other words; each attempt numbered, Best on the highest', async () => {
    const snippetId = 43;
    const requirements = '- Improve operational processes\n- Use data to drive decisions';
    const practice = { userId: ALICE, snippetId, requirements, kind: 'practice' as const };
    const afterReady = answerEvent({
      ...practice,
      question: 'Great, let’s begin. Tell me about a time you had to improve operational processes.',
      answer: 'We changed some things around and it was better.',
    });
    const another = answerEvent({ ...practice, question: 'Good choice. Tell me about another time you had to improve operational processes.' });
    const newSession = answerEvent({
      ...practice,
      question:
        "Let's do a practice interview. I will ask about the requirements you selected, one at a time: “Improve operational processes”; “Use data to drive decisions”. First, tell me about a time you had to improve operational processes.",
      answer: 'I moved the fast-moving stock closer to the packing benches, and picking got quicker.',
    });
    const otherRequirement = answerEvent({ ...practice, question: 'Next: Tell me about a time you had to use data to drive decisions.' });
    const paraphrase = answerEvent({
      ...practice,
      question: 'Thanks for coming in. Can you walk me through a situation where you made an operational process better? What was your part?',
    });
    for (const event of [afterReady, another, newSession, otherRequirement, paraphrase]) await scoreAnswer(world.service, event);

    const progress = snippetProgressResponseSchema.parse((await get(`/api/feedback/snippets/${snippetId}/progress`, world.alice)).json());
    expect(progress.questions.map((entry) => entry.attempts.map((attempt) => attempt.answerId))).toEqual([
      [afterReady.answerId, newSession.answerId, paraphrase.answerId],
      [another.answerId],
      [otherRequirement.answerId],
    ]);
    const [question] = progress.questions;
    const scores = question?.attempts.map((attempt) => attempt.overall) ?? [];
    expect(scores[2]).toBe(Math.max(...scores));
    expect(question?.attempts.map((attempt) => [attempt.attempt, attempt.best])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(question?.bestAnswerId).toBe(paraphrase.answerId);

    const feedbacks = await Promise.all(
      [afterReady, newSession, paraphrase, another].map(async (event) =>
        answerFeedbackSchema.parse((await get(`/api/feedback/${event.answerId}`, world.alice)).json()),
      ),
    );
    expect(feedbacks.map((feedback) => [feedback.attempt, feedback.attempts, feedback.best])).toEqual([
      [1, 3, false],
      [2, 3, false],
      [3, 3, true],
      [1, 1, true],
    ]);
    expect(new Set(feedbacks.slice(0, 3).map((feedback) => feedback.questionId)).size).toBe(1);
    expect(feedbacks[3]?.questionId).not.toBe(feedbacks[0]?.questionId);
  });

  it('gives an empty progress for a snippet without attempts and refuses a snippet id that is not a number', async () => {
    expect((await get('/api/feedback/snippets/999/progress', world.alice)).json()).toEqual({ questions: [] });
    for (const bad of ['abc', '0', '-1', '1e3', '01', '1.5']) {
      const response = await get(`/api/feedback/snippets/${bad}/progress`, world.alice);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ message: 'Id must be a number' });
    }
  });

  it('judges a story thread’s turn with the story told so far: STAR parts from whichever turn told them, what to add next, no attempts', async () => {
    const earlierTurns = [
      {
        question: 'What is a moment from your work or life that you would like to tell me about?',
        answer: 'At my last job our checkout API kept timing out during a big sale.',
      },
      { question: 'What did you do first?', answer: 'I rolled back the deploy and paged the database team.' },
    ];
    const event = answerEvent({
      userId: ALICE,
      threadId: 21,
      kind: 'story',
      earlierTurns,
      question: 'How did you go about it, step by step?',
      answer: 'I found the pool was exhausted, raised the pool size and added a circuit breaker.',
    });
    await scoreAnswer(world.service, event);
    const feedback = answerFeedbackSchema.parse((await get(`/api/feedback/${event.answerId}`, world.alice)).json());
    expect(feedback).toMatchObject({ kind: 'story', turns: 3, attempt: 1, attempts: 1, best: false });
    const part = (name: string) => feedback.star.find((entry) => entry.part === name);
    expect(part('situation')).toMatchObject({
      present: true,
      quotes: [],
      earlier: [expect.objectContaining({ turn: 1, text: expect.stringContaining('checkout API kept timing out') })],
    });
    expect(part('action')?.present).toBe(true);
    expect(part('action')?.earlier[0]).toMatchObject({ turn: 2, question: 'What did you do first?', text: expect.stringMatching(/^I rolled back the deploy/) });
    expect(part('action')?.quotes[0]?.text).toMatch(/^I found the pool was exhausted/);
    expect(part('result')?.present).toBe(false);
    expect(feedback.next).toBe(part('result')?.prompt);
    expect(feedback.next).toMatch(/how did it turn out/i);
  });

  it('counts attempts only in practice, per question of a snippet: never across threads or stories', async () => {
    const question = 'What did you do first?';
    const stories = [1, 2, 3].map((threadId) =>
      answerEvent({ userId: ALICE, threadId, kind: 'story', question, answer: 'I rewrote the importer and added retries.' }),
    );
    // Events from before kinds, in threads: each is an attempt of its own too.
    const older = [4, 5].map((threadId) => answerEvent({ userId: ALICE, threadId, question, answer: 'I rewrote the importer and added retries.' }));
    for (const event of [...stories, ...older]) await scoreAnswer(world.service, event);
    for (const event of [...stories, ...older]) {
      const feedback = answerFeedbackSchema.parse((await get(`/api/feedback/${event.answerId}`, world.alice)).json());
      expect([feedback.attempt, feedback.attempts], event.answerId).toEqual([1, 1]);
    }
    const practice = [1, 2].map(() =>
      answerEvent({ userId: ALICE, snippetId: 41, kind: 'practice', question, answer: 'I rewrote the importer and added retries.' }),
    );
    for (const event of practice) await scoreAnswer(world.service, event);
    const second = answerFeedbackSchema.parse((await get(`/api/feedback/${practice[1]?.answerId}`, world.alice)).json());
    expect([second.kind, second.attempt, second.attempts]).toEqual(['practice', 2, 2]);
  });

  it('judges a practice answer to a follow-up with the answer it follows up, as an attempt at its question (issue 38, 6): no length target, in the progress, Best when highest', async () => {
    const snippetId = 42;
    const question = 'Tell me about a time you improved a process.';
    const main = answerEvent({
      userId: ALICE,
      snippetId,
      kind: 'practice',
      question,
      answer: 'At Harbor Logistics I grouped the fastest SKUs near the packing benches.',
    });
    const answer = 'Pick time fell from 11 minutes to 7.';
    const wordTimings = answer.split(' ').map((word, index) => ({ word, start: index * 0.5, end: index * 0.5 + 0.4 }));
    const followUp = answerEvent({
      userId: ALICE,
      snippetId,
      kind: 'practice',
      question: '“I grouped the fastest SKUs” — good start. What was the measurable outcome?',
      answer,
      earlierTurns: [{ question, answer: main.answer }],
      source: 'spoken',
      delivery: { wordTimings, durationSeconds: 4 },
    });
    for (const event of [main, followUp]) await scoreAnswer(world.service, event);
    const feedback = answerFeedbackSchema.parse((await get(`/api/feedback/${followUp.answerId}`, world.alice)).json());
    const first = answerFeedbackSchema.parse((await get(`/api/feedback/${main.answerId}`, world.alice)).json());
    expect(feedback.overall).toBeGreaterThan(first.overall);
    expect(feedback).toMatchObject({ kind: 'practice', turns: 2, attempt: 2, attempts: 2, best: true });
    expect(first).toMatchObject({ attempt: 1, attempts: 2, best: false });
    expect(feedback.star.find((part) => part.part === 'action')?.earlier[0]?.text).toMatch(/I grouped the fastest SKUs/);
    expect(feedback.star.find((part) => part.part === 'result')?.quotes[0]?.text).toMatch(/Pick time fell from 11 minutes to 7/);
    expect(feedback.delivery?.length).toBeNull();
    expect(feedback.assessment.find((score) => score.dimension === 'structure')?.comment).not.toMatch(/too little/);
    const progress = snippetProgressResponseSchema.parse((await get(`/api/feedback/snippets/${snippetId}/progress`, world.alice)).json());
    expect(progress.questions.map((entry) => [entry.question, entry.attempts.map((attempt) => attempt.answerId)])).toEqual([
      [question, [main.answerId, followUp.answerId]],
    ]);
    expect(progress.questions[0]?.bestAnswerId).toBe(followUp.answerId);
    expect(progress.questions[0]?.attempts.map((attempt) => attempt.best)).toEqual([false, true]);
  });

  it('does not judge a spoken story turn against the 1–2 minute target', async () => {
    const answer = 'I rebuilt the rota and waits fell from forty minutes to twelve';
    const wordTimings = answer.split(' ').map((word, index) => ({ word, start: index * 0.5, end: index * 0.5 + 0.4 }));
    const event = answerEvent({ userId: ALICE, threadId: 22, kind: 'story', answer, source: 'spoken', delivery: { wordTimings, durationSeconds: 6 } });
    await scoreAnswer(world.service, event);
    const feedback = answerFeedbackSchema.parse((await get(`/api/feedback/${event.answerId}`, world.alice)).json());
    expect(feedback.delivery?.length).toBeNull();
    expect(feedback.delivery?.comment).not.toMatch(/shorter|1–2 minutes/);
    expect(feedback.assessment.find((score) => score.dimension === 'structure')?.comment).not.toMatch(/too little/);
  });

  it('gives a spoken answer its delivery: pace, fillers in the text, pauses and length', async () => {
    const answer = 'so um I rebuilt the rota and waits fell from forty minutes to twelve';
    const wordTimings = answer
      .split(' ')
      .map((word, index) => ({ word, start: index * 0.5 + (index >= 6 ? 3 : 0), end: index * 0.5 + 0.4 + (index >= 6 ? 3 : 0) }));
    const event = answerEvent({ userId: ALICE, answer, source: 'spoken', delivery: { wordTimings, durationSeconds: 12 } });
    await scoreAnswer(world.service, event);
    const feedback = answerFeedbackSchema.parse((await get(`/api/feedback/${event.answerId}`, world.alice)).json());
    expect(feedback.source).toBe('spoken');
    expect(feedback.delivery).toMatchObject({ durationSeconds: 12, wordCount: 14, length: 'short' });
    expect(feedback.delivery?.fillers.map((filler) => [filler.word, answer.slice(filler.start, filler.end)])).toEqual([
      ['so', 'so'],
      ['um', 'um'],
    ]);
    expect(feedback.delivery?.pauses).toEqual([{ offset: answer.indexOf(' and waits'), afterWord: 'rota', atSeconds: 2.9, seconds: 3.1 }]);
  });
});
