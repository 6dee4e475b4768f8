import { describe, expect, it } from 'vitest';
import { PAIR_KINDS, QUESTION_PAIR_SETS, evaluateQuestionIdentity, judgedByIdentity, judgedByWholeTurn, readQuestionPairs } from './question-identity-evaluation.ts';

/**
 * The figures of `evaluation/README.md` must not slide back: precision and recall of "the same
 * question" on the set the identity was tuned on and on the held-out set written after it.
 */
const FLOORS = {
  tuning: { precision: 0.99, recall: 0.9 },
  heldOut: { precision: 0.99, recall: 0.95 },
} as const;

describe('question identity on its evaluation sets', () => {
  it.each(Object.keys(QUESTION_PAIR_SETS) as (keyof typeof QUESTION_PAIR_SETS)[])('%s: at least 60 pairs of every kind, ids unique', (name) => {
    const set = readQuestionPairs(QUESTION_PAIR_SETS[name]);
    expect(set.pairs.length).toBeGreaterThanOrEqual(60);
    expect(new Set(set.pairs.map((pair) => pair.id)).size).toBe(set.pairs.length);
    for (const kind of PAIR_KINDS) expect(set.pairs.some((pair) => pair.kind === kind), kind).toBe(true);
    expect(set.pairs.filter((pair) => pair.same).length).toBeGreaterThanOrEqual(25);
    expect(set.pairs.filter((pair) => !pair.same).length).toBeGreaterThanOrEqual(25);
  });

  it.each(Object.keys(QUESTION_PAIR_SETS) as (keyof typeof QUESTION_PAIR_SETS)[])('%s: precision and recall of "the same question" hold, far above the whole turn’s words', (name) => {
    const set = readQuestionPairs(QUESTION_PAIR_SETS[name]);
    const before = evaluateQuestionIdentity(set, judgedByWholeTurn);
    const after = evaluateQuestionIdentity(set, judgedByIdentity);
    const wrong = after.wrong.map((pair) => `${pair.id} (${pair.same ? 'same' : 'different'})`).join('; ');
    expect(after.precision, `judged wrong: ${wrong}`).toBeGreaterThanOrEqual(FLOORS[name].precision);
    expect(after.recall, `judged wrong: ${wrong}`).toBeGreaterThanOrEqual(FLOORS[name].recall);
    expect(before.recall).toBeLessThan(0.1);
  });
});
