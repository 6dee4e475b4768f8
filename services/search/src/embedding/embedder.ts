import type { EncodingPriority } from '@story/service-kit/sentence-encoder';
import type { MatchSimilarity } from '../retrieval/relevance-floor.ts';

/** Every vector of the search service has this many dimensions (spec section 9), whichever embedder made it. */
export const EMBEDDING_DIMENSIONS = 1536;

/**
 * Turns texts into unit vectors of EMBEDDING_DIMENSIONS. `id` names the embedder and its version:
 * every stored vector records it, and vectors of two embedders are never compared.
 */
export interface Embedder {
  readonly id: string;
  /** Below this cosine similarity a story is not "found by meaning" (each embedder has its own scale). */
  readonly minSimilarity: number;
  /** The similarities that count as evidence that a story really matches a query (see `isRealMatch`). */
  readonly matchSimilarity: MatchSimilarity;
  /** Unit vectors of the texts, in order; `query` asks to be served before texts being stored (indexing). */
  embed(texts: readonly string[], priority?: EncodingPriority): Promise<Float32Array[]>;
  /** Gets ready to answer (loads a model) so that the first query does not wait for it. */
  warm?(): Promise<void>;
}

/** The embedder could not answer (OpenAI down or too slow): the caller answers 503 or tries again later. */
export class EmbedderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbedderUnavailableError';
  }
}

/** Scales a vector to unit length in place (a zero vector stays zero): the sentence encoder's own. */
export { toUnit as normalize } from '@story/service-kit/sentence-encoder';
