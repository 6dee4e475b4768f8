import type { Connection } from 'mongoose';
import { connectMongo } from './mongo.ts';
import { MongoOutbox } from './mongo-outbox.ts';
import { openSqlite, type SqliteDatabase } from './sqlite.ts';
import { SqliteOutbox } from './sqlite-outbox.ts';
import { mongoLifecycle, sqliteLifecycle, type StorageLifecycle } from './storage-lifecycle.ts';

/** The embedded store of a service whose repositories write their events to an outbox in the same SQLite file. */
export function openSqliteWithOutbox<Parts extends object>(
  file: string,
  migrations: readonly string[],
  makeParts: (db: SqliteDatabase, outbox: SqliteOutbox) => Parts,
): StorageLifecycle & Parts & { outbox: SqliteOutbox } {
  const db = openSqlite(file, migrations);
  const outbox = new SqliteOutbox(db);
  return { ...sqliteLifecycle(db), ...makeParts(db, outbox), outbox };
}

/**
 * The production store of such a service, in its own MongoDB database (a replica set: a change and
 * its events share a transaction). Each part's collections are made up front, the outbox's first:
 * older servers cannot create collections inside a transaction.
 */
export async function openMongoWithOutbox<Parts extends Record<string, { init(): Promise<void> }>>(
  url: string,
  dbName: string,
  makeParts: (connection: Connection, outbox: MongoOutbox) => Parts,
): Promise<StorageLifecycle & Parts & { outbox: MongoOutbox }> {
  const connection = await connectMongo(url, dbName);
  const outbox = new MongoOutbox(connection);
  const parts = makeParts(connection, outbox);
  for (const part of [outbox, ...Object.values(parts)]) await part.init();
  return { ...mongoLifecycle(connection), ...parts, outbox };
}
