import { describe, expect, it } from 'vitest';
import { STAR_SETS, describeFigures, measureStarReading, readStarSet, type StarFigures } from './star-reading-evaluation.ts';

/** Floors every set keeps: no requirement Ready from an admission, no quote that is not the answer's own words. */
function expectSafe(figures: StarFigures): void {
  expect(figures.admissionsReady, 'requirements made Ready by an admission').toBe(0);
  expect(figures.quotesNotFromAnswer, 'quotes that are not the answer’s words').toBe(0);
  expect(figures.wrong.answerNotGraded, 'interview answers left ungraded').toBe(0);
}

describe('STAR reading, admissions and readiness on the tuning set (issue 38)', () => {
  it('labels STAR parts, hears admissions and grades no non-answer or first story turn', async () => {
    const figures = await measureStarReading(readStarSet(STAR_SETS.tuning));
    console.log(describeFigures('tuning', figures));
    expectSafe(figures);
    expect(figures.presence.all.f1).toBeGreaterThanOrEqual(0.95);
    expect(figures.spans.all.f1).toBeGreaterThanOrEqual(0.85);
    expect(figures.admissions.recall).toBeGreaterThanOrEqual(0.95);
    expect(figures.admissions.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.notAnswersUngraded.nonAnswersUngraded).toBe(figures.notAnswersUngraded.nonAnswers);
    expect(figures.notAnswersUngraded.firstTurnsUngraded).toBe(figures.notAnswersUngraded.firstTurns);
  });
});

describe('STAR reading, admissions and readiness on the held-out set (written apart, never tuned on)', () => {
  it('keeps STAR part F1 at 0.9 or more and makes no requirement Ready from an admission', async () => {
    const figures = await measureStarReading(readStarSet(STAR_SETS.heldOut));
    console.log(describeFigures('held-out', figures));
    expect(figures.answers).toBe(163);
    expectSafe(figures);
    expect(figures.presence.all.f1).toBeGreaterThanOrEqual(0.9);
    expect(figures.spans.all.f1).toBeGreaterThanOrEqual(0.74);
    expect(figures.admissions.recall).toBeGreaterThanOrEqual(0.85);
    expect(figures.admissions.precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.notAnswersUngraded.firstTurnsUngraded).toBeGreaterThanOrEqual(8);
  });
});
