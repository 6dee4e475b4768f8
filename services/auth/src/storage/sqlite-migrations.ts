import { DEFAULT_TIME_LIMIT_SECONDS, USER_TYPES } from '@story/proto';
import { LEASES_TABLE_SQL, OUTBOX_TABLE_SQL } from '@story/service-kit';

const seedSettings = USER_TYPES.map(
  (userType) =>
    `INSERT INTO user_type_settings (user_type, time_limit, response_type, created_at, updated_at)
     VALUES ('${userType}', ${DEFAULT_TIME_LIMIT_SECONDS}, 'text', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));`,
).join('\n');

/** Schema versions of auth.sqlite; append, never edit a shipped entry. */
export const AUTH_SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    password_hash TEXT,
    google_id TEXT UNIQUE,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    user_type TEXT NOT NULL DEFAULT 'standard' CHECK (user_type IN ('standard', 'plus', 'pro')),
    auth_provider TEXT NOT NULL DEFAULT 'email' CHECK (auth_provider IN ('email', 'google')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX users_created_at ON users (created_at);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE INDEX sessions_user_id ON sessions (user_id);
  CREATE TABLE user_type_settings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_type TEXT NOT NULL UNIQUE CHECK (user_type IN ('standard', 'plus', 'pro')),
    time_limit INTEGER NOT NULL DEFAULT ${DEFAULT_TIME_LIMIT_SECONDS},
    response_type TEXT NOT NULL DEFAULT 'text' CHECK (response_type IN ('text', 'text_and_voice')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  ${seedSettings}
  CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reset_at TEXT NOT NULL
  );
  `,
  // Issue 21: plans. NULL monthly minutes or features mean the plan's default (DEFAULT_MONTHLY_MINUTES, DEFAULT_PLAN_FEATURES).
  `
  ALTER TABLE user_type_settings ADD COLUMN monthly_minutes REAL;
  ALTER TABLE user_type_settings ADD COLUMN features TEXT;
  ALTER TABLE users ADD COLUMN requested_plan TEXT CHECK (requested_plan IS NULL OR requested_plan IN ('standard', 'plus', 'pro'));
  `,
  // Issue 24: deleting an account writes `events.user.deleted` in the same transaction.
  OUTBOX_TABLE_SQL,
  // Issue 24: one data export at a time per person, across instances (a lease per person).
  LEASES_TABLE_SQL,
  // Issue 39: forgot password. The first schema's table was never written to: it is made again with
  // the link's token (its SHA-256 only) and lifetime; reset_at is when the link set a new password.
  `
  DROP TABLE password_resets;
  CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    reset_at TEXT
  );
  CREATE INDEX password_resets_user_id ON password_resets (user_id);
  CREATE INDEX password_resets_unused_expiry ON password_resets (expires_at) WHERE reset_at IS NULL;
  `,
  // Issue 39: plan requests, one open per person (the partial unique index). A plan chosen at sign-up
  // and not granted yet becomes an open request; users.requested_plan mirrors the open request from now on. Whether replies are spoken becomes one setting, the
  // reply type: rows never changed by an admin take the new defaults (Starter text, Essentials and Pro
  // text and voice); the others keep what they did (spoken only with both the reply type and the
  // feature), and the feature is no longer stored apart.
  `
  CREATE TABLE plan_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_type TEXT NOT NULL CHECK (user_type IN ('standard', 'plus', 'pro')),
    from_user_type TEXT NOT NULL CHECK (from_user_type IN ('standard', 'plus', 'pro')),
    status TEXT NOT NULL CHECK (status IN ('open', 'granted', 'refused', 'withdrawn')),
    created_at TEXT NOT NULL,
    decided_at TEXT,
    decided_by INTEGER,
    told_at TEXT
  );
  CREATE UNIQUE INDEX plan_requests_one_open ON plan_requests (user_id) WHERE status = 'open';
  CREATE INDEX plan_requests_open_by_age ON plan_requests (created_at) WHERE status = 'open';
  INSERT INTO plan_requests (user_id, user_type, from_user_type, status, created_at)
    SELECT id, requested_plan, user_type, 'open', created_at FROM users WHERE requested_plan IS NOT NULL AND requested_plan <> user_type;
  UPDATE users SET requested_plan = NULL WHERE requested_plan = user_type;
  UPDATE user_type_settings SET response_type = 'text_and_voice'
    WHERE user_type IN ('plus', 'pro') AND response_type = 'text' AND features IS NULL AND updated_at = created_at;
  UPDATE user_type_settings SET response_type = 'text'
    WHERE response_type = 'text_and_voice' AND features IS NOT NULL AND json_extract(features, '$.voiceReplies') = 0;
  UPDATE user_type_settings SET features = json_remove(features, '$.voiceReplies') WHERE features IS NOT NULL;
  `,
];
