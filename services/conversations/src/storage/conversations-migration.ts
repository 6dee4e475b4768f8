import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoConversationsStorage } from './conversations-storage.ts';
import { CONVERSATIONS_MIGRATIONS } from './sqlite-migrations.ts';

/**
 * What of conversations moves to MongoDB (`make migrate-to-mongo`): threads, their messages and the
 * spoken replies (the audio itself is in `conversation_audio`, no file on disk), snippet conversations,
 * each person's write version and events not yet published. Leases and idempotency keys (a retry's
 * memory of a few minutes) stay behind.
 */
export const CONVERSATIONS_MIGRATION: ServiceMigration = {
  service: 'conversations',
  sqliteMigrations: CONVERSATIONS_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoConversationsStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'threads',
      table: 'threads',
      key: ['id'],
      idColumn: 'id',
      counter: 'threads',
      fields: [
        field('user_id', 'int'),
        field('title', 'text'),
        field('title_source', 'text'),
        field('created_at', 'text'),
        field('last_updated', 'text'),
        field('deleted_at', 'text'),
      ],
    },
    {
      // The messages: a saved question and its reply.
      collection: 'conversations',
      table: 'conversations',
      key: ['id'],
      idColumn: 'id',
      counter: 'conversations',
      fields: [
        field('thread_id', 'int'),
        field('user_id', 'int'),
        field('user_message', 'text'),
        field('ai_response', 'text'),
        field('status', 'text'),
        field('answer_id', 'text', true),
        field('created_at', 'text'),
      ],
    },
    {
      collection: 'conversation_audio',
      table: 'conversation_audio',
      key: ['message_id'],
      idColumn: 'message_id',
      fields: [field('thread_id', 'int'), field('user_id', 'int'), field('byte_size', 'int'), field('audio', 'text')],
    },
    {
      collection: 'snippet_conversations',
      table: 'snippet_conversations',
      key: ['id'],
      idColumn: 'id',
      counter: 'snippet_conversations',
      fields: [
        field('snippet_id', 'int'),
        field('user_id', 'int'),
        field('conversation_history', 'json'),
        field('created_at', 'text'),
        field('updated_at', 'text'),
      ],
    },
    { collection: 'quota_guards', table: 'quota_guards', key: ['user_id'], idColumn: 'user_id', fields: [field('writes', 'int')] },
    OUTBOX_TABLE_SPEC,
  ],
};
