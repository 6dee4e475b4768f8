import { connectMongo, mongoLifecycle, openConfiguredStorage, openSqlite, sqliteLifecycle, type BaseEnv, type StorageLifecycle } from '@story/service-kit';
import { MongoUserRepository } from '../accounts/mongo-user.repository.ts';
import { SqliteUserRepository } from '../accounts/sqlite-user.repository.ts';
import type { UserRepository } from '../accounts/user.repository.ts';
import { MongoSessionRepository } from '../sessions/mongo-session.repository.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import { SqliteSessionRepository } from '../sessions/sqlite-session.repository.ts';
import { MongoUserTypeSettingRepository } from '../user-type-settings/mongo-user-type-setting.repository.ts';
import { SqliteUserTypeSettingRepository } from '../user-type-settings/sqlite-user-type-setting.repository.ts';
import type { UserTypeSettingRepository } from '../user-type-settings/user-type-setting.repository.ts';
import { AUTH_SQLITE_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the auth service stores, a repository per aggregate over one database. */
export interface AuthStorage extends StorageLifecycle {
  users: UserRepository;
  sessions: SessionRepository;
  settings: UserTypeSettingRepository;
}

/** The embedded store: auth.sqlite (`:memory:` for throwaway stores), migrated and seeded on open. */
export function openSqliteAuthStorage(file: string): AuthStorage {
  const db = openSqlite(file, AUTH_SQLITE_MIGRATIONS);
  return {
    ...sqliteLifecycle(db),
    users: new SqliteUserRepository(db),
    sessions: new SqliteSessionRepository(db),
    settings: new SqliteUserTypeSettingRepository(db),
  };
}

/** The production store: the service's own MongoDB database, indexes built and settings seeded on open. */
export async function openMongoAuthStorage(url: string, dbName = 'auth'): Promise<AuthStorage> {
  const connection = await connectMongo(url, dbName);
  const users = new MongoUserRepository(connection);
  const sessions = new MongoSessionRepository(connection);
  const settings = new MongoUserTypeSettingRepository(connection);
  await Promise.all([users.init(), sessions.init(), settings.init()]);
  return { ...mongoLifecycle(connection), users, sessions, settings };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `auth.sqlite` under DATA_DIR. */
export async function openAuthStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>): Promise<AuthStorage> {
  return openConfiguredStorage(config, 'auth', { sqlite: openSqliteAuthStorage, mongodb: openMongoAuthStorage });
}
