import { OUTBOX_TABLE_SQL } from '@story/service-kit';

/**
 * Schema of speech.sqlite (issue 21: until then the service kept nothing); each entry runs once, in
 * order (PRAGMA user_version). Times are ISO 8601 UTC strings, which sort in time order as text.
 */
export const SPEECH_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE usage_ledger (
    user_id INTEGER NOT NULL,
    recording_id TEXT NOT NULL,
    period TEXT NOT NULL,
    seconds REAL NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (user_id, recording_id)
  );
  CREATE INDEX usage_ledger_by_period ON usage_ledger (period, user_id);

  CREATE TABLE usage_holds (
    user_id INTEGER NOT NULL,
    recording_id TEXT NOT NULL,
    seconds REAL NOT NULL,
    until TEXT NOT NULL,
    PRIMARY KEY (user_id, recording_id)
  );

  ${OUTBOX_TABLE_SQL}
  `,
  // 2: a recording id is tied to its audio (issue 36). A row is keyed by `entry_key` (the id, or
  // `<id>#<n>` for other audio counted under the same id later) and keeps the id as sent and the
  // sha-256 of the audio. Rows counted before have no hash (NULL): no audio is ever the same as theirs.
  `
  CREATE TABLE usage_ledger_by_audio (
    user_id INTEGER NOT NULL,
    entry_key TEXT NOT NULL,
    recording_id TEXT NOT NULL,
    audio_sha256 TEXT,
    period TEXT NOT NULL,
    seconds REAL NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (user_id, entry_key)
  );
  INSERT INTO usage_ledger_by_audio (user_id, entry_key, recording_id, audio_sha256, period, seconds, recorded_at)
    SELECT user_id, recording_id, recording_id, NULL, period, seconds, recorded_at FROM usage_ledger;
  DROP TABLE usage_ledger;
  ALTER TABLE usage_ledger_by_audio RENAME TO usage_ledger;
  CREATE INDEX usage_ledger_by_period ON usage_ledger (period, user_id);
  CREATE INDEX usage_ledger_by_recording ON usage_ledger (user_id, recording_id, recorded_at);
  `,
];
