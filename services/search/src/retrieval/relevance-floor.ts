/** What says a story matches a query at all: its words, and its meaning. */
export interface MatchSignals {
  /** The share of the query's words the story matches closely, 0–1 (`TextMatch.evidence`). */
  evidence: number;
  /** The story's cosine similarity to the query, or undefined when the meaning side did not find it. */
  similarity: number | undefined;
}

/** The similarities that count as evidence of a match, on the scale of one embedder (see `Embedder.matchSimilarity`). */
export interface MatchSimilarity {
  /** At or above it, meaning alone is enough. */
  confident: number;
  /** At or above it, meaning supports a story that matches some of the query's words. */
  supporting: number;
  /** Words alone are enough at this share of the query's words (default WORDS_ALONE); a stronger embedder asks more of words. */
  wordsAlone?: number;
  /** With meaning's support, this share of the query's words is enough (default WORDS_SUPPORTED). */
  wordsSupported?: number;
}

/**
 * Words alone are enough when the story matches this share of the query closely: a rare word, a
 * name, a misspelt word of the story, most of the query's words.
 */
export const WORDS_ALONE = 0.4;
/** With meaning's support (`MatchSimilarity.supporting`), this share of the query's words is enough. */
export const WORDS_SUPPORTED = 0.1;

/**
 * Whether a story really matches a query, rather than being the least bad of the stories: some
 * evidence must say so. Fusion ranks every story that shares anything with the query (a GloVe
 * neighbour of one word, a faint similarity), so without a floor "xylophone quantum banana" finds
 * stories. Neither signal is enough alone in the grey zone: everyday words ("learning", "won") match
 * stories they are not about, and a paraphrase may share no close word with its story. Calibrated on
 * the evaluation's tuning sets (`make bench`): of the 33 queries that match no story 5 still find
 * something (31 before), and no relevant story within the first five is lost; on the held-out set 6
 * of 20 (18 before), one relevant story of 57 lost from the first ten.
 */
export function isRealMatch({ evidence, similarity }: MatchSignals, meaning: MatchSimilarity): boolean {
  if (evidence >= (meaning.wordsAlone ?? WORDS_ALONE)) return true;
  if (similarity === undefined) return false;
  return similarity >= meaning.confident || (evidence >= (meaning.wordsSupported ?? WORDS_SUPPORTED) && similarity >= meaning.supporting);
}
