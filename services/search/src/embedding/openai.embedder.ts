import OpenAI from 'openai';
import { EMBEDDING_DIMENSIONS, EmbedderUnavailableError, normalize, type Embedder } from './embedder.ts';

export interface OpenAiEmbedderOptions {
  apiKey: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
}

/** OpenAI embeddings (`text-embedding-3-small`, 1536 dimensions), or any compatible server through `baseURL`. */
export class OpenAiEmbedder implements Embedder {
  readonly id: string;
  readonly minSimilarity = 0.2;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.id = `openai:${options.model}`;
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries: 1 });
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      // 'float': compatible servers do not all speak base64.
      response = await this.client.embeddings.create({ model: this.options.model, input: [...texts], dimensions: EMBEDDING_DIMENSIONS, encoding_format: 'float' });
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
