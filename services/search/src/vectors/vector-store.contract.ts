import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyVector, vectorAlong } from '@story/testing/fixtures/vectors';
import type { ExportableVectorStore, StoryVector } from './vector-store.ts';

/** A vector store to run the contract against, and how to throw it away. */
export interface VectorStoreUnderTest {
  store: ExportableVectorStore;
  cleanup(): Promise<void>;
}

/**
 * What every VectorStore must do (the embedded store always, Qdrant when one is reachable): exact
 * cosine ranking over one user's visible vectors of one embedder, hide and show, remove, replace.
 * Story ids are unique per test so the suite can share one store.
 */
export function vectorStoreContract(name: string, open: () => Promise<VectorStoreUnderTest>): void {
  describe(`VectorStore contract: ${name}`, () => {
    let under: VectorStoreUnderTest;
    let store: ExportableVectorStore;
    let nextId = 100;
    let nextUser = 900;
    const newUser = () => ++nextUser;
    const entry = (userId: number, vector: Float32Array, extra: Partial<StoryVector> = {}): StoryVector => storyVector(++nextId, userId, vector, extra);

    beforeAll(async () => {
      under = await open();
      store = under.store;
      await store.init();
    });
    afterAll(async () => under.cleanup());

    it('ranks the user’s vectors by cosine similarity, best first, with the similarity', async () => {
      const user = newUser();
      const close = entry(user, vectorAlong(0, 1, 0.1));
      const closer = entry(user, vectorAlong(0, 1, 0.01));
      const far = entry(user, vectorAlong(5));
      await store.upsert([close, closer, far, entry(newUser(), vectorAlong(0))]);
      const hits = await store.search(user, 'e1', vectorAlong(0), 10);
      expect(hits.map((hit) => hit.storyId)).toEqual([closer.storyId, close.storyId, far.storyId]);
      expect(hits[0]?.similarity).toBeCloseTo(1, 3);
      expect(hits[2]?.similarity).toBeCloseTo(0, 3);
      expect(await store.search(user, 'e1', vectorAlong(0), 1)).toHaveLength(1);
    });

    it('compares only vectors of one embedder, and never another user’s', async () => {
      const user = newUser();
      const mine = entry(user, vectorAlong(2), { embedder: 'e1' });
      const otherEmbedder = entry(user, vectorAlong(2), { embedder: 'e2' });
      await store.upsert([mine, otherEmbedder]);
      expect((await store.search(user, 'e1', vectorAlong(2), 10)).map((hit) => hit.storyId)).toEqual([mine.storyId]);
      expect((await store.search(user, 'e2', vectorAlong(2), 10)).map((hit) => hit.storyId)).toEqual([otherEmbedder.storyId]);
      expect(await store.search(newUser(), 'e1', vectorAlong(2), 10)).toEqual([]);
    });

    it('hides, shows, replaces and removes vectors', async () => {
      const user = newUser();
      const a = entry(user, vectorAlong(3));
      const b = entry(user, vectorAlong(3, 4, 0.5), { hidden: true });
      await store.upsert([a, b]);
      const ids = async () => (await store.search(user, 'e1', vectorAlong(3), 10)).map((hit) => hit.storyId);
      expect(await ids()).toEqual([a.storyId]);
      await store.setHidden([b.storyId], false);
      expect(await ids()).toEqual([a.storyId, b.storyId]);
      await store.setHidden([a.storyId], true);
      expect(await ids()).toEqual([b.storyId]);
      // A new vector for the same story replaces the old one.
      await store.upsert([{ ...b, hidden: false, vector: vectorAlong(7) }]);
      expect(await store.search(user, 'e1', vectorAlong(7), 10)).toEqual([{ storyId: b.storyId, similarity: expect.closeTo(1, 3) }]);
      await store.remove([b.storyId, 999_999]);
      await store.setHidden([a.storyId], false);
      expect(await ids()).toEqual([a.storyId]);
      await store.remove([]);
      await store.setHidden([], true);
    });

    it('reads its vectors back whole, counted and in story-id order, page by page (make migrate-to-mongo)', async () => {
      const user = newUser();
      const before = await store.countVectors();
      const [a, b, c] = [entry(user, vectorAlong(8)), entry(user, vectorAlong(9), { hidden: true, embedder: 'e2' }), entry(user, vectorAlong(10))];
      if (!a || !b || !c) throw new Error('three entries');
      await store.upsert([c, a, b]);
      expect(await store.countVectors()).toBe(before + 3);
      const first = await store.vectorsAfter(a.storyId - 1, 2);
      expect(first.map(({ vector: _vector, ...rest }) => rest)).toEqual([
        { storyId: a.storyId, userId: user, embedder: 'e1', hidden: false },
        { storyId: b.storyId, userId: user, embedder: 'e2', hidden: true },
      ]);
      expect(first[1]?.vector[9]).toBeCloseTo(1, 5);
      expect((await store.vectorsAfter(b.storyId, 2)).map((found) => found.storyId)).toEqual([c.storyId]);
      expect((await store.vectorsAfter(undefined, 1_000_000)).length).toBe(before + 3);
    });
  });
}
