import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NON_ANSWER_KINDS, isNonAnswer } from './non-answers.ts';

const evaluationSetSchema = z.object({
  nonAnswers: z.array(z.object({ kind: z.enum(NON_ANSWER_KINDS), text: z.string().min(1), question: z.string().optional() })).min(40),
  answers: z.array(z.object({ text: z.string().min(1), question: z.string().optional() })).min(30),
});

/** The hand-written sets in `language/evaluation/`: non-answers of every kind against real answers, short and long. */
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
