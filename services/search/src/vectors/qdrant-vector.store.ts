import { QdrantClient } from '@qdrant/js-client-rest';
import { normalize } from '../embedding/embedder.ts';
import type { ExportableVectorStore, StoryVector, VectorHit } from './vector-store.ts';

export interface QdrantOptions {
  url: string;
  apiKey?: string | undefined;
  collection: string;
  dimensions: number;
}

/**
 * Story vectors in Qdrant (production): one collection, cosine distance, the story id as the point
 * id, and payload indexes on the user id (a tenant field), the embedder and the hidden flag; every
 * search is filtered to the caller's visible vectors of one embedder, with exact scoring.
 */
export class QdrantVectorStore implements ExportableVectorStore {
  readonly kind = 'qdrant';
  private readonly client: QdrantClient;

  constructor(private readonly options: QdrantOptions) {
    this.client = new QdrantClient({ url: options.url, apiKey: options.apiKey, checkCompatibility: false });
  }

  async init(): Promise<void> {
    const { collection, dimensions } = this.options;
    const { exists } = await this.client.collectionExists(collection);
    if (!exists) {
      try {
        await this.client.createCollection(collection, { vectors: { size: dimensions, distance: 'Cosine' } });
      } catch (error) {
        // Another instance may have made it between our two calls.
        if (!(await this.client.collectionExists(collection)).exists) throw error;
      }
    }
    await this.client.createPayloadIndex(collection, { field_name: 'userId', field_schema: { type: 'integer', is_tenant: true }, wait: true });
    await this.client.createPayloadIndex(collection, { field_name: 'embedder', field_schema: 'keyword', wait: true });
    await this.client.createPayloadIndex(collection, { field_name: 'hidden', field_schema: 'bool', wait: true });
  }

  async upsert(vectors: readonly StoryVector[]): Promise<void> {
    if (vectors.length === 0) return;
    await this.client.upsert(this.options.collection, {
      wait: true,
      points: vectors.map((entry) => ({
        id: entry.storyId,
        vector: Array.from(normalize(Float32Array.from(entry.vector))),
        payload: { userId: entry.userId, embedder: entry.embedder, hidden: entry.hidden },
      })),
    });
  }

  async setHidden(storyIds: readonly number[], hidden: boolean): Promise<void> {
    if (storyIds.length === 0) return;
    await this.client.setPayload(this.options.collection, { payload: { hidden }, points: [...storyIds], wait: true });
  }

  async remove(storyIds: readonly number[]): Promise<void> {
    if (storyIds.length === 0) return;
    await this.client.delete(this.options.collection, { points: [...storyIds], wait: true });
  }

  async search(userId: number, embedder: string, query: Float32Array, limit: number): Promise<VectorHit[]> {
    const hits = await this.client.search(this.options.collection, {
      vector: Array.from(query),
      limit,
      filter: {
        must: [
          { key: 'userId', match: { value: userId } },
          { key: 'embedder', match: { value: embedder } },
          { key: 'hidden', match: { value: false } },
        ],
      },
      params: { exact: true },
      with_payload: false,
    });
    return hits.map((hit) => ({ storyId: Number(hit.id), similarity: hit.score }));
  }

  async countVectors(): Promise<number> {
    return (await this.client.count(this.options.collection, { exact: true })).count;
  }

  async vectorsAfter(afterStoryId: number | undefined, limit: number): Promise<StoryVector[]> {
    // Points scroll in id order; the offset is the first id to return.
    const page = await this.client.scroll(this.options.collection, {
      limit,
      offset: afterStoryId === undefined ? undefined : afterStoryId + 1,
      with_payload: true,
      with_vector: true,
    });
    return page.points.map((point) => ({
      storyId: Number(point.id),
      userId: Number(point.payload?.userId),
      embedder: String(point.payload?.embedder),
      hidden: point.payload?.hidden === true,
      vector: Float32Array.from(Array.isArray(point.vector) ? (point.vector as number[]) : []),
    }));
  }

  async readiness(): Promise<void> {
    await this.client.collectionExists(this.options.collection);
  }

  async close(): Promise<void> {}
}
