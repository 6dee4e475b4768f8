import { inner } from 'simsimd';
import { normalize } from '../src/embedding/embedder.ts';

/**
 * Spherical k-means over unit word vectors: `clusters` centroids, `rounds` rounds, seeded with
 * evenly spaced words of the frequency list (deterministic: the same file every run).
 * Returns each word's cluster.
 */
export function clusterWords(vectors: readonly Float32Array[], clusters: number, rounds: number): Uint16Array {
  const units = vectors.map((vector) => normalize(Float32Array.from(vector)));
  const dimensions = units[0]?.length ?? 0;
  let centroids: Float32Array[] = Array.from({ length: clusters }, (_, c) =>
    Float32Array.from(units[Math.floor((c * units.length) / clusters)] ?? new Float32Array(dimensions)),
  );
  const assignment = new Uint16Array(units.length);
  for (let round = 0; round < rounds; round++) {
    units.forEach((unit, word) => {
      let best = 0;
      let bestScore = -Infinity;
      centroids.forEach((centroid, c) => {
        const score = inner(unit, centroid);
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      });
      assignment[word] = best;
    });
    const sums = Array.from({ length: clusters }, () => new Float32Array(dimensions));
    units.forEach((unit, word) => {
      const sum = sums[assignment[word] ?? 0];
      if (sum) for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] ?? 0) + (unit[d] ?? 0);
    });
    // An empty cluster keeps its centroid.
    centroids = sums.map((sum, c) => (sum.some((value) => value !== 0) ? normalize(sum) : (centroids[c] ?? sum)));
    process.stdout.write(`  k-means ${clusters}: round ${round + 1} of ${rounds}\n`);
  }
  return assignment;
}
