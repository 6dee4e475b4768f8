import { openConfiguredStorage, openMongoWithOutbox, openSqliteWithOutbox, type BaseEnv, type OutboxStore, type StorageLifecycle } from '@story/service-kit';
import type { JobDescriptionRepository } from '../job-descriptions/job-description.repository.ts';
import { MongoJobDescriptionRepository } from '../job-descriptions/mongo-job-description.repository.ts';
import { SqliteJobDescriptionRepository } from '../job-descriptions/sqlite-job-description.repository.ts';
import { JOBS_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the jobs service stores: job descriptions with their snippets, and the outbox of their events. */
export interface JobsStorage extends StorageLifecycle {
  jobDescriptions: JobDescriptionRepository;
  outbox: OutboxStore;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteJobsStorage(file: string): JobsStorage {
  return openSqliteWithOutbox(file, JOBS_MIGRATIONS, (db, outbox) => ({ jobDescriptions: new SqliteJobDescriptionRepository(db, outbox) }));
}

/** The production store: the service's own MongoDB database (a replica set: a deletion and its events use a transaction). */
export async function openMongoJobsStorage(url: string, dbName: string): Promise<JobsStorage> {
  return openMongoWithOutbox(url, dbName, (connection, outbox) => ({ jobDescriptions: new MongoJobDescriptionRepository(connection, outbox) }));
}

/** The configured store: MongoDB when MONGODB_URL is set, else `jobs.sqlite` under DATA_DIR. */
export async function openJobsStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<JobsStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteJobsStorage, mongodb: openMongoJobsStorage });
}
