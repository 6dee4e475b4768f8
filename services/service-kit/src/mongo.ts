import mongoose, { type ConnectOptions, type Connection } from 'mongoose';

/** How long an operation waits for a reachable server before it fails as an outage (a 503). */
export interface MongoTimeouts {
  /** The driver's wait for a server to take the operation (long enough for a replica set to elect a new primary). */
  serverSelectionTimeoutMS?: number;
  /** mongoose's wait, while disconnected, before it gives up on an operation it holds. */
  bufferTimeoutMS?: number;
}

/**
 * The service's own MongoDB database with majority write concern, connecting in the background: an
 * operation waits up to the timeouts for a server, then fails with an error `isStoreUnavailable` knows.
 */
export function createMongoConnection(url: string, dbName: string, timeouts: MongoTimeouts = {}): Connection {
  // bufferTimeoutMS is a connection option mongoose reads (lib/drivers/node-mongodb-native/connection.js) but its types leave out.
  const options: ConnectOptions & { bufferTimeoutMS: number } = {
    dbName,
    writeConcern: { w: 'majority' },
    serverSelectionTimeoutMS: timeouts.serverSelectionTimeoutMS ?? 10_000,
    bufferTimeoutMS: timeouts.bufferTimeoutMS ?? 10_000,
    autoIndex: true,
  };
  return mongoose.createConnection(url, options);
}

/** Connects to the service's own MongoDB database; fails when no server answers at start. */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = createMongoConnection(url, dbName);
  await connection.asPromise();
  return connection;
}

/** Numeric ids as the spec shows them, from a counters collection (atomic `$inc`). */
export async function nextSequence(connection: Connection, name: string): Promise<number> {
  const counters = connection.collection<{ _id: string; seq: number }>('counters');
  const doc = await counters.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
  const seq = doc?.seq;
  if (typeof seq !== 'number') throw new Error(`counter ${name} did not return a number`);
  return seq;
}

/** A readiness check: the server answers a ping. */
export function mongoReadiness(connection: Connection): () => Promise<void> {
  return async () => {
    const db = connection.db;
    if (!db) throw new Error('not connected');
    await db.admin().ping();
  };
}

/** MongoDB's duplicate-key error (code 11000): a unique index refused a write. */
export function isDuplicateKeyError(error: unknown): error is { code: 11000; keyPattern?: Record<string, unknown> } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** Fails unless the MongoDB at `url` answers a ping within `timeoutMs` (a tool's check before it starts). */
export async function pingMongo(url: string, timeoutMs: number): Promise<void> {
  const connection = mongoose.createConnection(url, { serverSelectionTimeoutMS: timeoutMs });
  try {
    await connection.asPromise();
    await connection.db?.admin().ping();
  } finally {
    await connection.close().catch(() => undefined);
  }
}
