import { describe, expect, it } from 'vitest';
import { evaluatePlanning } from './planning-evaluation.ts';
import { PLANNING_CASES } from './planning-evaluation.fixtures.ts';

describe('the planning evaluation set', () => {
  it('has at least ten job descriptions, each with a résumé or none, and stories with right ones and distractors', () => {
    expect(PLANNING_CASES.length).toBeGreaterThanOrEqual(10);
    for (const entry of PLANNING_CASES) {
      expect(entry.stories.length).toBeGreaterThanOrEqual(3);
      const rightStories = Object.values(entry.right);
      // One story is right for at least two sources.
      expect(
        rightStories.some((id) => rightStories.filter((other) => other === id).length >= 2),
        entry.name,
      ).toBe(true);
    }
  });

  it('quotes every source, mixes the sources as asked, and fits the right story when there is one and none when there is none', async () => {
    const figures = await evaluatePlanning();
    console.log(
      `planning evaluation: ${figures.cases} cases, ${figures.questions} questions; quote ${figures.quoteRate}, mix ${figures.mixRate}; ` +
        `story fit top-1 ${figures.storyTop1} over ${figures.withStory}, none correct ${figures.noneCorrect} over ${figures.withoutStory}` +
        (figures.misses.length ? `\n  misses:\n  ${figures.misses.join('\n  ')}` : ''),
    );
    expect(figures.quoteRate).toBe(1);
    expect(figures.mixRate).toBe(1);
    expect(figures.storyTop1).toBeGreaterThanOrEqual(0.9);
    expect(figures.noneCorrect).toBeGreaterThanOrEqual(0.9);
  });
});
