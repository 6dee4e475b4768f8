import { openConfiguredStorage, openMongoWithOutbox, openSqliteWithOutbox, type BaseEnv, type OutboxStore, type StorageLifecycle } from '@story/service-kit';
import { MongoPublicProfileRepository } from '../public-profile/mongo-public-profile.repository.ts';
import type { PublicProfileRepository } from '../public-profile/public-profile.repository.ts';
import { SqlitePublicProfileRepository } from '../public-profile/sqlite-public-profile.repository.ts';
import { MongoResumeRepository } from '../resumes/mongo-resume.repository.ts';
import type { ResumeRepository } from '../resumes/resume.repository.ts';
import { SqliteResumeRepository } from '../resumes/sqlite-resume.repository.ts';
import { PROFILE_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the profile service stores: résumés with their versions, the public profiles, and the outbox of its events. */
export interface ProfileStorage extends StorageLifecycle {
  resumes: ResumeRepository;
  publicProfiles: PublicProfileRepository;
  outbox: OutboxStore;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteProfileStorage(file: string): ProfileStorage {
  return openSqliteWithOutbox(file, PROFILE_MIGRATIONS, (db) => ({
    resumes: new SqliteResumeRepository(db),
    publicProfiles: new SqlitePublicProfileRepository(db),
  }));
}

/** The production store: the service's own MongoDB database. */
export async function openMongoProfileStorage(url: string, dbName: string): Promise<ProfileStorage> {
  return openMongoWithOutbox(url, dbName, (connection) => ({
    resumes: new MongoResumeRepository(connection),
    publicProfiles: new MongoPublicProfileRepository(connection),
  }));
}

/** The configured store: MongoDB when MONGODB_URL is set, else `profile.sqlite` under DATA_DIR. */
export async function openProfileStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<ProfileStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteProfileStorage, mongodb: openMongoProfileStorage });
}
