import {
  MongoLeaseStore,
  SqliteLeaseStore,
  openConfiguredStorage,
  openMongoWithOutbox,
  openSqliteWithOutbox,
  type BaseEnv,
  type LeaseStore,
  type OutboxStore,
  type StorageLifecycle,
} from '@story/service-kit';
import type { AccountDeletionRepository } from '../account-deletion/account-deletion.repository.ts';
import { MongoAccountDeletionRepository } from '../account-deletion/mongo-account-deletion.repository.ts';
import { SqliteAccountDeletionRepository } from '../account-deletion/sqlite-account-deletion.repository.ts';
import { MongoUserRepository } from '../accounts/mongo-user.repository.ts';
import { SqliteUserRepository } from '../accounts/sqlite-user.repository.ts';
import type { UserRepository } from '../accounts/user.repository.ts';
import { MongoPasswordResetRepository } from '../password-resets/mongo-password-reset.repository.ts';
import type { PasswordResetRepository } from '../password-resets/password-reset.repository.ts';
import { SqlitePasswordResetRepository } from '../password-resets/sqlite-password-reset.repository.ts';
import { MongoPlanRequestRepository } from '../plan-requests/mongo-plan-request.repository.ts';
import type { PlanRequestRepository } from '../plan-requests/plan-request.repository.ts';
import { SqlitePlanRequestRepository } from '../plan-requests/sqlite-plan-request.repository.ts';
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
  /** Forgot-password links (issue 39, 6). */
  passwordResets: PasswordResetRepository;
  /** Requests to change plan (issue 39). */
  planRequests: PlanRequestRepository;
  /** Deletes an account with its event (issue 24). */
  accountDeletions: AccountDeletionRepository;
  /** `events.user.deleted`, until the relay publishes it. */
  outbox: OutboxStore;
  /** One data export at a time per person, whichever instance serves it (issue 24). */
  leases: LeaseStore;
}

/** The embedded store: auth.sqlite (`:memory:` for throwaway stores), migrated and seeded on open. */
export function openSqliteAuthStorage(file: string): AuthStorage {
  return openSqliteWithOutbox(file, AUTH_SQLITE_MIGRATIONS, (db, outbox) => ({
    users: new SqliteUserRepository(db),
    sessions: new SqliteSessionRepository(db),
    settings: new SqliteUserTypeSettingRepository(db),
    passwordResets: new SqlitePasswordResetRepository(db),
    planRequests: new SqlitePlanRequestRepository(db),
    accountDeletions: new SqliteAccountDeletionRepository(db, outbox),
    leases: new SqliteLeaseStore(db),
  }));
}

/** The production store: the service's own MongoDB database (a replica set: a deletion and its event share a transaction), indexes built and settings seeded on open. */
export async function openMongoAuthStorage(url: string, dbName = 'auth'): Promise<AuthStorage> {
  return openMongoWithOutbox(url, dbName, (connection, outbox) => ({
    users: new MongoUserRepository(connection),
    sessions: new MongoSessionRepository(connection),
    settings: new MongoUserTypeSettingRepository(connection),
    passwordResets: new MongoPasswordResetRepository(connection),
    planRequests: new MongoPlanRequestRepository(connection),
    accountDeletions: new MongoAccountDeletionRepository(connection, outbox),
    leases: new MongoLeaseStore(connection),
  }));
}

/** The configured store: MongoDB when MONGODB_URL is set, else `auth.sqlite` under DATA_DIR. */
export async function openAuthStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>): Promise<AuthStorage> {
  return openConfiguredStorage(config, 'auth', { sqlite: openSqliteAuthStorage, mongodb: openMongoAuthStorage });
}
