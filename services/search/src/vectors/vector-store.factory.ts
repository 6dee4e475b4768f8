import { join } from 'node:path';
import type { SearchConfig } from '../config.ts';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { EmbeddedVectorStore } from './embedded-vector.store.ts';
import { QdrantVectorStore } from './qdrant-vector.store.ts';
import type { VectorStore } from './vector-store.ts';

/** Qdrant when QDRANT_URL is set, else the embedded store in `search-vectors.sqlite` under DATA_DIR. */
export function createVectorStore(
  config: Pick<SearchConfig, 'QDRANT_URL' | 'QDRANT_API_KEY' | 'QDRANT_COLLECTION' | 'DATA_DIR' | 'SEARCH_VECTOR_CACHE_MB'>,
  service: string,
): VectorStore {
  if (config.QDRANT_URL)
    return new QdrantVectorStore({
      url: config.QDRANT_URL,
      apiKey: config.QDRANT_API_KEY,
      collection: config.QDRANT_COLLECTION,
      dimensions: EMBEDDING_DIMENSIONS,
    });
  return EmbeddedVectorStore.open(join(config.DATA_DIR, `${service}-vectors.sqlite`), EMBEDDING_DIMENSIONS, config.SEARCH_VECTOR_CACHE_MB);
}
