import { openConfiguredStorage, openMongoWithOutbox, openSqliteWithOutbox, type BaseEnv, type OutboxStore, type StorageLifecycle } from '@story/service-kit';
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
  return openSqliteWithOutbox(file, SPEECH_MIGRATIONS, (db, outbox) => ({ usage: new SqliteUsageLedgerRepository(db, outbox) }));
}

/** The production store: the service's own MongoDB database (a replica set: a count and its event use a transaction). */
export async function openMongoSpeechStorage(url: string, dbName: string): Promise<SpeechStorage> {
  return openMongoWithOutbox(url, dbName, (connection, outbox) => ({ usage: new MongoUsageLedgerRepository(connection, outbox) }));
}

/** The configured store: MongoDB when MONGODB_URL is set, else `speech.sqlite` under DATA_DIR. */
export async function openSpeechStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<SpeechStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteSpeechStorage, mongodb: openMongoSpeechStorage });
}
