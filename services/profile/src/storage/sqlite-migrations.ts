import { OUTBOX_TABLE_SQL } from '@story/service-kit';

/**
 * Schema of the profile SQLite file; each entry runs once, in order (PRAGMA user_version). A résumé's
 * versions are rows of their own, its content JSON validated by proto's schema on the way in.
 */
export const PROFILE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE resumes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    file_name TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at TEXT NOT NULL,
    latest_version INTEGER NOT NULL,
    bullet_threads TEXT NOT NULL DEFAULT '{}',
    dismissed TEXT NOT NULL DEFAULT '[]',
    suggestions TEXT
  );
  CREATE INDEX resumes_by_user ON resumes (user_id, id DESC);

  CREATE TABLE resume_versions (
    resume_id INTEGER NOT NULL REFERENCES resumes (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    content TEXT NOT NULL,
    reviewed INTEGER NOT NULL,
    note TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (resume_id, version)
  );

  ${OUTBOX_TABLE_SQL}
  `,
  // The public profile (issue 24): one published snapshot per person at a unique address, and the
  // custom-name changes counted for their rate limit.
  `
  CREATE TABLE public_profiles (
    user_id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    custom_name INTEGER NOT NULL,
    content TEXT NOT NULL,
    published_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE public_profile_name_changes (
    user_id INTEGER NOT NULL,
    changed_at TEXT NOT NULL
  );
  CREATE INDEX public_profile_name_changes_by_user ON public_profile_name_changes (user_id, changed_at);
  `,
  // Issue 36: what each résumé's versions weigh (their content JSON in bytes), for the per-person quota.
  `
  ALTER TABLE resumes ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
  UPDATE resumes SET stored_bytes = (SELECT coalesce(sum(length(CAST(content AS BLOB))), 0) FROM resume_versions WHERE resume_id = resumes.id);
  `,
  // Issue 36: a profile address its owner released, held for them (30 days) so that nobody else
  // takes it and shows their page at the owner's old link.
  `
  CREATE TABLE public_profile_name_holds (
    slug TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    released_at TEXT NOT NULL
  );
  CREATE INDEX public_profile_name_holds_by_user ON public_profile_name_holds (user_id);
  CREATE INDEX public_profile_name_holds_by_release ON public_profile_name_holds (released_at);
  `,
];
