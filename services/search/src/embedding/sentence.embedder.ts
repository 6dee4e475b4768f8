import { SentenceEncoderError, sharedSentenceEncoder, type EncodingPriority, type TextEncoder } from '@story/service-kit/sentence-encoder';
import { EMBEDDING_DIMENSIONS, EmbedderUnavailableError, type Embedder } from './embedder.ts';

/**
 * The offline default: the sentence encoder every judgment shares (Universal Sentence Encoder Lite,
 * 512 dimensions, from npm; see `@story/service-kit/sentence-encoder`). Its vectors are padded with
 * zeros to the store's EMBEDDING_DIMENSIONS, which leaves every cosine as it is.
 */
export class SentenceEmbedder implements Embedder {
  readonly id: string;
  readonly minSimilarity = 0.1;
  /**
   * Calibrated on the tuning sets (`services/search/evaluation`: original, feeling-outcome and
   * conversations; never the held-out ones), 43 queries that match no story among 164: of them 1
   * still finds something (43 without a floor, 13 with GloVe's thresholds), MRR 0.855 (0.840 without
   * a floor), recall@5 0.950 (0.967). Meaning alone at 0.4; at 0.25 with 40 % of the query's words
   * told; words alone only when 70 % of the query is told closely (everyday words match stories
   * they are not about; the encoder speaks for paraphrases).
   */
  readonly matchSimilarity = { confident: 0.4, supporting: 0.25, wordsAlone: 0.7, wordsSupported: 0.4 };

  constructor(private readonly encoder: TextEncoder & { warm?(): Promise<void> } = sharedSentenceEncoder()) {
    this.id = `sentence:${encoder.id}`;
  }

  async warm(): Promise<void> {
    await this.encoder.warm?.();
  }

  async embed(texts: readonly string[], priority: EncodingPriority = 'stored'): Promise<Float32Array[]> {
    let vectors: Float32Array[];
    try {
      vectors = await this.encoder.embed(texts, priority);
    } catch (error) {
      if (error instanceof SentenceEncoderError) throw new EmbedderUnavailableError(error.message, { cause: error });
      throw error;
    }
    return vectors.map((vector) => {
      const padded = new Float32Array(EMBEDDING_DIMENSIONS);
      padded.set(vector.subarray(0, EMBEDDING_DIMENSIONS));
      return padded;
    });
  }
}
