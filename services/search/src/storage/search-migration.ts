import { field, type MigrationRow, type ServiceMigration, type SqliteDatabase } from '@story/service-kit';
import { openMongoSearchStorage } from './search-storage.ts';
import { SEARCH_MIGRATIONS } from './sqlite-migrations.ts';

/** Copied stories enter the SQLite full-text index as the story repository enters them (the owner as a token of its own). */
function indexCopiedStories(db: SqliteDatabase, rows: readonly MigrationRow[]): void {
  const remove = db.prepare<[number]>('DELETE FROM stories_fts WHERE rowid = ?');
  const insert = db.prepare<[number, string, string]>('INSERT INTO stories_fts (rowid, owner, content) VALUES (?, ?, ?)');
  for (const row of rows) {
    const id = Number(row.id);
    remove.run(id);
    insert.run(id, `u${String(row.user_id)}`, String(row.content));
  }
}

/** The states of the things stories belong to, keyed on MongoDB as `user:kind:owner`. */
function ownerStateKey(id: unknown): MigrationRow {
  const [userId, kind, ownerId] = String(id).split(':');
  return { user_id: Number(userId), kind, owner_id: Number(ownerId) };
}

/**
 * What of search moves to MongoDB (`make migrate-to-mongo`): the stories (MongoDB's text index takes
 * them in itself) and their owners' states. The vectors move to Qdrant apart (vector-migration.ts).
 */
export const SEARCH_MIGRATION: ServiceMigration = {
  service: 'search',
  sqliteMigrations: SEARCH_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoSearchStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'unified_stories',
      table: 'unified_stories',
      key: ['id'],
      idColumn: 'id',
      counter: 'unified_stories',
      fields: [
        field('user_id', 'int'),
        field('story_key', 'text'),
        field('source_type', 'text'),
        field('content', 'text'),
        field('thread_id', 'int'),
        field('snippet_id', 'int'),
        field('job_description_id', 'int'),
        field('metadata', 'json'),
        field('created_at', 'text'),
        field('version', 'text'),
        field('hidden', 'bool'),
        field('embedding_generated', 'bool'),
        field('embedder', 'text'),
      ],
      afterSqliteImport: indexCopiedStories,
    },
    {
      collection: 'owner_states',
      mongoCollection: 'story_owner_states',
      table: 'owner_states',
      key: ['user_id', 'kind', 'owner_id'],
      composeId: (row) => `${String(row.user_id)}:${String(row.kind)}:${String(row.owner_id)}`,
      splitId: ownerStateKey,
      fields: [field('state', 'text'), field('version', 'text')],
    },
  ],
};
