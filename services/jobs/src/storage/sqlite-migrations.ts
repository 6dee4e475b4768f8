import { OUTBOX_TABLE_SQL } from '@story/service-kit';

/**
 * Schema of the jobs SQLite file; each entry runs once, in order (PRAGMA user_version).
 * Timestamps are ISO 8601 UTC strings, which sort in time order as text.
 */
export const JOBS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE job_descriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    company_name TEXT NOT NULL,
    job_title TEXT NOT NULL,
    formatted_content TEXT NOT NULL,
    original_content TEXT NOT NULL,
    is_archived INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX job_descriptions_by_user ON job_descriptions (user_id, is_archived, created_at DESC, id DESC);

  CREATE TABLE job_description_snippets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_description_id INTEGER NOT NULL REFERENCES job_descriptions (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    snippet_text TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX snippets_by_job_description ON job_description_snippets (job_description_id, created_at DESC, id DESC);
  CREATE INDEX snippets_by_user ON job_description_snippets (user_id, id);

  ${OUTBOX_TABLE_SQL}
  `,
  // One per user: its `writes` is the user's write version, moved on by every insert a quota counts (JobWriteService).
  `
  CREATE TABLE quota_guards (
    user_id INTEGER PRIMARY KEY,
    writes INTEGER NOT NULL
  );
  `,
];
