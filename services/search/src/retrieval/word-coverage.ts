import { dotProduct, type WordVectors } from '../embedding/word-vectors.ts';
import { contentWords, stem } from '../text/words.ts';

/** Below this GloVe cosine a text word says nothing about a query word; above it the match grows linearly. */
const SOFT_MATCH_FLOOR = 0.3;
/** A soft match counts at most this much of an exact one: "scared" is close to "fright", not the same word. */
const SOFT_MATCH_SHARE = 0.9;
/** Character-trigram overlap (Dice) above which an unknown word is taken for a misspelling of a story word. */
const SPELLING_FLOOR = 0.5;

interface QueryWord {
  word: string;
  stem: string;
  weight: number;
  /** Its GloVe vector, or undefined when GloVe does not know it. */
  vector: Float32Array | undefined;
  trigrams: Set<string>;
}

function trigramsOf(word: string): Set<string> {
  const padded = `<${word}>`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return (2 * shared) / Math.max(1, a.size + b.size);
}

/**
 * How much of a query a text covers, 0–1: each content word of the query is matched to the word of
 * the text closest to it (the same stem, a GloVe neighbour, or a likely misspelling) and the matches
 * are averaged, rarer query words weighing more. Unlike a mean vector, one sentence that answers the
 * query is enough, however long the story around it: the alignment finds "terrified" for "fright"
 * and "moved" for "relocating" wherever they stand.
 */
export class QueryCoverage {
  private readonly words: QueryWord[];
  private readonly totalWeight: number;
  /** Best match of each query word per text word, remembered across the candidates of one query. */
  private readonly matches = new Map<string, Float32Array>();

  constructor(
    query: string,
    private readonly vectors: WordVectors,
  ) {
    const byStem = new Map<string, QueryWord>();
    for (const word of contentWords(query)) {
      const key = stem(word);
      if (byStem.has(key)) continue;
      const rank = vectors.rank(word);
      byStem.set(key, { word, stem: key, weight: Math.log(2 + (rank ?? 100_000) / 1000), vector: vectors.unitVector(word), trigrams: trigramsOf(word) });
    }
    this.words = [...byStem.values()];
    this.totalWeight = this.words.reduce((sum, word) => sum + word.weight, 0);
  }

  /** Whether the query has any word to cover. */
  get isEmpty(): boolean {
    return this.words.length === 0;
  }

  /** The share of the query's (weighted) words that the text matches. */
  score(text: string): number {
    return this.scoreAll([text])[0] ?? 0;
  }

  /** Each text's share of the query's words (matches of a text word are remembered across texts). */
  scoreAll(texts: readonly string[]): number[] {
    if (this.totalWeight === 0) return texts.map(() => 0);
    const best = texts.map((text) => {
      const ofText = new Float32Array(this.words.length);
      for (const word of new Set(contentWords(text))) {
        const matches = this.matchesOf(word);
        for (let i = 0; i < ofText.length; i++) ofText[i] = Math.max(ofText[i] ?? 0, matches[i] ?? 0);
      }
      return ofText;
    });
    return best.map((ofText) => this.words.reduce((sum, word, i) => sum + word.weight * (ofText[i] ?? 0), 0) / this.totalWeight);
  }

  private matchesOf(textWord: string): Float32Array {
    const known = this.matches.get(textWord);
    if (known) return known;
    const textStem = stem(textWord);
    const textVector = this.vectors.unitVector(textWord);
    let textTrigrams: Set<string> | undefined;
    const matches = Float32Array.from(this.words, (queryWord) => {
      if (queryWord.stem === textStem) return 1;
      const similarity = queryWord.vector && textVector ? dotProduct(queryWord.vector, textVector) : undefined;
      // Rescaled from the floor, so that many loose neighbours ("learn" for "language") add up to little.
      if (similarity !== undefined) return similarity > SOFT_MATCH_FLOOR ? (SOFT_MATCH_SHARE * (similarity - SOFT_MATCH_FLOOR)) / (1 - SOFT_MATCH_FLOOR) : 0;
      // A word GloVe does not know (a misspelling, a rare name): close spelling is the only evidence.
      textTrigrams ??= trigramsOf(textWord);
      const overlap = dice(queryWord.trigrams, textTrigrams);
      return overlap > SPELLING_FLOOR ? SOFT_MATCH_SHARE * overlap : 0;
    });
    this.matches.set(textWord, matches);
    return matches;
  }
}
