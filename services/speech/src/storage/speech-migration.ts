import { OUTBOX_TABLE_SPEC, field, type ServiceMigration } from '@story/service-kit';
import { openMongoSpeechStorage } from './speech-storage.ts';
import { SPEECH_MIGRATIONS } from './sqlite-migrations.ts';

/**
 * What of speech moves to MongoDB (`make migrate-to-mongo`): the usage ledger (the minutes each person
 * used, per month) and events not yet published. Holds (minutes reserved by a recording in flight, for
 * a few minutes) stay behind: no recording is in flight while the services are stopped.
 */
export const SPEECH_MIGRATION: ServiceMigration = {
  service: 'speech',
  sqliteMigrations: SPEECH_MIGRATIONS,
  prepareMongo: async (url, dbName) => (await openMongoSpeechStorage(url, dbName)).close(),
  tables: [
    {
      collection: 'usage_ledger',
      table: 'usage_ledger',
      key: ['user_id', 'entry_key'],
      composeId: (row) => `${String(row.user_id)}:${String(row.entry_key)}`,
      // The document's id is `<user id>:<entry key>`; the person is a field as well.
      splitId: (id) => ({ entry_key: String(id).slice(String(id).indexOf(':') + 1) }),
      fields: [
        field('user_id', 'int'),
        field('recording_id', 'text'),
        field('audio_sha256', 'text', true),
        field('period', 'text'),
        field('seconds', 'real'),
        field('recorded_at', 'date'),
      ],
    },
    OUTBOX_TABLE_SPEC,
  ],
};
