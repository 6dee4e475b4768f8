import { describe, expect, it } from 'vitest';
import { fuseRankings } from './rank-fusion.ts';

describe('fuseRankings', () => {
  it('puts what both lists found high first, scaled 0–1 in the fused order', () => {
    const fused = fuseRankings({ meaning: [1, 2, 3], words: [2, 4] });
    expect(fused.map((hit) => hit.id)).toEqual([2, 1, 4, 3]);
    expect(fused[0]?.foundBy).toEqual(['meaning', 'words']);
    const relevance = fused.map((hit) => hit.relevance);
    expect([...relevance].sort((a, b) => b - a)).toEqual(relevance);
    expect(fuseRankings({ meaning: [9], words: [9] })[0]?.relevance).toBe(1);
    expect(fuseRankings({ meaning: [9], words: [] })[0]?.relevance).toBe(0.5);
  });

  it('breaks ties by the first list', () => {
    expect(fuseRankings({ meaning: [1], words: [2] }).map((hit) => hit.id)).toEqual([1, 2]);
    expect(fuseRankings({ meaning: [], words: [] })).toEqual([]);
  });
});
