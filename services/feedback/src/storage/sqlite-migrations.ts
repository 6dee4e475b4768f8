/** Schema of the feedback SQLite file; each entry runs once, in order (PRAGMA user_version). */
export const FEEDBACK_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE answer_feedback (
    answer_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    thread_id INTEGER,
    snippet_id INTEGER,
    question_key TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    source TEXT NOT NULL,
    engine TEXT NOT NULL,
    overall REAL NOT NULL,
    findings TEXT NOT NULL,
    answered_at TEXT NOT NULL,
    scored_at TEXT NOT NULL
  );
  CREATE INDEX answer_feedback_by_question ON answer_feedback (user_id, question_key, answered_at);
  CREATE INDEX answer_feedback_by_snippet ON answer_feedback (user_id, snippet_id, answered_at) WHERE snippet_id IS NOT NULL;
  CREATE INDEX answer_feedback_by_thread ON answer_feedback (user_id, thread_id) WHERE thread_id IS NOT NULL;
  `,
  // Mock interviews (issue 23): one JSON document each, with the version every write checks.
  `
  CREATE TABLE mock_interviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    job_description_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  CREATE INDEX mock_interviews_by_description ON mock_interviews (user_id, job_description_id, id);
  `,
];
