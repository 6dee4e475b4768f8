import { describe, expect, it } from 'vitest';
import { suggestForResume } from '../resume-suggestions.ts';
import { CONVERSATION_EVIDENCE_FILES, describeConversationFigures, evaluateConversationCases, readConversationCases } from './held-out-evidence.ts';

const heldOut = readConversationCases(CONVERSATION_EVIDENCE_FILES['held-out']);

describe('résumé suggestions on the held-out whole conversations (evaluation/held-out/resume-evidence.json, never tuned on)', () => {
  it('holds 50 bullets, weak and strong, with and without a story that grounds them', () => {
    expect(heldOut).toHaveLength(50);
    expect(heldOut.filter((entry) => entry.strength === 'strong').length).toBeGreaterThanOrEqual(10);
    expect(heldOut.filter((entry) => entry.strength === 'weak' && entry.evidence === null).length).toBeGreaterThanOrEqual(10);
  });

  /**
   * Measured through the product's own path: the suggestion engine given each case's stories as the
   * search service hands them over (whole conversations). Issue 38's targets are precision ≥ 0.95,
   * recall ≥ 0.85 and the outcome figures in ≥ 90 % of grounded rewrites; measured once at its end:
   * 0.875, 0.519, 8 of 14 (before: 0.889, 0.296, 2 of 8; see `evaluation/held-out/README.md`). The
   * floors hold what was reached, so that a change that loses it fails; they are not the targets.
   */
  it('quotes the right story, keeps the outcome figures, leaves strong bullets alone (floors at the figures reached, below the targets)', async () => {
    const figures = await evaluateConversationCases(suggestForResume, heldOut, 'conversation');
    console.log(describeConversationFigures('held-out résumé evidence, whole conversations', figures).join('\n'));
    expect(figures.quotesNotInStory).toBe(0);
    expect(figures.inventedNumbers).toBe(0);
    expect(figures.punctuationOnly).toBe(0);
    expect(figures.strongWithCard).toBeLessThanOrEqual(1);
    expect(figures.precision).toBeGreaterThanOrEqual(0.85);
    expect(figures.recall).toBeGreaterThanOrEqual(0.5);
    expect(figures.figureRate).toBeGreaterThanOrEqual(0.55);
  });
});

const tuning = readConversationCases(CONVERSATION_EVIDENCE_FILES.tuning);

describe('résumé suggestions on the tuning conversations (evaluation/resume-evidence.tuning.json)', () => {
  it('quotes the right story, keeps the outcome figures, leaves strong bullets alone', async () => {
    const figures = await evaluateConversationCases(suggestForResume, tuning, 'conversation');
    console.log(describeConversationFigures('tuning résumé evidence, whole conversations', figures).join('\n'));
    expect(figures.quotesNotInStory).toBe(0);
    expect(figures.inventedNumbers).toBe(0);
    expect(figures.punctuationOnly).toBe(0);
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.recall).toBeGreaterThanOrEqual(0.85);
    expect(figures.figureRate).toBeGreaterThanOrEqual(0.9);
  });
});
