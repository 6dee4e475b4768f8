/**
 * Schema of the search SQLite file; each entry runs once, in order (PRAGMA user_version).
 * `version` columns hold `eventVersion` strings, which sort in event order as text.
 */
export const SEARCH_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE unified_stories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    story_key TEXT NOT NULL UNIQUE,
    source_type TEXT NOT NULL,
    content TEXT NOT NULL,
    thread_id INTEGER,
    snippet_id INTEGER,
    job_description_id INTEGER,
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    version TEXT NOT NULL,
    hidden INTEGER NOT NULL DEFAULT 0,
    embedding_generated INTEGER NOT NULL DEFAULT 0,
    embedder TEXT
  );
  CREATE INDEX unified_stories_by_user ON unified_stories (user_id);
  CREATE INDEX unified_stories_by_thread ON unified_stories (user_id, thread_id) WHERE thread_id IS NOT NULL;
  CREATE INDEX unified_stories_by_snippet ON unified_stories (user_id, snippet_id) WHERE snippet_id IS NOT NULL;
  CREATE INDEX unified_stories_by_job ON unified_stories (user_id, job_description_id) WHERE job_description_id IS NOT NULL;
  CREATE INDEX unified_stories_needing_vectors ON unified_stories (embedder, id);

  -- The lexical index: the owner as a token of its own, so a query reads only the caller's postings.
  CREATE VIRTUAL TABLE stories_fts USING fts5 (owner, content, tokenize = 'porter unicode61 remove_diacritics 2');
  -- Rank by BM25 over the content alone (the owner column weighs nothing).
  INSERT INTO stories_fts (stories_fts, rank) VALUES ('rank', 'bm25(0.0, 1.0)');

  -- What happened to the things stories belong to, whatever order the events come in.
  CREATE TABLE owner_states (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    owner_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    version TEXT NOT NULL,
    PRIMARY KEY (user_id, kind, owner_id)
  );
  `,
];
