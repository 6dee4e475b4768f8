import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) a service's SQLite file and brings its schema up to date. Each entry of
 * `migrations` runs once, in order, tracked by `PRAGMA user_version`.
 */
export function openSqlite(file: string, migrations: readonly string[]): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const current = Number(db.pragma('user_version', { simple: true }));
  for (let version = current; version < migrations.length; version++) {
    const sql = migrations[version];
    if (sql === undefined) continue;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return db;
}

/** The SQLite file of a service under the data folder. */
export const sqliteFile = (dataDir: string, service: string): string => join(dataDir, `${service}.sqlite`);

/** A readiness check: the database answers a trivial query. */
export function sqliteReadiness(db: SqliteDatabase): () => void {
  return () => {
    db.prepare('SELECT 1').get();
  };
}
