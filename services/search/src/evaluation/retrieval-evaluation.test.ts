import { beforeAll, describe, expect, it } from 'vitest';
import { WordVectors } from '@story/language/word-vectors';
import { evaluateConversations, type ConversationFigures } from './conversation-evaluation.ts';
import { evaluateRetrieval, type EvaluationFigures } from './retrieval-evaluation.ts';

/**
 * The evaluation sets' figures (`node --import tsx services/search/scripts/evaluate.ts` prints them)
 * must not slide back: a change to the embedder, the lexical index, the fusion or the floor that
 * loses retrieval quality fails here. The held-out sets are never tuned on; their floors keep a
 * change that only fits the tuning sets from passing. Each set is indexed and searched once, with
 * the sentence encoder, as the service answers. (An evaluation: it moves to the `eval` project.)
 */
let original: EvaluationFigures;
let feelingOutcome: EvaluationFigures;
let heldOut: EvaluationFigures;
let conversations: ConversationFigures;
let heldOut2: ConversationFigures;

beforeAll(async () => {
  const wordVectors = WordVectors.load();
  original = await evaluateRetrieval({ set: 'original', wordVectors });
  feelingOutcome = await evaluateRetrieval({ set: 'feeling-outcome', wordVectors });
  heldOut = await evaluateRetrieval({ set: 'held-out', wordVectors });
  conversations = await evaluateConversations({ set: 'conversations', wordVectors });
  heldOut2 = await evaluateConversations({ set: 'held-out-2', wordVectors });
}, 600_000);

describe('retrieval on the single-story sets', () => {
  it('ranks the relevant story well on the original set, and fusing meaning with words finds more within five', () => {
    expect(original.stories).toBeGreaterThanOrEqual(30);
    expect(original.queries).toBeGreaterThanOrEqual(40);
    // The sentence encoder alone (GloVe + hashed words before: 0.79).
    expect(original.meaning.mrr).toBeGreaterThan(0.8);
    // The goal of DESIGN.md: fused MRR of at least 0.8 (0.909 measured; 0.814 with GloVe).
    expect(original.fused.mrr).toBeGreaterThanOrEqual(0.88);
    expect(original.fused.recallAt5).toBeGreaterThanOrEqual(0.95);
    // Rare words are what the lexical side is for: every one first.
    expect(original.fused.byKind['rare-word']?.mrr).toBe(1);
  });

  it('ranks as well on the first held-out set, searched among all the stories', () => {
    expect(heldOut.stories).toBeGreaterThanOrEqual(32 + 12);
    expect(heldOut.queries).toBeGreaterThanOrEqual(40);
    // GloVe + word coverage: MRR 0.735, recall@5 0.86; the sentence encoder: 0.822 and 0.930.
    expect(heldOut.fused.mrr).toBeGreaterThan(0.8);
    expect(heldOut.fused.recallAt5).toBeGreaterThanOrEqual(0.92);
    expect(heldOut.fused.byKind['rare-word']?.mrr).toBe(1);
  });

  it('finds nothing for the queries that match no story, and keeps the relevant stories and each story once', () => {
    // Before the relevance floor, 31 of the 33 tuning queries and 18 of the 20 held-out ones found stories.
    expect(original.nothing.queries).toBeGreaterThanOrEqual(30);
    expect(original.nothing.answered.length).toBeLessThanOrEqual(1);
    expect(heldOut.nothing.answered.length).toBeLessThanOrEqual(6);
    expect(original.fused.recallAt10).toBeGreaterThanOrEqual(0.95);
    expect(heldOut.fused.recallAt10).toBeGreaterThanOrEqual(0.94);
    expect(original.fused.listsWithRepeats + heldOut.fused.listsWithRepeats).toBe(0);
  });

  it('ranks queries about a feeling and about an outcome', () => {
    // GloVe: tuning feeling 0.72 and outcome 0.86; held-out feeling 0.48 and outcome 0.66.
    expect(feelingOutcome.fused.byKind['feeling']?.mrr).toBeGreaterThan(0.85);
    expect(feelingOutcome.fused.byKind['outcome']?.mrr).toBeGreaterThanOrEqual(0.75);
    expect(heldOut.fused.byKind['feeling']?.mrr).toBeGreaterThan(0.5);
    expect(heldOut.fused.byKind['outcome']?.mrr).toBeGreaterThan(0.8);
  });
});

describe('retrieval over whole conversations', () => {
  it('finds each conversation once, by what was told anywhere in it, on the tuning conversations', () => {
    expect(conversations.conversations).toBe(20);
    expect(conversations.queries).toBeGreaterThanOrEqual(70);
    // The product before issue 38 (one story per message): MRR 0.805 and recall@5 0.911 on the first 56 queries.
    expect(conversations.mrr).toBeGreaterThanOrEqual(0.8);
    expect(conversations.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(conversations.listsWithRepeats).toBe(0);
    // The answer opens at the passage that answers (20 of 26 measured).
    expect(conversations.passages.overlapping).toBeGreaterThanOrEqual(18);
    // Career topics no story tells are the floor's hard case (14 of 28 still find something).
    expect(conversations.nothing.answered).toBeLessThanOrEqual(15);
  });

  it('holds on the second held-out set, written without sight of the rules', () => {
    expect(heldOut2.conversations).toBe(70);
    expect(heldOut2.queries).toBe(138);
    // Before issue 38: MRR 0.615, top-1 0.543, recall@5 0.703, 84 lists showing one conversation twice.
    // Measured after: 0.672, 0.587, 0.783, none (issue 38 asks for 0.9 and 0.97: not reached).
    expect(heldOut2.mrr).toBeGreaterThanOrEqual(0.65);
    expect(heldOut2.top1).toBeGreaterThanOrEqual(0.55);
    expect(heldOut2.recallAt5).toBeGreaterThanOrEqual(0.76);
    expect(heldOut2.listsWithRepeats).toBe(0);
    expect(heldOut2.passages.overlapping).toBeGreaterThanOrEqual(50);
  });
});
