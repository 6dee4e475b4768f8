import type { Connection } from 'mongoose';
import { storageKind, type BaseEnv } from './config.ts';
import type { ReadinessCheck } from './http-app.ts';
import { mongoReadiness } from './mongo.ts';
import { sqliteFile, sqliteReadiness, type SqliteDatabase } from './sqlite.ts';

/** What every service's storage answers besides its repositories: its engine, whether it is ready, and how to close it. */
export interface StorageLifecycle {
  kind: 'sqlite' | 'mongodb';
  readiness: ReadinessCheck;
  close(): Promise<void>;
}

/** The lifecycle of an embedded store over one SQLite file. */
export function sqliteLifecycle(db: SqliteDatabase): StorageLifecycle {
  return {
    kind: 'sqlite',
    readiness: sqliteReadiness(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/** The lifecycle of a production store over the service's own MongoDB database. */
export function mongoLifecycle(connection: Connection): StorageLifecycle {
  return { kind: 'mongodb', readiness: mongoReadiness(connection), close: () => connection.close() };
}

/** How a service opens its store on each engine. */
export interface StorageOpeners<S> {
  sqlite(file: string): S;
  mongodb(url: string, dbName: string): Promise<S>;
}

/** The configured store of `service`: MongoDB (its database named after it) when MONGODB_URL is set, else `<service>.sqlite` under DATA_DIR. */
export async function openConfiguredStorage<S>(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string, open: StorageOpeners<S>): Promise<S> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) return open.mongodb(config.MONGODB_URL, service);
  return open.sqlite(sqliteFile(config.DATA_DIR, service));
}
