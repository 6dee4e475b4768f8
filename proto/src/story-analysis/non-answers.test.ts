import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NON_ANSWER_KINDS, isNonAnswer, nonAnswerKind } from './non-answers.ts';

describe('non-answers', () => {
  it('hears a hello, a "ready", a request to repeat and a request for a moment, with their kinds', () => {
    expect(nonAnswerKind('Hi')).toBe('greeting');
    expect(nonAnswerKind('Hi, I’m ready')).toBe('ready');
    expect(nonAnswerKind('Can you repeat the question?')).toBe('repeat');
    expect(nonAnswerKind('sorry can you say that again')).toBe('repeat');
    expect(nonAnswerKind('Give me a second.')).toBe('wait');
    expect(nonAnswerKind('Hmm, that’s a tough one. Let me think of an example.')).toBe('wait');
    expect(nonAnswerKind('What do you mean by cross-functional?')).toBe('clarify');
    expect(nonAnswerKind('I don’t have an example for that.')).toBe('decline');
    expect(nonAnswerKind('Thanks, that’s all for today. Bye!')).toBe('goodbye');
    expect(nonAnswerKind('testing testing one two three')).toBe('meta');
    expect(nonAnswerKind('ok')).toBe('filler');
    // A bare "again" may pick what to practise again.
    expect(nonAnswerKind('again')).not.toBe('repeat');
  });

  it('keeps an answer that opens with a non-answer, and short real answers', () => {
    for (const text of [
      'I led the migration and cut costs by 30%.',
      'Hi, so at my last job I led a team of five engineers through a database migration.',
      'Give me a second... okay, at Acme I ran the support desk and cut the backlog from 300 to 40 tickets.',
      'Sorry, yes: I set up the CI pipeline myself.',
      'Three months.',
      'Python and Go, mostly.',
      'Thanks to my manager, we got the budget approved.',
      "I'm not sure it counts, but I organised a charity run at university that raised £12,000.",
    ]) {
      expect(isNonAnswer(text, 'Tell me about a time you led a change.'), text).toBe(false);
    }
  });

  it('takes a bare yes or no as the answer to a closed question, and as nothing otherwise', () => {
    expect(isNonAnswer('Yes.', '“I rewrote it” — good. Did the fix hold?')).toBe(false);
    expect(isNonAnswer('No, never.', 'Did it happen again?')).toBe(false);
    expect(isNonAnswer('Yes.', 'Tell me about a time you led a team.')).toBe(true);
    expect(isNonAnswer('Really well, actually.', 'How did it turn out in the end?')).toBe(false);
    expect(isNonAnswer('Really well, actually.', 'Tell me about a time you led a team.')).toBe(true);
  });

  it('takes a question back that tells no story as a question about the question', () => {
    expect(nonAnswerKind('Would a school project work for this one?')).toBe('clarify');
    expect(nonAnswerKind('Why did I do it? Because I rewrote the tests and they kept failing.')).toBeUndefined();
  });
});

const evaluationSetSchema = z.object({
  nonAnswers: z.array(z.object({ kind: z.enum(NON_ANSWER_KINDS), text: z.string().min(1), question: z.string().optional() })).min(40),
  answers: z.array(z.object({ text: z.string().min(1), question: z.string().optional() })).min(30),
});

/** The hand-written sets in `proto/evaluation/`: non-answers of every kind against real answers, short and long. */
const readSet = (name: string) =>
  evaluationSetSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(`../../evaluation/${name}`, import.meta.url)), 'utf8')));

describe.each(['non-answers.json', 'non-answers-second.json'])('non-answers on the evaluation set %s', (name) => {
  const set = readSet(name);

  it('covers many kinds of non-answer', () => {
    expect(new Set(set.nonAnswers.map((entry) => entry.kind)).size).toBeGreaterThanOrEqual(10);
  });

  it('finds at least 95% of the non-answers and takes at most one answer in 40 for one', () => {
    const missed = set.nonAnswers.filter((entry) => !isNonAnswer(entry.text, entry.question));
    const wrong = set.answers.filter((entry) => isNonAnswer(entry.text, entry.question));
    const found = set.nonAnswers.length - missed.length;
    const recall = found / set.nonAnswers.length;
    const precision = found / (found + wrong.length);
    expect(recall, `missed: ${missed.map((entry) => entry.text).join(' | ')}`).toBeGreaterThanOrEqual(0.95);
    expect(precision, `answers taken for non-answers: ${wrong.map((entry) => entry.text).join(' | ')}`).toBeGreaterThanOrEqual(0.975);
    expect(wrong.length / set.answers.length).toBeLessThanOrEqual(1 / 40);
  });
});
