import { readFileSync } from 'node:fs';

/**
 * How many of the most frequent English words count as common: a practice's vocabulary leaves them
 * out. At 6,000, "budget", "team" and "customer" are common; "database" (rank 5,957 among all GloVe
 * tokens) is about the edge; "inventory", "forklift", "phlebotomy" are not.
 */
export const COMMON_WORD_COUNT = 6000;

/** The common words, most frequent first (made by `src/cli/build-common-words.ts`), read once. */
let ranks: Map<string, number> | undefined;

function commonWordRanks(): Map<string, number> {
  if (!ranks) {
    const words = readFileSync(new URL('./common-words.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean);
    ranks = new Map(words.map((word, rank) => [word, rank]));
  }
  return ranks;
}

/** The word's place among the common words (0 the most frequent), or undefined when it is not one. */
export const commonWordRank = (word: string): number | undefined => commonWordRanks().get(word.toLowerCase());

/** Whether a word is among the common English words. */
export const isCommonWord = (word: string): boolean => commonWordRank(word) !== undefined;
