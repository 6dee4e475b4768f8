import { describe, expect, it } from 'vitest';
import { suggestForResume } from '../resume-suggestions.ts';
import { describeEvidenceFigures, evaluateEvidence, readEvidenceSet, searchLike } from './evidence-evaluation.ts';

const set = readEvidenceSet();
const tuning = set.cases.filter((entry) => entry.split === 'tuning');
const heldOut = set.cases.filter((entry) => entry.split === 'held-out');
const heldOutLater = set.cases.filter((entry) => entry.split === 'held-out-2');
const heldOutThird = set.cases.filter((entry) => entry.split === 'held-out-3');

describe('offline suggestion evidence on the evaluation set (services/profile/evaluation/evidence-cases.json)', () => {
  it('has at least 12 bullets and 40 stories, cases with no right story, and a held-out part', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(12);
    expect(set.stories.length).toBeGreaterThanOrEqual(40);
    expect(set.cases.filter((entry) => entry.expected === null).length).toBeGreaterThanOrEqual(3);
    expect(heldOut.length).toBeGreaterThanOrEqual(8);
    expect(heldOutThird.length).toBeGreaterThanOrEqual(12);
  });

  it('hands candidates over as the search service does: best first, three, relevances close together', () => {
    const handed = searchLike([
      { storyId: 1, relevance: 0.4 },
      { storyId: 2, relevance: 0.9 },
      { storyId: 3, relevance: 0.5 },
      { storyId: 4, relevance: 0.7 },
    ]);
    expect(handed.map((candidate) => candidate.storyId)).toEqual([2, 4, 3]);
    expect(handed.map((candidate) => candidate.relevance)).toEqual([1, 0.984, 0.968]);
  });

  /**
   * Each part's floors, a little below its figures after the last change (the same with the cases'
   * candidates and with them handed over as the search service does). Issue 38 (the sentence encoder,
   * whole stories, measured outcomes only, a story floor of 0.38) moved them to: tuning 1 / 0.818 (the
   * Monday report is a result without a figure, no longer quoted; partner tiers score 0.36, under the floor); held-out 1 / 0.875; held-out-2 1 / 0.875; held-out-3
   * 1 / 0.9. These parts were held out for issue 22 and read since: issue 38's held-out set is
   * `evaluation/held-out/resume-evidence.json` (`held-out-evidence.test.ts`).
   */
  const parts = [
    { label: 'tuning part', cases: tuning, precision: 0.95, recall: 0.8 },
    { label: 'held-out part', cases: heldOut, precision: 0.95, recall: 0.85 },
    { label: 'held-out part 2', cases: heldOutLater, precision: 0.95, recall: 0.85 },
    { label: 'held-out part 3', cases: heldOutThird, precision: 0.95, recall: 0.75 },
  ];
  for (const part of parts) {
    for (const searchLike of [false, true]) {
      const how = searchLike ? ', candidates as search hands them over' : '';
      it(`quotes the right story on the ${part.label}${how}, and never a number it made up`, async () => {
        expect(part.cases.length).toBeGreaterThanOrEqual(8);
        const figures = await evaluateEvidence(suggestForResume, set, part.cases, { searchLike });
        console.log(describeEvidenceFigures(`offline evidence, ${part.label}${how}`, figures).join('\n'));
        expect(figures.noInventedNumberRate).toBe(1);
        expect(figures.quotesNotInStory).toBe(0);
        expect(figures.precision).toBeGreaterThanOrEqual(part.precision);
        expect(figures.recall).toBeGreaterThanOrEqual(part.recall);
      });
    }
  }
});
