import { WordVectors, dotProduct } from '@story/language/word-vectors';
import type { ContentTerm } from './question-words.ts';

/**
 * How alike two words of interview questions are in meaning: the cosine of their GloVe vectors
 * (`@story/language/word-vectors`, the file the search service embeds with), so that "transactions" is
 * near "payments" and "complicated" near "complex" where no synonym list folds them.
 */

let shared: WordVectors | undefined;

/** The word vectors, read on first use (about 0.1 s) and kept for the life of the process. */
export function questionWordVectors(): WordVectors {
  shared ??= WordVectors.load();
  return shared;
}

/** Vectors already looked up, by the word as written; emptied when it grows past this many (a long-lived process meets many words). */
const CACHED_WORDS = 20_000;
const vectorCache = new Map<string, Float32Array | null>();

/** The mean of the parts' unit vectors, at unit length ("non-technical", "mixed-ability"); null when a part has none. */
function meanOfParts(vectors: WordVectors, parts: readonly string[]): Float32Array | null {
  const sum = new Float32Array(vectors.dimensions);
  for (const part of parts) if (!vectors.addTo(part, 1, sum)) return null;
  const norm = Math.sqrt(dotProduct(sum, sum));
  return norm > 0 ? sum.map((value) => value / norm) : null;
}

/** A word's unit vector: as written, else its canonical form, else its hyphenated parts averaged; null when GloVe knows none. */
function vectorOf(term: ContentTerm): Float32Array | null {
  const cached = vectorCache.get(term.surface);
  if (cached !== undefined) return cached;
  const vectors = questionWordVectors();
  const parts = term.surface.split('-').filter((part) => part.length > 0);
  const vector = vectors.unitVector(term.surface) ?? vectors.unitVector(term.word) ?? (parts.length > 1 ? meanOfParts(vectors, parts) : null);
  if (vectorCache.size >= CACHED_WORDS) vectorCache.clear();
  vectorCache.set(term.surface, vector);
  return vector;
}

/**
 * The most frequent words (GloVe rank below this: "way", "help", "well", "people") lie near too many
 * others to stand for any of them: they match only as themselves (chosen on the tuning pairs).
 */
export const COMMON_WORD_RANK = 200;

/** Whether a word is one of the most frequent (see COMMON_WORD_RANK). */
function isCommon(term: ContentTerm): boolean {
  const vectors = questionWordVectors();
  const rank = vectors.rank(term.surface) ?? vectors.rank(term.word);
  return rank !== undefined && rank < COMMON_WORD_RANK;
}

/** The cosine of two words' vectors (-1 to 1); 0 when either has none or is a common word. */
export function termSimilarity(a: ContentTerm, b: ContentTerm): number {
  if (isCommon(a) || isCommon(b)) return 0;
  const left = vectorOf(a);
  const right = vectorOf(b);
  return left && right ? dotProduct(left, right) : 0;
}
