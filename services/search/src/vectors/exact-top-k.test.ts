import { describe, expect, it } from 'vitest';
import { seededRandom } from '@story/service-kit';
import { normalize } from '../embedding/embedder.ts';
import { ExactTopK } from './exact-top-k.ts';

/** A seeded random unit vector (mulberry32), so the test is the same every run. */
function randomVectors(count: number, dimensions: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const next = () => random() - 0.5;
  return Array.from({ length: count }, () => normalize(Float32Array.from({ length: dimensions }, next)));
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe('ExactTopK', () => {
  it('finds the same top k as scoring every row in float32, near-ties included', () => {
    const rows = randomVectors(2000, 256, 7);
    // Near-duplicates of one row: the int8 scores cannot tell them apart, the float32 ones can.
    const base = rows[5] ?? new Float32Array(256);
    for (let i = 0; i < 12; i++) {
      const copy = Float32Array.from(base);
      copy[i] = (copy[i] ?? 0) + 1e-4 * (i + 1);
      rows.push(normalize(copy));
    }
    const index = new ExactTopK(rows, 256);
    for (const query of [...randomVectors(20, 256, 99), base]) {
      const brute = rows
        .map((row, i) => ({ row: i, score: dot(query, row) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
      const found = index.top(query, 10);
      // The same rows, with the same scores place by place (rows whose scores tie to float32 precision may swap).
      expect(new Set(found.map((hit) => hit.row))).toEqual(new Set(brute.map((hit) => hit.row)));
      found.forEach((hit, i) => expect(hit.score).toBeCloseTo(brute[i]?.score ?? 0, 5));
    }
  });

  it('returns every row, best first, when there are fewer than k', () => {
    const rows = randomVectors(3, 16, 1);
    const query = rows[2] ?? new Float32Array(16);
    const found = new ExactTopK(rows, 16).top(query, 10);
    expect(found).toHaveLength(3);
    expect(found[0]?.row).toBe(2);
    expect(new ExactTopK([], 16).top(query, 10)).toEqual([]);
  });
});
