import type { Migratable, MigrationPage, MigrationRow } from '@story/service-kit';
import type { ExportableVectorStore } from './vector-store.ts';

/**
 * The story vectors as a Migratable (the embedded store to Qdrant, `make migrate-to-mongo`): each point
 * keeps its story id, owner, embedder and hidden flag; a vector is written as it was read (both stores
 * keep unit vectors), so a search after the move ranks as before.
 */
export class VectorMigratable implements Migratable {
  readonly collection = 'story_vectors';

  constructor(private readonly store: ExportableVectorStore) {}

  async count(): Promise<number> {
    return this.store.countVectors();
  }

  async exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage> {
    const vectors = await this.store.vectorsAfter(afterKey === undefined ? undefined : Number(afterKey), limit);
    const rows = vectors.map((entry) => ({
      story_id: entry.storyId,
      user_id: entry.userId,
      embedder: entry.embedder,
      hidden: entry.hidden ? 1 : 0,
      vector: entry.vector,
    }));
    const last = vectors.at(-1);
    return { rows, lastKey: last ? String(last.storyId) : undefined };
  }

  async importRows(rows: readonly MigrationRow[]): Promise<void> {
    await this.store.upsert(
      rows.map((row) => {
        if (!(row.vector instanceof Float32Array)) throw new Error(`story ${String(row.story_id)}: a vector row without its vector`);
        return { storyId: Number(row.story_id), userId: Number(row.user_id), embedder: String(row.embedder), hidden: row.hidden === 1, vector: row.vector };
      }),
    );
  }
}
