import { HTTP_MESSAGES } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@story/testing/nats';
import { startTestSearch, type TestSearch } from '../../test/search-test-kit.ts';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { QdrantVectorStore } from './qdrant-vector.store.ts';

/**
 * Qdrant unreachable (issue 25, "Bad days"): the search service with its real Qdrant client pointed
 * at a port where nothing listens. A search gets a 503 with a clear message and Retry-After, not a
 * 500, and `/readyz` says not ready.
 */
let search: TestSearch;

beforeAll(async () => {
  const documents = openSqliteSearchStorage(':memory:');
  const vectors = new QdrantVectorStore({ url: `http://127.0.0.1:${await freePort()}`, collection: 'stories', dimensions: EMBEDDING_DIMENSIONS });
  search = await startTestSearch({ deps: { storage: { ...documents, vectors } } });
});
afterAll(async () => search?.close());

describe('the search service with Qdrant unreachable', () => {
  it('answers a search with 503, the message and Retry-After', async () => {
    const response = await search.app.inject({
      method: 'POST',
      url: '/api/story-query',
      headers: await search.as(7),
      payload: { query: 'database migration' },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message: HTTP_MESSAGES.temporarilyUnavailable });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('is not ready', async () => {
    expect((await search.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });
});
