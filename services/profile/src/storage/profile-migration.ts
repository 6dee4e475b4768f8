import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoProfileStorage } from './profile-storage.ts';
import { PROFILE_MIGRATIONS } from './sqlite-migrations.ts';

/** A copied name change's id on MongoDB: its SQLite row id, padded so ids sort as numbers. */
const NAME_CHANGE_ID_PREFIX = 'sqlite:';
const nameChangeId = (rowid: unknown) => `${NAME_CHANGE_ID_PREFIX}${String(rowid).padStart(12, '0')}`;

/**
 * What of profile moves to MongoDB (`make migrate-to-mongo`): résumés with every version, public
 * profiles, the custom-name changes their rate limit counts, and events not yet published.
 */
export const PROFILE_MIGRATION: ServiceMigration = {
  service: 'profile',
  sqliteMigrations: PROFILE_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoProfileStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'resumes',
      table: 'resumes',
      key: ['id'],
      idColumn: 'id',
      counter: 'resumes',
      fields: [
        field('user_id', 'int'),
        field('file_name', 'text'),
        field('format', 'text'),
        field('created_at', 'text'),
        field('latest_version', 'int'),
        field('bullet_threads', 'json'),
        field('dismissed', 'json'),
        field('suggestions', 'json'),
      ],
    },
    {
      collection: 'resume_versions',
      table: 'resume_versions',
      key: ['resume_id', 'version'],
      composeId: (row) => `${String(row.resume_id)}:${String(row.version)}`,
      splitId: () => ({}),
      fields: [
        field('resume_id', 'int'),
        field('version', 'int'),
        field('content', 'json'),
        field('reviewed', 'bool'),
        field('note', 'text'),
        field('created_at', 'text'),
      ],
    },
    {
      collection: 'public_profiles',
      table: 'public_profiles',
      key: ['user_id'],
      idColumn: 'user_id',
      fields: [field('slug', 'text'), field('custom_name', 'bool'), field('content', 'json'), field('published_at', 'text'), field('updated_at', 'text')],
    },
    {
      // No key of its own on SQLite: the row id keys it, and names the copied document.
      collection: 'public_profile_name_changes',
      table: 'public_profile_name_changes',
      key: ['rowid'],
      composeId: (row) => nameChangeId(row.rowid),
      splitId: (id) => ({ rowid: typeof id === 'string' && id.startsWith(NAME_CHANGE_ID_PREFIX) ? Number(id.slice(NAME_CHANGE_ID_PREFIX.length)) : null }),
      fields: [field('user_id', 'int'), field('changed_at', 'text')],
    },
    OUTBOX_TABLE_SPEC,
  ],
};
