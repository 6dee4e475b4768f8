import { answerFeedbackSchema, type AnswerFeedback, type AnswerWordTiming } from '@story/proto';
import { subgraphQuery } from '@story/testing/service-under-test';
import { describe, expect, it } from 'vitest';
import { answerEvent, feedbackForTwo, scoreAnswer } from '../../test/feedback-test-kit.ts';

const ALICE = 31;
const BOB = 32;

/** A spoken answer as pocketsphinx hears it: lower case, timed word by word, the words in `unsure` marked as the recogniser marks them. */
function spoken(
  transcript: string,
  unsure: readonly string[] = [],
): { answer: string; delivery: { wordTimings: AnswerWordTiming[]; durationSeconds: number } } {
  const words = transcript.split(' ');
  const wordTimings = words.map((word, index) => ({
    word,
    start: 0.3 + index * 0.4,
    end: 0.6 + index * 0.4,
    ...(unsure.includes(word) ? { uncertain: true } : {}),
  }));
  return { answer: transcript, delivery: { wordTimings, durationSeconds: 0.5 + words.length * 0.4 } };
}

const quotesOf = (feedback: AnswerFeedback) => [
  ...feedback.star.flatMap((part) => part.quotes),
  ...feedback.assessment.flatMap((score) => (score.quote ? [score.quote] : [])),
];
const takesIn = (feedback: AnswerFeedback, word: { start: number; end: number }) =>
  quotesOf(feedback).some((quote) => quote.start < word.end && quote.end > word.start);

// "art" was "led", "um" may be a cough, "eleven" may be "seven": the recogniser is unsure of them.
const HEARD =
  'at harbor logistics i ran the night shift and um orders left late so i art the move of the fastest two hundred products near the packing benches and within a month pick time fell from eleven minutes to seven';
const CORRECTED =
  'At Harbor Logistics I ran the night shift and orders left late, so I led the move of the fastest two hundred products near the packing benches, and within a month pick time fell from eleven minutes to seven. Um, it was basically a small change.';

describe('words the recogniser was unsure of, and the person’s correction (issue 19)', () => {
  const world = feedbackForTwo(ALICE, BOB);

  const get = async (answerId: string, headers = world.alice) =>
    answerFeedbackSchema.parse((await world.service.app.inject({ method: 'GET', url: `/api/feedback/${answerId}`, headers })).json());
  const correct = (answerId: string, body: unknown, headers = world.alice) =>
    world.service.app.inject({ method: 'PUT', url: `/api/feedback/${answerId}/transcript`, headers, payload: body as object });

  it('lists the unsure words, never counts one as a filler and never quotes one as evidence', async () => {
    const event = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD, ['um', 'art', 'eleven']) });
    await scoreAnswer(world.service, event);
    const feedback = await get(event.answerId);
    expect(feedback.uncertain.map((word) => word.text)).toEqual(['um', 'art', 'eleven']);
    for (const word of feedback.uncertain) expect(event.answer.slice(word.start, word.end)).toBe(word.text);
    expect(feedback.delivery?.fillers.map((filler) => filler.word)).toEqual([]);
    expect(quotesOf(feedback).length).toBeGreaterThan(0);
    for (const word of feedback.uncertain) expect(takesIn(feedback, word), word.text).toBe(false);
    expect(feedback.corrected).toBe(false);

    // The same answer with every word trusted: "um" is a filler and "…fell from eleven minutes to seven" is quoted as the result.
    const trusting = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD) });
    await scoreAnswer(world.service, trusting);
    const trusted = await get(trusting.answerId);
    expect(trusted.delivery?.fillers.map((filler) => filler.word)).toEqual(['um']);
    expect(feedback.uncertain.some((word) => takesIn(trusted, word))).toBe(true);
    expect(feedback.star.find((part) => part.part === 'result')).toMatchObject({ present: true });
  });

  it('scores a corrected transcript again: quotes, scores and fillers of the corrected words, none unsure; GET shows the same', async () => {
    const event = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD, ['um', 'art']) });
    await scoreAnswer(world.service, event);
    const response = await correct(event.answerId, { transcript: `  ${CORRECTED}\n` });
    expect(response.statusCode).toBe(200);
    const feedback = answerFeedbackSchema.parse(response.json());
    expect(feedback).toMatchObject({ answerId: event.answerId, answer: CORRECTED, corrected: true, uncertain: [], source: 'spoken' });
    for (const quote of quotesOf(feedback)) expect(CORRECTED.slice(quote.start, quote.end)).toBe(quote.text);
    expect(
      feedback.star
        .find((part) => part.part === 'action')
        ?.quotes.map((quote) => quote.text)
        .join(' '),
    ).toContain('I led the move');
    // The person's own "Um" and "basically" are fillers now; the heard words kept their times, the added ones sit after them.
    expect(feedback.delivery?.fillers.map((filler) => filler.word)).toEqual(['um', 'basically']);
    for (const filler of feedback.delivery?.fillers ?? []) expect(CORRECTED.slice(filler.start, filler.end).toLowerCase()).toBe(filler.word);
    expect(await get(event.answerId)).toEqual(feedback);
  });

  it('recomputes the attempts: a corrected attempt that is now the strongest becomes Best', async () => {
    const question = 'Tell me about a time you led a change at work.';
    const first = answerEvent({ userId: ALICE, snippetId: 7, question, source: 'spoken', ...spoken('i art the um thing and it was fine', ['art']) });
    const second = answerEvent({
      userId: ALICE,
      snippetId: 7,
      question,
      source: 'typed',
      answer: 'I moved the pick lists to zones and pick time fell a little.',
    });
    await scoreAnswer(world.service, first);
    await scoreAnswer(world.service, second);
    expect((await get(first.answerId)).best).toBe(false);
    const corrected = answerFeedbackSchema.parse((await correct(first.answerId, { transcript: CORRECTED })).json());
    expect(corrected).toMatchObject({ attempt: 1, attempts: 2, best: true });
    expect((await get(second.answerId)).best).toBe(false);
  });

  it('refuses another person’s answer with the 404 of a missing one, and changes nothing', async () => {
    const event = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD, ['art']) });
    await scoreAnswer(world.service, event);
    const foreign = await correct(event.answerId, { transcript: CORRECTED }, world.bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'No feedback for this answer yet' });
    expect((await get(event.answerId)).answer).toBe(HEARD);
    const typed = answerEvent({ userId: ALICE });
    await scoreAnswer(world.service, typed);
    const refused = await correct(typed.answerId, { transcript: CORRECTED });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Only a spoken answer has a transcript to correct' });
  });

  it('answers 400 with a message for a bad body, a bad id or no session', async () => {
    const event = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD, ['art']) });
    await scoreAnswer(world.service, event);
    for (const [body, message] of [
      [{ transcript: '   ' }, 'Transcript cannot be empty'],
      [{ transcript: 'x'.repeat(20_001) }, 'Transcript must be at most 20000 characters'],
    ] as const) {
      const response = await correct(event.answerId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    for (const body of [{}, { transcript: 42 }]) {
      const response = await correct(event.answerId, body);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
    expect((await correct('not-a-uuid', { transcript: CORRECTED })).statusCode).toBe(400);
    expect((await correct(event.answerId, { transcript: CORRECTED }, {})).statusCode).toBe(401);
    expect((await get(event.answerId)).answer).toBe(HEARD);
  });

  it('corrects by GraphQL too (correctAnswer), for the answer’s author only', async () => {
    const event = answerEvent({ userId: ALICE, source: 'spoken', ...spoken(HEARD, ['art']) });
    await scoreAnswer(world.service, event);
    const mutation = 'mutation ($id: ID!, $text: String!) { correctAnswer(answerId: $id, transcript: $text) { answer corrected uncertain { text } best } }';
    const foreign = await subgraphQuery(world.service.app, world.bob, mutation, { id: event.answerId, text: CORRECTED });
    expect(foreign.errors?.[0]?.message).toBe('No feedback for this answer yet');
    const empty = await subgraphQuery(world.service.app, world.alice, mutation, { id: event.answerId, text: ' ' });
    expect(empty.errors?.[0]?.message).toBe('Transcript cannot be empty');
    const done = await subgraphQuery<{ correctAnswer: unknown }>(world.service.app, world.alice, mutation, { id: event.answerId, text: CORRECTED });
    expect(done.errors).toBeUndefined();
    expect(done.data?.correctAnswer).toEqual({ answer: CORRECTED, corrected: true, uncertain: [], best: true });
  });
});
