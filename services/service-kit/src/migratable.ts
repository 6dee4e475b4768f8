import type { Types } from 'mongoose';
import type { SqliteDatabase } from './sqlite.ts';

type ObjectId = Types.ObjectId;

/**
 * One record on its way from one store to another, in the shape of the embedded store's row (SQLite
 * column names; JSON columns as text, flags as 0/1, times as ISO strings). Each engine maps it to its
 * own documents, so a record read from either engine can be written to either.
 */
export type MigrationRow = Record<string, unknown>;

/** A page of records in key order and the key to continue after (undefined: nothing more). */
export interface MigrationPage {
  rows: MigrationRow[];
  lastKey: string | undefined;
}

/**
 * One collection of a store as a migration sees it: counted, read page by page in a stable key order
 * and written idempotently (an upsert by primary key, ids, times and versions kept as they were).
 */
export interface Migratable {
  readonly collection: string;
  count(): Promise<number>;
  /** The records after `afterKey` (a key this store returned before; undefined: from the start). */
  exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage>;
  importRows(rows: readonly MigrationRow[]): Promise<void>;
}

/** How a column reads on each engine: SQLite's storage class against MongoDB's BSON type. */
export type FieldKind = 'int' | 'real' | 'text' | 'bool' | 'date' | 'json';

/** A column of a table and the field of its MongoDB document. */
export interface FieldSpec {
  column: string;
  field: string;
  kind: FieldKind;
  /** Left out of the document when null (fields the service writes only when it has a value). */
  optional?: boolean;
}

/**
 * One table of a service's SQLite file and its MongoDB collection. The document's `_id` is the single
 * key column (`idColumn`) or made from the key columns (`composeId`, those columns then kept as fields);
 * `counter` names the sequence that numbers new rows on MongoDB, raised past the copied ids.
 */
export interface TableSpec {
  collection: string;
  table: string;
  /** The primary key's columns, in order; `rowid` for a table without one. */
  key: readonly string[];
  fields: readonly FieldSpec[];
  idColumn?: string;
  composeId?: (row: MigrationRow) => string | number | ObjectId;
  /** The key columns a composed `_id` stands for (MongoDB to SQLite). */
  splitId?: (id: unknown) => MigrationRow;
  mongoCollection?: string;
  counter?: string;
  /** Unique columns whose seeded rows (made when a store opens) give way to the copied ones. */
  seededUnique?: readonly string[];
  /** Columns of the SQLite table that the MongoDB document does without, and how to make them from a document's row. */
  sqliteOnly?: readonly string[];
  deriveColumns?: (row: MigrationRow) => MigrationRow;
  /** After rows are written to SQLite (e.g. keep a full-text index in step). */
  afterSqliteImport?: (db: SqliteDatabase, rows: readonly MigrationRow[]) => void;
}

/** Everything of one service's store that moves: its tables, and how to open each engine's store so its schema, indexes and seeds exist. */
export interface ServiceMigration {
  service: string;
  tables: readonly TableSpec[];
  sqliteMigrations: readonly string[];
  /** Opens (then closes) the service's MongoDB store once, so collections, indexes and seeds exist. */
  prepareMongo(url: string, dbName: string): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table of a SQLite file as a Migratable: key order by the primary key (row values compared as a tuple). */
export class SqliteTableMigratable implements Migratable {
  readonly collection: string;
  private readonly columns: string[];
  private readonly sql;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly spec: TableSpec,
  ) {
    this.collection = spec.collection;
    const keyColumns = spec.key.filter((column) => column !== 'rowid');
    this.columns = [
      ...new Set([...(spec.idColumn ? [spec.idColumn] : []), ...keyColumns, ...spec.fields.map((field) => field.column), ...(spec.sqliteOnly ?? [])]),
    ];
    const table = quote(spec.table);
    const keyList = spec.key.map(quote).join(', ');
    const keyTuple = spec.key.length === 1 ? keyList : `(${keyList})`;
    const params = spec.key.map(() => '?').join(', ');
    const paramTuple = spec.key.length === 1 ? params : `(${params})`;
    const select = `SELECT ${spec.key.includes('rowid') ? 'rowid AS rowid, ' : ''}* FROM ${table}`;
    const columns = spec.key.includes('rowid') ? ['rowid', ...this.columns] : this.columns;
    const updates = this.columns.filter((column) => !spec.key.includes(column)).map((column) => `${quote(column)} = excluded.${quote(column)}`);
    const insert = `INSERT INTO ${table} (${columns.map(quote).join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`;
    this.sql = {
      count: db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`),
      first: db.prepare<[number], MigrationRow>(`${select} ORDER BY ${keyList} LIMIT ?`),
      after: db.prepare<unknown[], MigrationRow>(`${select} WHERE ${keyTuple} > ${paramTuple} ORDER BY ${keyList} LIMIT ?`),
      // A table keyed by its rowid has no child rows: replacing one is an upsert. Others update in place,
      // so a row's children (ON DELETE CASCADE) stay.
      upsert: db.prepare<[MigrationRow]>(
        spec.key.includes('rowid') || updates.length === 0
          ? insert.replace('INSERT INTO', 'INSERT OR REPLACE INTO')
          : `${insert} ON CONFLICT (${keyList}) DO UPDATE SET ${updates.join(', ')}`,
      ),
      yieldSeeded: (spec.seededUnique ?? []).map((column) =>
        db.prepare<[unknown, ...unknown[]]>(`DELETE FROM ${table} WHERE ${quote(column)} = ? AND ${keyTuple} <> ${paramTuple}`),
      ),
    };
  }

  async count(): Promise<number> {
    return this.sql.count.get()?.n ?? 0;
  }

  async exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage> {
    const rows = afterKey === undefined ? this.sql.first.all(limit) : this.sql.after.all(...(JSON.parse(afterKey) as unknown[]), limit);
    const last = rows.at(-1);
    return { rows, lastKey: last ? JSON.stringify(this.spec.key.map((column) => last[column])) : undefined };
  }

  async importRows(rows: readonly MigrationRow[]): Promise<void> {
    const { spec } = this;
    this.db.transaction(() => {
      for (const row of rows) {
        const keyValues = spec.key.map((column) => row[column]);
        for (const [index, column] of (spec.seededUnique ?? []).entries()) this.sql.yieldSeeded[index]?.run(row[column], ...keyValues);
        const values: MigrationRow = {};
        for (const column of spec.key.includes('rowid') ? ['rowid', ...this.columns] : this.columns) values[column] = row[column] ?? null;
        this.sql.upsert.run(values);
      }
      spec.afterSqliteImport?.(this.db, rows);
    })();
  }
}

/** The outbox of events not yet published (the same table and collection in every service that has one). */
export const OUTBOX_TABLE_SPEC: TableSpec = {
  collection: 'outbox',
  table: 'outbox',
  key: ['id'],
  idColumn: 'id',
  counter: 'outbox',
  fields: [
    { column: 'subject', field: 'subject', kind: 'text' },
    { column: 'payload', field: 'payload', kind: 'text' },
    { column: 'created_at', field: 'createdAt', kind: 'text' },
    { column: 'published_at', field: 'publishedAt', kind: 'text' },
    // The request that wrote the event, so its consumers' spans join that trace once it is published.
    { column: 'trace_parent', field: 'traceParent', kind: 'text' },
  ],
};

/** A field whose column name is the field name in snake case (`user_id` and `userId`). */
export const field = (column: string, kind: FieldKind, optional = false): FieldSpec => ({
  column,
  field: column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
  kind,
  ...(optional ? { optional } : {}),
});
