import { describe, expect, it } from 'vitest';
import { suggestForResume } from '../resume-suggestions.ts';
import {
  CONVERSATION_EVIDENCE_FILES,
  describeConversationFigures,
  evaluateConversationCases,
  readConversationCases,
  type ConversationCase,
  type ConversationFigures,
} from './held-out-evidence.ts';

/**
 * A set's figures through the product's own path (whole conversations, as search hands stories over),
 * printed, and what no set may ever show: a quote the story does not hold, a number nobody said, a rewrite
 * that only drops punctuation.
 */
async function measured(cases: readonly ConversationCase[], label: string): Promise<ConversationFigures> {
  const figures = await evaluateConversationCases(suggestForResume, cases, 'conversation');
  console.log(describeConversationFigures(label, figures).join('\n'));
  expect(figures.quotesNotInStory).toBe(0);
  expect(figures.inventedNumbers).toBe(0);
  expect(figures.punctuationOnly).toBe(0);
  return figures;
}

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
   * The third round (outcomes credited to someone else are not the person's) took one right quote off this
   * set, b20, whose figure follows "The head of retention ended the affiliate deal": read alone, that is the
   * head's outcome, as "My colleague Ana made new packing rules and damaged parcels went down" is in the
   * fourth set; precision 0.882 → 0.875, recall 0.556 → 0.519, figures 9 of 15 → 8 of 14. Then strong bullets that
   * tell the figure they reached ("…to £40,000 in monthly revenue") got no card, as strong bullets should: b18's card
   * quoted its right story (counted by the figures), with a garbled rewrite; 0.867, 0.481, 7 of 13, no strong card.
   */
  it('quotes the right story, keeps the outcome figures, leaves strong bullets alone (floors at the figures reached, below the targets)', async () => {
    const figures = await measured(heldOut, 'held-out résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.85);
    expect(figures.recall).toBeGreaterThanOrEqual(0.48);
    expect(figures.figureRate).toBeGreaterThanOrEqual(0.53);
  });
});

const second = readConversationCases(CONVERSATION_EVIDENCE_FILES['held-out-2']);

describe('résumé suggestions on the second set written apart (evaluation/held-out-2, read while its misses were studied: tuning since)', () => {
  /**
   * Written by a helper who never saw the rules, and measured before any change: precision 0.75, recall
   * 0.222, figures in 4 of 6. Its misses were then read to write the before-and-after rule (two sentences
   * told as one change), numbers that name things ("line 3") and aims made results by a measured story,
   * so it is a tuning set since; the third set (`held-out-3`) is the one measured once, after.
   */
  it('quotes the right story and keeps the outcome figures, told in one sentence or in a before and an after', async () => {
    expect(second).toHaveLength(50);
    const figures = await measured(second, 'held-out-2 résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.85);
    expect(figures.recall).toBeGreaterThanOrEqual(0.48);
    expect(figures.figureRate).toBeGreaterThanOrEqual(0.9);
  });
});

const third = readConversationCases(CONVERSATION_EVIDENCE_FILES['held-out-3']);

describe('résumé suggestions on the third set written apart (evaluation/held-out-3, read after its one measure: tuning since)', () => {
  /**
   * Written by a helper who never saw the rules or the other sets, and measured once after the first changes
   * of the second round: precision 0.571, recall 0.182, figures in 3 of 4 (the rules before: 0.25, 0.045,
   * 0 of 1; every rewrite in `evaluation/held-out-3/rewrites-second-round.md`). Its misses were then read
   * (before/after cues, "one of them"): 0.667, 0.182, 4 of 4. The fourth set is the one measured once after.
   */
  it('holds 40 bullets, and quotes no story the rules before did not', async () => {
    expect(third).toHaveLength(40);
    const figures = await measured(third, 'held-out-3 résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.66);
    expect(figures.recall).toBeGreaterThanOrEqual(0.18);
  });
});

const fourth = readConversationCases(CONVERSATION_EVIDENCE_FILES['held-out-4']);

describe('résumé suggestions on the fourth set written apart (evaluation/held-out-4, never tuned on)', () => {
  /**
   * Written by a third helper who never saw the rules or the other sets; measured once, after every rule
   * of the second round: precision 0.5, recall 0.19, figures in 3 of 4, one strong bullet with a card (the
   * rules at the round's start: 0.286, 0.095, 2 of 2). Every rewrite is in
   * `evaluation/held-out-4/rewrites-second-round.md`. Its misses were read in the third round (so it is a
   * tuning set since): 0.625, 0.238, 3 of 5. Floors at what was reached; the targets are far above.
   */
  it('holds 40 bullets, and keeps what the third round reached on it', async () => {
    expect(fourth).toHaveLength(40);
    const figures = await measured(fourth, 'held-out-4 résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.62);
    expect(figures.recall).toBeGreaterThanOrEqual(0.23);
  });
});

const fifth = readConversationCases(CONVERSATION_EVIDENCE_FILES['held-out-5']);

describe('résumé suggestions on the fifth set written apart (evaluation/held-out-5, never tuned on)', () => {
  /**
   * Written by a fourth helper who never saw the rules or the other sets, before the third round changed any
   * rule; measured once after it: precision 0.444, recall 0.182, figures in 4 of 4, no strong bullet with a
   * card (the rules before the round: 0.4, 0.182, 4 of 4). Every rewrite is in
   * `evaluation/held-out-5/rewrites-third-round.md`, listed for the reader, so its cards have been read since: one
   * wrong quote there (n36, "the company cut leakage by 15%") made organisations count as someone else (0.5, 0.182).
   * Floors at the one measure; the targets are far above.
   */
  it('holds 40 bullets, and keeps what the third round reached on it', async () => {
    expect(fifth).toHaveLength(40);
    const figures = await measured(fifth, 'held-out-5 résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.44);
    expect(figures.recall).toBeGreaterThanOrEqual(0.18);
  });
});

const tuning = readConversationCases(CONVERSATION_EVIDENCE_FILES.tuning);

describe('résumé suggestions on the tuning conversations (evaluation/resume-evidence.tuning.json)', () => {
  it('quotes the right story, keeps the outcome figures, leaves strong bullets alone', async () => {
    const figures = await measured(tuning, 'tuning résumé evidence, whole conversations');
    expect(figures.strongWithCard).toBe(0);
    expect(figures.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.recall).toBeGreaterThanOrEqual(0.85);
    expect(figures.figureRate).toBeGreaterThanOrEqual(0.9);
  });
});
