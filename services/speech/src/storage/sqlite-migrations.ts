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
];
