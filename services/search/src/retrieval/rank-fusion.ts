/** The usual constant of reciprocal rank fusion: a rank r counts 1 / (k + r). */
export const RRF_K = 60;

export interface FusedHit<Id = number> {
  id: Id;
  /** The fused score scaled to 0–1: 1 is first in every list. */
  relevance: number;
  /** The lists (by name) that found it. */
  foundBy: string[];
}

/**
 * Weighted reciprocal rank fusion of ranked lists of ids (each best first): a story's score is the
 * sum of weight / (k + rank) over the lists that found it (weight 1 unless given), divided by the most any story could score, so the
 * result is 0–1 and falls in the fused order.
 */
export function fuseRankings<Id = number>(
  lists: Readonly<Record<string, readonly Id[]>>,
  weights: Readonly<Record<string, number>> = {},
  k = RRF_K,
): FusedHit<Id>[] {
  const names = Object.keys(lists);
  const weightOf = (name: string) => weights[name] ?? 1;
  const best = names.reduce((sum, name) => sum + weightOf(name), 0) / (k + 1);
  const scores = new Map<Id, { score: number; foundBy: string[]; firstSeen: number }>();
  let seen = 0;
  for (const name of names) {
    (lists[name] ?? []).forEach((id, index) => {
      const entry = scores.get(id) ?? { score: 0, foundBy: [], firstSeen: seen++ };
      entry.score += weightOf(name) / (k + index + 1);
      entry.foundBy.push(name);
      scores.set(id, entry);
    });
  }
  return [...scores.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.firstSeen - b.firstSeen)
    .map(([id, entry]) => ({ id, relevance: best > 0 ? entry.score / best : 0, foundBy: entry.foundBy }));
}
