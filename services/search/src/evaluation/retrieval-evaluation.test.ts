import { describe, expect, it } from 'vitest';
import { evaluateRetrieval } from './retrieval-evaluation.ts';

/**
 * The evaluation set's figures (printed by `make bench`) must not slide back: a change to the
 * embedder, the lexical index or the fusion that loses retrieval quality fails here.
 */
describe('retrieval on the evaluation set', () => {
  it('ranks the relevant story well, and fusing meaning with words finds more within five', async () => {
    const figures = await evaluateRetrieval();
    expect(figures.stories).toBeGreaterThanOrEqual(30);
    expect(figures.queries).toBeGreaterThanOrEqual(40);
    expect(figures.meaning.mrr).toBeGreaterThan(0.75);
    expect(figures.fused.mrr).toBeGreaterThan(0.76);
    expect(figures.fused.recallAt5).toBeGreaterThanOrEqual(0.9);
    // Rare words are what the lexical side is for: every one first.
    expect(figures.fused.byKind['rare-word']?.mrr).toBe(1);
  });
});
