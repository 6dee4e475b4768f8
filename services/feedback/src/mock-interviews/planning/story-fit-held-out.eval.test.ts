import { describe, expect, it } from 'vitest';
import { storyFitFor } from './story-fit.ts';
import { STORY_FIT_FILES, describeStoryFitFigures, evaluateStoryFit, readStoryFitCases } from './story-fit-evaluation.ts';

const heldOut = readStoryFitCases(STORY_FIT_FILES['held-out']);

describe('story fit on the held-out requirements (evaluation/held-out/story-fit.json, never tuned on)', () => {
  it('holds 40 requirements with labelled whole conversations', () => {
    expect(heldOut).toHaveLength(40);
  });

  /**
   * Issue 38's target: a story offered as a strong fit is one a hiring manager accepts (precision ≥ 0.9).
   * Measured once at its end: 0.875 (7 of 8; before 0.611, 11 of 18). The floor holds what was reached.
   */
  it('offers as a strong fit mostly stories labelled strong (floor at the figure reached, below the target)', async () => {
    const figures = await evaluateStoryFit(storyFitFor, heldOut, 'conversation');
    console.log(describeStoryFitFigures('held-out story fit, whole conversations', figures));
    expect(figures.precision).toBeGreaterThanOrEqual(0.85);
  });
});

const tuning = readStoryFitCases(STORY_FIT_FILES.tuning);

describe('story fit on the tuning requirements (evaluation/story-fit.tuning.json)', () => {
  it('offers as a strong fit only stories labelled strong, and never a story the person says they never did', async () => {
    const figures = await evaluateStoryFit(storyFitFor, tuning, 'conversation');
    console.log(`${describeStoryFitFigures('tuning story fit, whole conversations', figures)}\n${figures.lines.join('\n')}`);
    expect(figures.precision).toBeGreaterThanOrEqual(0.9);
  });
});
