import { openSqlite, type SqliteDatabase } from '@story/service-kit';
import { normalize } from '../embedding/embedder.ts';
import { ExactTopK } from './exact-top-k.ts';
import type { ExportableVectorStore, StoryVector, VectorHit } from './vector-store.ts';

const MIGRATIONS = [
  `
  CREATE TABLE story_vectors (
    story_id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    embedder TEXT NOT NULL,
    hidden INTEGER NOT NULL DEFAULT 0,
    vector BLOB NOT NULL
  );
  CREATE INDEX story_vectors_by_user ON story_vectors (user_id, embedder, hidden);
  -- Bumped with every change to a user's vectors: a cached matrix of an older version is read again
  -- (another instance may have written the same file).
  CREATE TABLE user_vector_versions (
    user_id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
  );
  `,
];

/** One user's visible vectors of one embedder, ready to rank. */
interface UserMatrix {
  version: number;
  embedder: string;
  storyIds: number[];
  index: ExactTopK;
}

const toBlob = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
const fromBlob = (blob: Buffer) => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

/**
 * The embedded vector store: vectors in a SQLite file, each user's cached in memory as one matrix
 * (float32 for the exact scores and an int8 copy to rank fast, see ExactTopK), least recently used
 * users dropped beyond the memory budget. Exact cosine over the user's own vectors.
 */
export class EmbeddedVectorStore implements ExportableVectorStore {
  readonly kind = 'embedded';
  private readonly cache = new Map<number, UserMatrix>();
  private cachedBytes = 0;
  private readonly sql;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly dimensions: number,
    private readonly cacheBytes: number,
  ) {
    this.sql = {
      upsert: db.prepare<[number, number, string, number, Buffer]>(
        `INSERT INTO story_vectors (story_id, user_id, embedder, hidden, vector) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (story_id) DO UPDATE SET user_id = excluded.user_id, embedder = excluded.embedder, hidden = excluded.hidden, vector = excluded.vector`,
      ),
      owner: db.prepare<[number], { user_id: number }>('SELECT user_id FROM story_vectors WHERE story_id = ?'),
      setHidden: db.prepare<[number, number]>('UPDATE story_vectors SET hidden = ? WHERE story_id = ?'),
      remove: db.prepare<[number]>('DELETE FROM story_vectors WHERE story_id = ?'),
      bump: db.prepare<[number]>(
        `INSERT INTO user_vector_versions (user_id, version) VALUES (?, 1)
         ON CONFLICT (user_id) DO UPDATE SET version = version + 1`,
      ),
      version: db.prepare<[number], { version: number }>('SELECT version FROM user_vector_versions WHERE user_id = ?'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM story_vectors'),
      after: db.prepare<[number, number], { story_id: number; user_id: number; embedder: string; hidden: number; vector: Buffer }>(
        'SELECT story_id, user_id, embedder, hidden, vector FROM story_vectors WHERE story_id > ? ORDER BY story_id LIMIT ?',
      ),
      load: db.prepare<[number, string], { story_id: number; vector: Buffer }>(
        'SELECT story_id, vector FROM story_vectors WHERE user_id = ? AND embedder = ? AND hidden = 0 ORDER BY story_id',
      ),
    };
  }

  /** Opens (creating) the store's SQLite file. */
  static open(file: string, dimensions: number, cacheMegabytes: number): EmbeddedVectorStore {
    return new EmbeddedVectorStore(openSqlite(file, MIGRATIONS), dimensions, cacheMegabytes * 1024 * 1024);
  }

  async init(): Promise<void> {}

  async upsert(vectors: readonly StoryVector[]): Promise<void> {
    this.db.transaction(() => {
      const users = new Set<number>();
      for (const entry of vectors) {
        if (entry.vector.length !== this.dimensions) throw new Error(`a vector of ${entry.vector.length} dimensions, expected ${this.dimensions}`);
        const previous = this.sql.owner.get(entry.storyId)?.user_id;
        if (previous !== undefined) users.add(previous);
        this.sql.upsert.run(entry.storyId, entry.userId, entry.embedder, entry.hidden ? 1 : 0, toBlob(normalize(Float32Array.from(entry.vector))));
        users.add(entry.userId);
      }
      for (const user of users) this.sql.bump.run(user);
    })();
  }

  async setHidden(storyIds: readonly number[], hidden: boolean): Promise<void> {
    this.changeEach(storyIds, (id) => this.sql.setHidden.run(hidden ? 1 : 0, id));
  }

  async remove(storyIds: readonly number[]): Promise<void> {
    this.changeEach(storyIds, (id) => this.sql.remove.run(id));
  }

  async search(userId: number, embedder: string, query: Float32Array, limit: number): Promise<VectorHit[]> {
    const matrix = this.matrixOf(userId, embedder);
    return matrix.index.top(query, limit).map((hit) => ({ storyId: matrix.storyIds[hit.row] ?? 0, similarity: hit.score }));
  }

  async countVectors(): Promise<number> {
    return this.sql.count.get()?.n ?? 0;
  }

  async vectorsAfter(afterStoryId: number | undefined, limit: number): Promise<StoryVector[]> {
    return this.sql.after.all(afterStoryId ?? -1, limit).map((row) => ({
      storyId: row.story_id,
      userId: row.user_id,
      embedder: row.embedder,
      hidden: row.hidden === 1,
      vector: fromBlob(row.vector),
    }));
  }

  async readiness(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.cache.clear();
    if (this.db.open) this.db.close();
  }

  private changeEach(storyIds: readonly number[], change: (id: number) => void): void {
    this.db.transaction(() => {
      const users = new Set<number>();
      for (const id of storyIds) {
        const owner = this.sql.owner.get(id)?.user_id;
        if (owner === undefined) continue;
        change(id);
        users.add(owner);
      }
      for (const user of users) this.sql.bump.run(user);
    })();
  }

  /** The user's matrix, read again when the stored version moved on (a write here or by another instance). */
  private matrixOf(userId: number, embedder: string): UserMatrix {
    const version = this.sql.version.get(userId)?.version ?? 0;
    const cached = this.cache.get(userId);
    if (cached && cached.version === version && cached.embedder === embedder) {
      // Most recently used last: a Map keeps insertion order.
      this.cache.delete(userId);
      this.cache.set(userId, cached);
      return cached;
    }
    if (cached) this.forget(userId, cached);
    const rows = this.sql.load.all(userId, embedder);
    const matrix: UserMatrix = {
      version,
      embedder,
      storyIds: rows.map((row) => row.story_id),
      index: new ExactTopK(
        rows.map((row) => fromBlob(row.vector)),
        this.dimensions,
      ),
    };
    this.cache.set(userId, matrix);
    this.cachedBytes += matrix.index.bytes;
    for (const [user, entry] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes || user === userId) break;
      this.forget(user, entry);
    }
    return matrix;
  }

  private forget(userId: number, matrix: UserMatrix): void {
    this.cache.delete(userId);
    this.cachedBytes -= matrix.index.bytes;
  }
}
