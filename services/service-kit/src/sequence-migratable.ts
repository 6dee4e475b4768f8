import type { Connection } from 'mongoose';
import type { Migratable, MigrationPage, MigrationRow } from './migratable.ts';
import type { SqliteDatabase } from './sqlite.ts';

/**
 * The id sequences of a store (SQLite's `sqlite_sequence`, MongoDB's `counters`), named after their
 * tables on both engines. Copied so that an id given once is never given again: a deleted account's
 * id stays used, as it did on the source. A sequence only ever rises (the higher of the two is kept).
 */
export const SEQUENCES_COLLECTION = 'sequences';

const pageOf = (rows: MigrationRow[]): MigrationPage => ({ rows, lastKey: rows.length > 0 ? String(rows.at(-1)?.name) : undefined });

/** The sequences of a SQLite file. */
export class SqliteSequencesMigratable implements Migratable {
  readonly collection = SEQUENCES_COLLECTION;

  constructor(private readonly db: SqliteDatabase) {}

  private get hasSequences(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
  }

  async count(): Promise<number> {
    return this.hasSequences ? (this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM sqlite_sequence').get()?.n ?? 0) : 0;
  }

  async exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage> {
    if (!this.hasSequences) return pageOf([]);
    return pageOf(
      this.db.prepare<[string, number], MigrationRow>('SELECT name, seq FROM sqlite_sequence WHERE name > ? ORDER BY name LIMIT ?').all(afterKey ?? '', limit),
    );
  }

  async importRows(rows: readonly MigrationRow[]): Promise<void> {
    if (!this.hasSequences) return;
    const current = this.db.prepare<[string], { seq: number }>('SELECT seq FROM sqlite_sequence WHERE name = ?');
    const raise = this.db.prepare<[{ name: string; seq: number }]>('UPDATE sqlite_sequence SET seq = @seq WHERE name = @name AND seq < @seq');
    const insert = this.db.prepare<[string, number]>('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
    this.db.transaction(() => {
      for (const row of rows) {
        const name = String(row.name);
        const seq = Number(row.seq);
        if (current.get(name) === undefined) insert.run(name, seq);
        else raise.run({ name, seq });
      }
    })();
  }
}

/** The counters of a service's MongoDB database. */
export class MongoCountersMigratable implements Migratable {
  readonly collection = SEQUENCES_COLLECTION;

  constructor(private readonly connection: Connection) {}

  private get counters() {
    return this.connection.collection<{ _id: string; seq: number }>('counters');
  }

  async count(): Promise<number> {
    return this.counters.countDocuments();
  }

  async exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage> {
    const docs = await this.counters
      .find(afterKey === undefined ? {} : { _id: { $gt: afterKey } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return pageOf(docs.map((doc) => ({ name: doc._id, seq: doc.seq })));
  }

  async importRows(rows: readonly MigrationRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.counters.bulkWrite(
      rows.map((row) => ({ updateOne: { filter: { _id: String(row.name) }, update: { $max: { seq: Number(row.seq) } }, upsert: true } })),
    );
  }
}
