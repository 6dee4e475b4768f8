import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { findQdrant, tempDataDir } from '@story/testing/service-under-test';
import { afterAll, describe, it } from 'vitest';
import { EMBEDDING_DIMENSIONS } from '../embedding/embedder.ts';
import { EmbeddedVectorStore } from './embedded-vector.store.ts';
import { QdrantVectorStore } from './qdrant-vector.store.ts';
import { vectorStoreContract } from './vector-store.contract.ts';

vectorStoreContract('embedded (SQLite and memory)', async () => {
  const dir = tempDataDir('search-vectors-');
  const store = EmbeddedVectorStore.open(join(dir, 'vectors.sqlite'), EMBEDDING_DIMENSIONS, 64);
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const qdrant = await findQdrant();
if ('url' in qdrant) {
  afterAll(async () => qdrant.stop());
  vectorStoreContract('Qdrant', async () => {
    const collection = `contract_${randomUUID().slice(0, 8)}`;
    const store = new QdrantVectorStore({ url: qdrant.url, collection, dimensions: EMBEDDING_DIMENSIONS });
    return { store, cleanup: async () => store.close() };
  });
} else {
  process.stdout.write(`\n[search] Qdrant contract suite SKIPPED: ${qdrant.skipped}\n\n`);
  describe.skip('VectorStore contract: Qdrant (skipped: set QDRANT_URL or start a container runtime)', () => {
    it('runs the same contract against Qdrant', () => undefined);
  });
}
