import mongoose from 'mongoose';
import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoProfileStorage } from './profile-storage.ts';
import { PROFILE_MIGRATIONS } from './sqlite-migrations.ts';

/**
 * A copied name change's id on MongoDB (an ObjectId, as the collection's own): its SQLite row id in
 * hexadecimal, zero-padded. No ObjectId MongoDB makes starts with ten zeros (they begin with the time).
 */
const ROWID_PREFIX = '0000000000';
const nameChangeId = (rowid: unknown) => new mongoose.Types.ObjectId(Number(rowid).toString(16).padStart(24, '0'));
const rowidOf = (id: unknown) => {
  const hex = id instanceof mongoose.Types.ObjectId ? id.toHexString() : '';
  return hex.startsWith(ROWID_PREFIX) ? Number.parseInt(hex, 16) : null;
};

/**
 * What of profile moves to MongoDB (`make migrate-to-mongo`): résumés with every version, public
 * profiles, the custom-name changes their rate limit counts, the addresses held for those who released
 * them, and events not yet published.
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
        field('stored_bytes', 'int'),
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
      splitId: (id) => ({ rowid: rowidOf(id) }),
      fields: [field('user_id', 'int'), field('changed_at', 'text')],
    },
    {
      collection: 'public_profile_name_holds',
      table: 'public_profile_name_holds',
      key: ['slug'],
      idColumn: 'slug',
      fields: [field('user_id', 'int'), field('released_at', 'text')],
    },
    OUTBOX_TABLE_SPEC,
  ],
};
