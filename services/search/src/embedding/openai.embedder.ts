import OpenAI from 'openai';
import { openAiClientOptions, type OpenAiModelOptions } from '@story/service-kit';
import { EMBEDDING_DIMENSIONS, EmbedderUnavailableError, normalize, type Embedder } from './embedder.ts';

/** OpenAI embeddings (`text-embedding-3-small`, 1536 dimensions), or any compatible server through `baseURL`. */
export class OpenAiEmbedder implements Embedder {
  readonly id: string;
  readonly minSimilarity = 0.2;
  /**
   * text-embedding-3-small puts unrelated short texts at 0.1–0.25 and paraphrases at 0.4 and more;
   * not calibrated on the evaluation sets (they run offline), so it asks for more than the offline one.
   */
  readonly matchSimilarity = { confident: 0.5, supporting: 0.3 };
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiModelOptions) {
    this.id = `openai:${options.model}`;
    // One retry: indexing waits for nobody, and a story is embedded again on the next event anyway.
    this.client = new OpenAI(openAiClientOptions(options, 1));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      // 'float': compatible servers do not all speak base64.
      response = await this.client.embeddings.create({
        model: this.options.model,
        input: [...texts],
        dimensions: EMBEDDING_DIMENSIONS,
        encoding_format: 'float',
      });
    } catch (error) {
      throw new EmbedderUnavailableError(`OpenAI embeddings failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => Float32Array.from(item.embedding));
    if (vectors.length !== texts.length || vectors.some((vector) => vector.length !== EMBEDDING_DIMENSIONS)) {
      throw new EmbedderUnavailableError(`OpenAI returned ${vectors.length} vectors of ${vectors[0]?.length ?? 0} dimensions for ${texts.length} texts`);
    }
    return vectors.map(normalize);
  }
}
