/** One story's vector and what filters it: its owner, the embedder that made it, and whether its thread is deleted. */
export interface StoryVector {
  storyId: number;
  userId: number;
  embedder: string;
  hidden: boolean;
  vector: Float32Array;
}

/** A story found by meaning: its cosine similarity to the query (1 is the same direction). */
export interface VectorHit {
  storyId: number;
  similarity: number;
}

/**
 * Where story vectors live: the embedded store (SQLite, one Float32Array per user in memory) or
 * Qdrant. Searches are exact, per user, and compare only vectors of one embedder. Implementations
 * pass `vector-store.contract.ts`.
 */
export interface VectorStore {
  readonly kind: 'embedded' | 'qdrant';
  /** Makes sure the store is ready (Qdrant: the collection and its payload indexes). */
  init(): Promise<void>;
  upsert(vectors: readonly StoryVector[]): Promise<void>;
  setHidden(storyIds: readonly number[], hidden: boolean): Promise<void>;
  remove(storyIds: readonly number[]): Promise<void>;
  /** The user's `limit` visible stories most similar to `query` among vectors made by `embedder`, best first. */
  search(userId: number, embedder: string, query: Float32Array, limit: number): Promise<VectorHit[]>;
  readiness(): Promise<void>;
  close(): Promise<void>;
}

/** A vector store a migration can read whole: counted, and read in story-id order after a given id. */
export interface ExportableVectorStore extends VectorStore {
  countVectors(): Promise<number>;
  /** Up to `limit` vectors with story ids above `afterStoryId` (every one when undefined), in story-id order. */
  vectorsAfter(afterStoryId: number | undefined, limit: number): Promise<StoryVector[]>;
}
