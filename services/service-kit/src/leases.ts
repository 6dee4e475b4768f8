import mongoose, { type Connection } from 'mongoose';
import { isDuplicateKeyError } from './mongo.ts';
import type { SqliteDatabase } from './sqlite.ts';

/**
 * Named leases, so that of several instances of a service one runs a periodic job (the purge) at a
 * time. A lease is held until `now + ttl` and renewed by its owner; when it lapses another takes it.
 */
export interface LeaseStore {
  /** Takes or renews the named lease for `owner` until `nowMs + ttlMs`; false while someone else holds it. */
  acquire(name: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}

/** The leases table; a service's migration includes it. */
export const LEASES_TABLE_SQL = `
  CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
`;

/** Leases in a service's SQLite file. */
export class SqliteLeaseStore implements LeaseStore {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      take: db.prepare<[string, string, number, number]>(
        `INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.owner = excluded.owner OR leases.expires_at <= ?`,
      ),
      release: db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND owner = ?'),
    };
  }

  async acquire(name: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean> {
    // One statement: insert, or take over only when the lease is ours or has expired. SQLite runs
    // it atomically, so of two instances asking at once exactly one gets `changes === 1`.
    return this.statements.take.run(name, owner, nowMs + ttlMs, nowMs).changes === 1;
  }

  async release(name: string, owner: string): Promise<void> {
    this.statements.release.run(name, owner);
  }
}

interface LeaseDoc {
  _id: string;
  owner: string;
  expiresAt: number;
}

const leaseSchema = new mongoose.Schema<LeaseDoc>(
  { _id: String, owner: { type: String, required: true }, expiresAt: { type: Number, required: true } },
  { versionKey: false },
);

/** Leases in a service's MongoDB database. */
export class MongoLeaseStore implements LeaseStore {
  private readonly leases;

  constructor(connection: Connection) {
    this.leases = connection.model<LeaseDoc>('Lease', leaseSchema, 'leases');
  }

  async init(): Promise<void> {
    await this.leases.createCollection().catch(() => undefined);
  }

  async acquire(name: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean> {
    // The same lease as SQLite's upsert: a findOneAndUpdate that matches only a lease that is ours or
    // has expired. When someone else holds it the filter misses, the upsert tries to insert the same
    // _id, and the unique index refuses: exactly one instance wins.
    try {
      const doc = await this.leases
        .findOneAndUpdate(
          { _id: name, $or: [{ owner }, { expiresAt: { $lte: nowMs } }] },
          { $set: { owner, expiresAt: nowMs + ttlMs } },
          { upsert: true, new: true },
        )
        .lean<LeaseDoc>();
      return doc?.owner === owner;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async release(name: string, owner: string): Promise<void> {
    await this.leases.deleteOne({ _id: name, owner });
  }
}
