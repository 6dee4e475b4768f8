import { LEASES_TABLE_SQL, OUTBOX_TABLE_SQL } from '@story/service-kit';

/**
 * Schema of the conversations SQLite file; each entry runs once, in order (PRAGMA user_version).
 * Timestamps are ISO 8601 UTC strings, which sort in time order as text.
 */
export const CONVERSATIONS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE threads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    title TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_updated TEXT NOT NULL,
    deleted_at TEXT
  );
  CREATE INDEX threads_by_user ON threads (user_id, last_updated DESC, id DESC);
  CREATE INDEX threads_deleted ON threads (deleted_at) WHERE deleted_at IS NOT NULL;

  CREATE TABLE conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id INTEGER NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    user_message TEXT NOT NULL,
    ai_response TEXT NOT NULL,
    audio_response TEXT,
    status TEXT NOT NULL DEFAULT 'in_progress',
    created_at TEXT NOT NULL
  );
  CREATE INDEX conversations_by_thread ON conversations (thread_id, id);

  CREATE TABLE idempotency_keys (
    user_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    conversation_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

  ${OUTBOX_TABLE_SQL}
  ${LEASES_TABLE_SQL}

  CREATE TABLE snippet_conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    snippet_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    conversation_history TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX snippet_conversations_by_owner ON snippet_conversations (user_id, snippet_id, updated_at DESC, id DESC);
  `,
  // 2: spoken replies move out of the message rows (issue 7: a thread read carried every reply's
  // audio), and the per-user quotas get the indexes that count them without reading the audio.
  // Byte sizes of rows saved before base64 was checked are what their text would decode to.
  `
  CREATE TABLE conversation_audio (
    message_id INTEGER PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
    thread_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    byte_size INTEGER NOT NULL,
    audio TEXT NOT NULL
  );
  CREATE INDEX conversation_audio_by_user ON conversation_audio (user_id, byte_size);
  CREATE INDEX conversation_audio_by_thread ON conversation_audio (thread_id);

  INSERT INTO conversation_audio (message_id, thread_id, user_id, byte_size, audio)
  SELECT id, thread_id, user_id,
         length(audio_response) * 3 / 4 - (CASE WHEN audio_response LIKE '%==' THEN 2 WHEN audio_response LIKE '%=' THEN 1 ELSE 0 END),
         audio_response
  FROM conversations
  WHERE audio_response IS NOT NULL AND audio_response <> '';

  ALTER TABLE conversations DROP COLUMN audio_response;

  CREATE INDEX threads_active_by_user ON threads (user_id) WHERE deleted_at IS NULL;
  `,
  // 3: where a title came from (issue 11): a thread is named after its first saved exchange unless
  // the person renamed it. A title other than the default was the person's (only they could set one).
  `
  ALTER TABLE threads ADD COLUMN title_source TEXT NOT NULL DEFAULT 'default';
  UPDATE threads SET title_source = 'person' WHERE title <> 'New Conversation';
  `,
  // 4: a saved message pair keeps the id of its answer's feedback (issue 12), when the reply had one.
  `
  ALTER TABLE conversations ADD COLUMN answer_id TEXT;
  `,
  // 5: each user's write version (issue 20): the quota rules moved into the service, which counts
  // outside the write's transaction; a write commits only while the version it read is current.
  `
  CREATE TABLE quota_guards (
    user_id INTEGER PRIMARY KEY,
    writes INTEGER NOT NULL
  );
  `,
];
