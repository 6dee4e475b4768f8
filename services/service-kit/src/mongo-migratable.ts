import mongoose, { type Connection } from 'mongoose';
import type { FieldSpec, Migratable, MigrationPage, MigrationRow, TableSpec } from './migratable.ts';

/** Ids are numbers, strings, or ObjectIds (collections whose records have no key of their own). */
type DocId = string | number | mongoose.Types.ObjectId;

/** A document's id as a checkpoint keeps it (JSON; an ObjectId as `{ "$oid": hex }`). */
const encodeId = (id: DocId): string => JSON.stringify(id instanceof mongoose.Types.ObjectId ? { $oid: id.toHexString() } : id);
function decodeId(key: string): DocId {
  const parsed: unknown = JSON.parse(key);
  if (typeof parsed === 'string' || typeof parsed === 'number') return parsed;
  if (typeof parsed === 'object' && parsed !== null && '$oid' in parsed && typeof parsed.$oid === 'string') return new mongoose.Types.ObjectId(parsed.$oid);
  throw new Error(`not a document id: ${key}`);
}
type Doc = { _id: DocId } & Record<string, unknown>;

/** A row's value as its MongoDB field holds it. */
function toField(value: unknown, spec: FieldSpec): unknown {
  if (value === null || value === undefined) return null;
  switch (spec.kind) {
    case 'bool':
      return value === 1 || value === true || value === '1';
    case 'date':
      return new Date(String(value));
    case 'json':
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    case 'int':
    case 'real':
      return Number(value);
    case 'text':
      return String(value);
  }
}

/** A MongoDB field's value as the SQLite row holds it. */
function toColumn(value: unknown, spec: FieldSpec): unknown {
  if (value === null || value === undefined) return null;
  switch (spec.kind) {
    case 'bool':
      return value ? 1 : 0;
    case 'date':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** The document a row becomes. */
export function documentOf(spec: TableSpec, row: MigrationRow): Doc {
  const doc: Doc = { _id: spec.composeId ? spec.composeId(row) : (row[spec.idColumn ?? spec.key[0] ?? 'id'] as DocId) };
  for (const field of spec.fields) {
    const value = toField(row[field.column], field);
    if (value === null && field.optional) continue;
    doc[field.field] = value;
  }
  return doc;
}

/** The row a document becomes. */
export function rowOf(spec: TableSpec, doc: Doc): MigrationRow {
  const row: MigrationRow = spec.splitId ? spec.splitId(doc._id) : { [spec.idColumn ?? spec.key[0] ?? 'id']: doc._id };
  for (const field of spec.fields) row[field.column] = toColumn(doc[field.field], field);
  return spec.deriveColumns ? { ...row, ...spec.deriveColumns(row) } : row;
}

/**
 * A collection of a service's MongoDB database as a Migratable: key order by `_id`, each record
 * written with a replace-or-insert on its `_id` (the same document however often it is written), and
 * the collection's id counter raised past the highest copied id so new records never reuse one.
 */
export class MongoCollectionMigratable implements Migratable {
  readonly collection: string;

  constructor(
    private readonly connection: Connection,
    private readonly spec: TableSpec,
  ) {
    this.collection = spec.collection;
  }

  private get documents() {
    return this.connection.collection<Doc>(this.spec.mongoCollection ?? this.spec.collection);
  }

  async count(): Promise<number> {
    return this.documents.countDocuments();
  }

  async exportPage(afterKey: string | undefined, limit: number): Promise<MigrationPage> {
    const filter = afterKey === undefined ? {} : { _id: { $gt: decodeId(afterKey) } };
    const docs = await this.documents.find(filter).sort({ _id: 1 }).limit(limit).toArray();
    const last = docs.at(-1);
    return { rows: docs.map((doc) => rowOf(this.spec, doc)), lastKey: last ? encodeId(last._id) : undefined };
  }

  async importRows(rows: readonly MigrationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const docs = rows.map((row) => documentOf(this.spec, row));
    const yieldSeeded = (this.spec.seededUnique ?? []).flatMap((column) => {
      const field = this.spec.fields.find((candidate) => candidate.column === column)?.field ?? column;
      return docs.map((doc) => ({ deleteMany: { filter: { [field]: doc[field], _id: { $ne: doc._id } } } }));
    });
    const replaces = docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }));
    await this.documents.bulkWrite([...yieldSeeded, ...replaces], { ordered: true });
    const { counter } = this.spec;
    const ids = docs.map((doc) => doc._id).filter((id): id is number => typeof id === 'number');
    if (counter && ids.length > 0) {
      const counters = this.connection.collection<{ _id: string; seq: number }>('counters');
      await counters.updateOne({ _id: counter }, { $max: { seq: Math.max(...ids) } }, { upsert: true });
    }
  }
}
