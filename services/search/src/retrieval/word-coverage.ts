import { dotProduct, type WordVectors } from '@story/language/word-vectors';
import { feelingOf, feelingsIn, type FeelingFamily } from '../text/feeling-words.ts';
import { tellsAResult } from '../text/outcome-words.ts';
import { contentWords, stem } from '../text/words.ts';
import { readQuery, type QueryIntent } from './query-intent.ts';

/** Below this GloVe cosine a text word says nothing about a query word; above it the match grows linearly. */
const SOFT_MATCH_FLOOR = 0.3;
/** A soft match counts at most this much of an exact one: "scared" is close to "fright", not the same word. */
const SOFT_MATCH_SHARE = 0.9;
/** Character-trigram overlap (Dice) above which an unknown word is taken for a misspelling of a story word. */
const SPELLING_FLOOR = 0.5;
/** Words that share a beginning this long, and most of the shorter one, are forms of one word the stemmer does not join ("interpreting", "interpreter"). */
const SHARED_ROOT = 7;
const SHARED_ROOT_SHARE = 0.75;
/** A word of the same feeling ("terrified" for "scared") counts this much: the same feeling, told another way. */
const FEELING_SHARE = 0.8;
/** A feeling word weighs this share of its weight as evidence (see `evidenceWeights`). */
const FEELING_EVIDENCE_SHARE = 0.5;
/**
 * A query that asks what came of something ("what did it achieve?") is answered by a story that tells
 * a result (a number, "dropped", "promoted"), whatever its words: that counts as one everyday word of
 * the query (the weight of a word of GloVe rank 1,000).
 */
const OUTCOME_WEIGHT = Math.log(3);
/**
 * Evidence of a match counts only close words: the same word, a likely misspelling, the same
 * feeling, or a GloVe neighbour at least this close ("kids" for "children", not "concert" for "violin").
 */
const CLOSE_NEIGHBOUR = 0.6;

interface QueryWord {
  word: string;
  stem: string;
  weight: number;
  /** Its GloVe vector, or undefined when GloVe does not know it. */
  vector: Float32Array | undefined;
  trigrams: Set<string>;
  /** The feeling it names, if it names one. */
  feeling: FeelingFamily | 'any' | undefined;
}

/** How well a text answers a query: its coverage (for ranking) and the evidence that it matches at all (for the floor). */
export interface TextMatch {
  /** The share of the query's (weighted) words that the text matches, loosely (GloVe neighbours count a little). */
  coverage: number;
  /** The same share counting close matches only (see CLOSE_NEIGHBOUR): how sure it is that the text is about the query at all. */
  evidence: number;
}

function trigramsOf(word: string): Set<string> {
  const padded = `<${word}>`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

function shareRoot(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared++;
  return shared >= SHARED_ROOT && shared >= SHARED_ROOT_SHARE * shorter;
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return (2 * shared) / Math.max(1, a.size + b.size);
}

/**
 * How much of a query a text covers, 0–1: each subject word of the query (see `readQuery`) is matched
 * to the word of the text closest to it (the same stem, a GloVe neighbour, a likely misspelling, or
 * for a feeling any word of the same feeling) and the matches are averaged, rarer query words
 * weighing more. Unlike a mean vector, one sentence that answers the query is enough, however long
 * the story around it: the alignment finds "terrified" for "fright" and "moved" for "relocating"
 * wherever they stand.
 */
export class QueryCoverage {
  private readonly words: QueryWord[];
  /** The weight of "it tells a result" when the query asks for an outcome, else 0. */
  private readonly outcomeWeight: number;
  private readonly totalWeight: number;
  /** The words' weights as evidence: a feeling counts for less, as a story often tells it without naming it. */
  private readonly evidenceWeights: number[];
  private readonly evidenceTotal: number;
  /**
   * The match of each query word per text word, remembered across the candidates of one query: the
   * loose match of query word i at [i], the close one at [words + i].
   */
  private readonly matches = new Map<string, Float32Array>();

  constructor(
    query: string | QueryIntent,
    private readonly vectors: WordVectors,
  ) {
    const intent = typeof query === 'string' ? readQuery(query) : query;
    this.words = intent.subjectWords.map((word) => {
      const rank = vectors.rank(word);
      return {
        word,
        stem: stem(word),
        weight: Math.log(2 + (rank ?? 100_000) / 1000),
        vector: vectors.unitVector(word),
        trigrams: trigramsOf(word),
        feeling: intent.feelings.get(word),
      };
    });
    this.outcomeWeight = intent.asksOutcome ? OUTCOME_WEIGHT : 0;
    this.totalWeight = this.words.reduce((sum, word) => sum + word.weight, this.outcomeWeight);
    this.evidenceWeights = this.words.map((word) => word.weight * (word.feeling ? FEELING_EVIDENCE_SHARE : 1));
    this.evidenceTotal = this.evidenceWeights.reduce((sum, weight) => sum + weight, this.outcomeWeight);
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
    return this.assess(texts).map((match) => match.coverage);
  }

  /**
   * Each text's coverage of the query and the evidence that it matches at all. Coverage weighs the
   * query's words also by how few of these texts match them (an inverse document frequency among the
   * candidates: "army" in one story of thirty says more than "job" in ten of them); evidence does not,
   * so that whether a story matches does not depend on the other stories.
   */
  assess(texts: readonly string[]): TextMatch[] {
    const count = this.words.length;
    if (this.totalWeight === 0) return texts.map(() => ({ coverage: 0, evidence: 0 }));
    const asksFeelings = this.words.some((word) => word.feeling !== undefined);
    const bests = texts.map((text) => {
      const best = new Float32Array(2 * count);
      for (const word of new Set(contentWords(text))) {
        const matches = this.matchesOf(word);
        for (let i = 0; i < best.length; i++) best[i] = Math.max(best[i] ?? 0, matches[i] ?? 0);
      }
      // Feelings told in phrases ("I couldn't sleep", "burned out") as well as words.
      const feelings = asksFeelings ? feelingsIn(text) : undefined;
      this.words.forEach((word, i) => {
        if (!feelings || !word.feeling || !(word.feeling === 'any' ? feelings.size > 0 : feelings.has(word.feeling))) return;
        best[i] = Math.max(best[i] ?? 0, FEELING_SHARE);
        best[count + i] = Math.max(best[count + i] ?? 0, FEELING_SHARE);
      });
      return best;
    });
    const rarity = this.words.map((_word, i) => {
      const matching = bests.filter((best) => (best[count + i] ?? 0) > 0).length;
      return Math.log(1 + (texts.length + 1) / (matching + 1));
    });
    const ranked = this.words.map((word, i) => word.weight * (rarity[i] ?? 1));
    const rankedTotal = ranked.reduce((sum, weight) => sum + weight, this.outcomeWeight);
    return bests.map((best, index) => {
      const outcome = this.outcomeWeight > 0 && tellsAResult(texts[index] ?? '') ? this.outcomeWeight : 0;
      return {
        coverage: (ranked.reduce((sum, weight, i) => sum + weight * (best[i] ?? 0), 0) + outcome) / rankedTotal,
        evidence: (this.evidenceWeights.reduce((sum, weight, i) => sum + weight * (best[count + i] ?? 0), 0) + outcome) / this.evidenceTotal,
      };
    });
  }

  private matchesOf(textWord: string): Float32Array {
    const known = this.matches.get(textWord);
    if (known) return known;
    const count = this.words.length;
    const textStem = stem(textWord);
    const textVector = this.vectors.unitVector(textWord);
    const textFeeling = feelingOf(textWord);
    let textTrigrams: Set<string> | undefined;
    const matches = new Float32Array(2 * count);
    this.words.forEach((queryWord, i) => {
      let loose = 0;
      let close = 0;
      const similarity = queryWord.vector && textVector ? dotProduct(queryWord.vector, textVector) : undefined;
      if (queryWord.stem === textStem) {
        loose = close = 1;
      } else if (shareRoot(queryWord.word, textWord)) {
        loose = close = SOFT_MATCH_SHARE;
      } else if (similarity !== undefined) {
        // Rescaled from the floor, so that many loose neighbours ("learn" for "language") add up to little.
        loose = similarity > SOFT_MATCH_FLOOR ? (SOFT_MATCH_SHARE * (similarity - SOFT_MATCH_FLOOR)) / (1 - SOFT_MATCH_FLOOR) : 0;
        close = similarity >= CLOSE_NEIGHBOUR ? similarity : 0;
      } else {
        // A word GloVe does not know (a misspelling, a rare name): close spelling is the only evidence.
        textTrigrams ??= trigramsOf(textWord);
        const overlap = dice(queryWord.trigrams, textTrigrams);
        loose = close = overlap > SPELLING_FLOOR ? SOFT_MATCH_SHARE * overlap : 0;
      }
      if (queryWord.feeling && textFeeling && (queryWord.feeling === 'any' || queryWord.feeling === textFeeling)) {
        loose = Math.max(loose, FEELING_SHARE);
        close = Math.max(close, FEELING_SHARE);
      }
      matches[i] = loose;
      matches[count + i] = close;
    });
    this.matches.set(textWord, matches);
    return matches;
  }
}
