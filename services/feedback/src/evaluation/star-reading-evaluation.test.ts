import { describe, expect, it } from 'vitest';
import { STAR_SETS, describeFigures, measureStarReading, readStarSet } from './star-reading-evaluation.ts';

describe('STAR reading, admissions and readiness on the tuning set', () => {
  it('measures', async () => {
    const figures = await measureStarReading(readStarSet(STAR_SETS.tuning));
    console.log(describeFigures('tuning', figures));
  });
});

describe('STAR reading, admissions and readiness on the held-out set (never tuned on)', () => {
  it('measures', async () => {
    const figures = await measureStarReading(readStarSet(STAR_SETS.heldOut));
    console.log(describeFigures('held-out', figures));
    expect(figures.answers).toBe(163);
  });
});
