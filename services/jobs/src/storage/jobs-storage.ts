import {
  MongoOutbox,
  SqliteOutbox,
  connectMongo,
  mongoReadiness,
  openSqlite,
  sqliteFile,
  sqliteReadiness,
  storageKind,
  type BaseEnv,
  type OutboxStore,
  type ReadinessCheck,
} from '@story/service-kit';
import type { JobDescriptionRepository } from '../job-descriptions/job-description.repository.ts';
import { MongoJobDescriptionRepository } from '../job-descriptions/mongo-job-description.repository.ts';
import { SqliteJobDescriptionRepository } from '../job-descriptions/sqlite-job-description.repository.ts';
import { JOBS_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the jobs service stores: job descriptions with their snippets, and the outbox of their events. */
export interface JobsStorage {
  kind: 'sqlite' | 'mongodb';
  jobDescriptions: JobDescriptionRepository;
  outbox: OutboxStore;
  readiness: ReadinessCheck;
  close(): Promise<void>;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteJobsStorage(file: string): JobsStorage {
  const db = openSqlite(file, JOBS_MIGRATIONS);
  const outbox = new SqliteOutbox(db);
  return {
    kind: 'sqlite',
    jobDescriptions: new SqliteJobDescriptionRepository(db, outbox),
    outbox,
    readiness: sqliteReadiness(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/** The production store: the service's own MongoDB database (a replica set: a deletion and its events use a transaction). */
export async function openMongoJobsStorage(url: string, dbName: string): Promise<JobsStorage> {
  const connection = await connectMongo(url, dbName);
  const outbox = new MongoOutbox(connection);
  const jobDescriptions = new MongoJobDescriptionRepository(connection, outbox);
  // Collections cannot be created inside a transaction on older servers: make them up front.
  for (const part of [outbox, jobDescriptions]) await part.init();
  return { kind: 'mongodb', jobDescriptions, outbox, readiness: mongoReadiness(connection), close: () => connection.close() };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `jobs.sqlite` under DATA_DIR. */
export async function openJobsStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<JobsStorage> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) return openMongoJobsStorage(config.MONGODB_URL, service);
  return openSqliteJobsStorage(sqliteFile(config.DATA_DIR, service));
}
