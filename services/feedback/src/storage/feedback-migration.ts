import { field, type ServiceMigration } from '@story/service-kit';
import { mockInterviewDocSchema } from '../mock-interviews/mock-interview.repository.ts';
import { openMongoFeedbackStorage } from './feedback-storage.ts';
import { FEEDBACK_MIGRATIONS } from './sqlite-migrations.ts';

/** What of feedback moves to MongoDB (`make migrate-to-mongo`): every answer's feedback and every mock interview. */
export const FEEDBACK_MIGRATION: ServiceMigration = {
  service: 'feedback',
  sqliteMigrations: FEEDBACK_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoFeedbackStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'answer_feedback',
      table: 'answer_feedback',
      key: ['answer_id'],
      idColumn: 'answer_id',
      fields: [
        field('user_id', 'int'),
        field('thread_id', 'int'),
        field('snippet_id', 'int'),
        field('question_key', 'text'),
        field('question', 'text'),
        field('answer', 'text'),
        field('source', 'text'),
        field('engine', 'text'),
        field('overall', 'real'),
        // JSON text on both engines.
        field('findings', 'text'),
        field('answered_at', 'text'),
        field('scored_at', 'text'),
      ],
    },
    {
      collection: 'mock_interviews',
      table: 'mock_interviews',
      key: ['id'],
      idColumn: 'id',
      counter: 'mock_interviews',
      fields: [field('user_id', 'int'), field('job_description_id', 'int'), field('version', 'int'), field('doc', 'text')],
      // MongoDB keeps the creation time only inside the document.
      sqliteOnly: ['created_at'],
      deriveColumns: (row) => ({ created_at: mockInterviewDocSchema.parse(JSON.parse(String(row.doc))).createdAt }),
    },
  ],
};
