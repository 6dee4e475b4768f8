import { describe, expect, it } from 'vitest';
import { OfflineFeedbackEngine } from '../engines/offline/offline-feedback.engine.ts';
import { rankPairs, readAnswerPairs, WEAKNESSES } from './ranking-evaluation.ts';

/**
 * The evaluation set's figure (printed by `make bench`) must not slide back: a change to the offline
 * scorer that ranks a weaker answer above its stronger pair more often than one time in ten fails here.
 */
describe('the offline scorer on the evaluation set', () => {
  it('holds at least 20 hand-written pairs covering every kind of weakness', () => {
    const pairs = readAnswerPairs();
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(pairs.length);
    for (const weakness of ['vague', 'we-only', 'no-result', 'off-topic', 'rambling'] as const) {
      expect(pairs.filter((pair) => pair.weakness === weakness).length, weakness).toBeGreaterThanOrEqual(3);
    }
    expect(WEAKNESSES).toContain('hypothetical');
  });

  it('scores the stronger answer higher in at least 90% of the pairs', async () => {
    const figures = await rankPairs(new OfflineFeedbackEngine());
    const misses = figures.misses.map(({ pair, stronger, weaker }) => `${pair.id} (${pair.weakness}): ${stronger} vs ${weaker}`);
    expect(figures.share, `missed: ${misses.join('; ')}`).toBeGreaterThanOrEqual(0.9);
  });
});
