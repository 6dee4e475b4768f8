import { cosine, sharedSentenceEncoder, type TextEncoder } from './sentence-encoder.ts';

/**
 * How close two texts are in meaning, by the sentence encoder every judgment uses (Universal Sentence
 * Encoder Lite): texts are read in one batch first (`read`), then compared without waiting. When the
 * encoder cannot answer, every similarity is 0, and the judgments that need one say nothing.
 */
export interface MeaningReader {
  /** Reads (embeds) the texts not read before, in one batch. */
  read(texts: readonly string[]): Promise<void>;
  /** Cosine similarity of two texts read before (0 for a text not read, or when the encoder failed). */
  similarity(a: string, b: string): number;
}

/** Vectors kept per text: a story is compared with every bullet it was matched to. Emptied past this many. */
const KEPT_VECTORS = 4000;

/** A meaning reader over an encoder, keeping the vectors it made. */
export function meaningReader(encoder: TextEncoder, onFailure?: (error: unknown) => void): MeaningReader {
  const vectors = new Map<string, Float32Array>();
  return {
    async read(texts) {
      const wanted = [...new Set(texts.filter((text) => text.trim() !== '' && !vectors.has(text)))];
      if (wanted.length === 0) return;
      try {
        const made = await encoder.embed(wanted, 'query');
        if (vectors.size + wanted.length > KEPT_VECTORS) vectors.clear();
        wanted.forEach((text, index) => {
          const vector = made[index];
          if (vector) vectors.set(text, vector);
        });
      } catch (error) {
        onFailure?.(error);
      }
    },
    similarity(a, b) {
      const first = vectors.get(a);
      const second = vectors.get(b);
      return first && second ? cosine(first, second) : 0;
    },
  };
}

let shared: MeaningReader | undefined;

/** This process's meaning reader, over its one sentence encoder (résumé evidence, story fit). */
export function sharedMeaningReader(): MeaningReader {
  shared ??= meaningReader(sharedSentenceEncoder());
  return shared;
}
