import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoJobsStorage } from './jobs-storage.ts';
import { JOBS_MIGRATIONS } from './sqlite-migrations.ts';

/** What of jobs moves to MongoDB (`make migrate-to-mongo`): job descriptions, their snippets, each person's write version and events not yet published. */
export const JOBS_MIGRATION: ServiceMigration = {
  service: 'jobs',
  sqliteMigrations: JOBS_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoJobsStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'job_descriptions',
      table: 'job_descriptions',
      key: ['id'],
      idColumn: 'id',
      counter: 'job_descriptions',
      fields: [
        field('user_id', 'int'),
        field('company_name', 'text'),
        field('job_title', 'text'),
        field('formatted_content', 'text'),
        field('original_content', 'text'),
        field('is_archived', 'bool'),
        field('created_at', 'text'),
      ],
    },
    {
      collection: 'job_description_snippets',
      table: 'job_description_snippets',
      key: ['id'],
      idColumn: 'id',
      counter: 'job_description_snippets',
      fields: [field('job_description_id', 'int'), field('user_id', 'int'), field('snippet_text', 'text'), field('created_at', 'text')],
    },
    { collection: 'quota_guards', table: 'quota_guards', key: ['user_id'], idColumn: 'user_id', fields: [field('writes', 'int')] },
    OUTBOX_TABLE_SPEC,
  ],
};
