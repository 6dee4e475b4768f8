import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classify } from './story-signals.ts';

const actionsAndResultsSchema = z.object({
  sentences: z.array(z.object({ told: z.enum(['action', 'result']), text: z.string().min(1), set: z.enum(['first', 'second']) })).min(40),
});

describe('story signals on the evaluation set of actions and results (language/evaluation)', () => {
  const { sentences } = actionsAndResultsSchema.parse(
    JSON.parse(readFileSync(fileURLToPath(new URL('../../evaluation/actions-and-results.json', import.meta.url)), 'utf8')),
  );

  it('holds at least 20 sentences of each', () => {
    expect(sentences.filter((sentence) => sentence.told === 'action').length).toBeGreaterThanOrEqual(20);
    expect(sentences.filter((sentence) => sentence.told === 'result').length).toBeGreaterThanOrEqual(20);
  });

  it('reads at least 90% of them right: a result only where one is told', () => {
    const wrong = sentences.filter((sentence) => classify(sentence.text).has('result') !== (sentence.told === 'result'));
    expect(1 - wrong.length / sentences.length, `read wrong: ${wrong.map((sentence) => sentence.text).join(' | ')}`).toBeGreaterThanOrEqual(0.9);
  });
});
