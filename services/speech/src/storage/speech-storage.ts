import {
  connectMongo,
  mongoLifecycle,
  MongoOutbox,
  openConfiguredStorage,
  openSqlite,
  sqliteLifecycle,
  SqliteOutbox,
  type BaseEnv,
  type OutboxStore,
  type StorageLifecycle,
} from '@story/service-kit';
import { MongoUsageLedgerRepository } from '../usage/mongo-usage-ledger.repository.ts';
import { SqliteUsageLedgerRepository } from '../usage/sqlite-usage-ledger.repository.ts';
import type { UsageLedgerRepository } from '../usage/usage-ledger.repository.ts';
import { SPEECH_MIGRATIONS } from './sqlite-migrations.ts';

/** What the speech front stores (issue 21): the monthly-minutes ledger and the outbox of its events. Audio is never stored here. */
export interface SpeechStorage extends StorageLifecycle {
  usage: UsageLedgerRepository;
  outbox: OutboxStore;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteSpeechStorage(file: string): SpeechStorage {
  const db = openSqlite(file, SPEECH_MIGRATIONS);
  const outbox = new SqliteOutbox(db);
  return { ...sqliteLifecycle(db), usage: new SqliteUsageLedgerRepository(db, outbox), outbox };
}

/** The production store: the service's own MongoDB database (a replica set: a count and its event use a transaction). */
export async function openMongoSpeechStorage(url: string, dbName: string): Promise<SpeechStorage> {
  const connection = await connectMongo(url, dbName);
  const outbox = new MongoOutbox(connection);
  const usage = new MongoUsageLedgerRepository(connection, outbox);
  for (const part of [outbox, usage]) await part.init();
  return { ...mongoLifecycle(connection), usage, outbox };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `speech.sqlite` under DATA_DIR. */
export async function openSpeechStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<SpeechStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteSpeechStorage, mongodb: openMongoSpeechStorage });
}
