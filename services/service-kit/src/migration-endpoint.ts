import { existsSync } from 'node:fs';
import { OUTBOX_TABLE_SPEC, SqliteTableMigratable, type Migratable, type ServiceMigration } from './migratable.ts';
import { connectMongo } from './mongo.ts';
import { MongoCollectionMigratable } from './mongo-migratable.ts';
import { MongoCountersMigratable, SqliteSequencesMigratable } from './sequence-migratable.ts';
import { openSqlite, sqliteFile } from './sqlite.ts';
import { addTraceParentColumn } from './sqlite-outbox.ts';

/** Where a migration reads or writes: the SQLite files of a data folder, or a MongoDB server (a database per service). */
export type MigrationEndpoint = { kind: 'sqlite'; dataDir: string } | { kind: 'mongodb'; url: string; databasePrefix?: string };

/** The database of a service on a MongoDB endpoint: named after the service, as the services open it (a test puts a prefix before it). */
export const migrationDatabase = (endpoint: { databasePrefix?: string }, service: string): string => `${endpoint.databasePrefix ?? ''}${service}`;

/** A service's collections on one endpoint, open until `close`. */
export interface OpenMigratables {
  migratables: Migratable[];
  close(): Promise<void>;
}

/** Whether the endpoint holds anything of the service (a source without its SQLite file has nothing to copy). */
export function endpointHolds(endpoint: MigrationEndpoint, service: string): boolean {
  return endpoint.kind === 'mongodb' || existsSync(sqliteFile(endpoint.dataDir, service));
}

/**
 * Opens a service's collections on an endpoint: its SQLite file brought to the current schema, or its
 * MongoDB database after the service's own store opened it once (collections, indexes, seeds); and
 * its id sequences last, so that no id given on the source is given again on the target.
 */
export async function openMigratables(migration: ServiceMigration, endpoint: MigrationEndpoint): Promise<OpenMigratables> {
  if (endpoint.kind === 'sqlite') {
    const db = openSqlite(sqliteFile(endpoint.dataDir, migration.service), migration.sqliteMigrations);
    // The outbox's trace column is added by the outbox itself when a service starts, not by a migration.
    if (migration.tables.some((spec) => spec.table === OUTBOX_TABLE_SPEC.table)) addTraceParentColumn(db);
    return {
      migratables: [...migration.tables.map((spec) => new SqliteTableMigratable(db, spec)), new SqliteSequencesMigratable(db)],
      close: async () => {
        if (db.open) db.close();
      },
    };
  }
  const dbName = migrationDatabase(endpoint, migration.service);
  await migration.prepareMongo(endpoint.url, dbName);
  const connection = await connectMongo(endpoint.url, dbName);
  return {
    migratables: [...migration.tables.map((spec) => new MongoCollectionMigratable(connection, spec)), new MongoCountersMigratable(connection)],
    close: () => connection.close(),
  };
}
