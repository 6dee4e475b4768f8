import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoAuthStorage } from './auth-storage.ts';
import { AUTH_SQLITE_MIGRATIONS } from './sqlite-migrations.ts';

/**
 * What of auth moves to MongoDB (`make migrate-to-mongo`): accounts, sessions (people stay signed in),
 * the plans' settings (the copied ones replace those seeded on open), plan requests and events not yet published.
 * Leases (an export in progress) and `password_resets` (a link lives an hour; a person asks again) stay behind.
 */
export const AUTH_MIGRATION: ServiceMigration = {
  service: 'auth',
  sqliteMigrations: AUTH_SQLITE_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoAuthStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'users',
      table: 'users',
      key: ['id'],
      idColumn: 'id',
      counter: 'users',
      fields: [
        field('email', 'text'),
        field('email_lower', 'text'),
        field('first_name', 'text'),
        field('last_name', 'text'),
        // Absent rather than null: the unique index on googleId is sparse.
        field('password_hash', 'text', true),
        field('google_id', 'text', true),
        field('is_admin', 'bool'),
        field('user_type', 'text'),
        field('requested_plan', 'text'),
        field('auth_provider', 'text'),
        field('created_at', 'date'),
      ],
    },
    {
      collection: 'sessions',
      table: 'sessions',
      key: ['id'],
      idColumn: 'id',
      fields: [field('user_id', 'int'), field('created_at', 'date'), field('expires_at', 'date'), field('revoked_at', 'date')],
    },
    {
      collection: 'user_type_settings',
      table: 'user_type_settings',
      key: ['id'],
      idColumn: 'id',
      counter: 'user_type_settings',
      seededUnique: ['user_type'],
      fields: [
        field('user_type', 'text'),
        field('time_limit', 'int'),
        field('response_type', 'text'),
        field('monthly_minutes', 'real', true),
        field('features', 'json', true),
        field('created_at', 'date'),
        field('updated_at', 'date'),
      ],
    },
    {
      collection: 'plan_requests',
      table: 'plan_requests',
      key: ['id'],
      idColumn: 'id',
      counter: 'plan_requests',
      fields: [
        field('user_id', 'int'),
        field('user_type', 'text'),
        field('from_user_type', 'text'),
        field('status', 'text'),
        field('created_at', 'date'),
        field('decided_at', 'date'),
        field('decided_by', 'int'),
        field('told_at', 'date'),
      ],
    },
    OUTBOX_TABLE_SPEC,
  ],
};
