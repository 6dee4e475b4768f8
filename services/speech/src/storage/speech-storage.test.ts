import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '@story/service-kit';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { usageLedgerRepositoryContract } from '../usage/usage-ledger.repository.contract.ts';
import { openMongoSpeechStorage, openSqliteSpeechStorage } from './speech-storage.ts';
import { SPEECH_MIGRATIONS } from './sqlite-migrations.ts';

describe('speech.sqlite migrations', () => {
  it('keeps a ledger counted before recordings were tied to their audio (issue 36): its rows count, and match no audio', async () => {
    const dir = tempDataDir('speech-migrate-');
    const file = join(dir, 'speech.sqlite');
    const old = openSqlite(file, SPEECH_MIGRATIONS.slice(0, 1));
    old
      .prepare('INSERT INTO usage_ledger (user_id, recording_id, period, seconds, recorded_at) VALUES (?, ?, ?, ?, ?)')
      .run(1, 'rec-before-1', '2026-11', 40, '2026-11-20T12:00:00.000Z');
    old.close();
    const storage = openSqliteSpeechStorage(file);
    try {
      expect(await storage.usage.usedSeconds(1, '2026-11')).toBe(40);
      const count = { userId: 1, recordingId: 'rec-before-1', audioSha256: 'sha256-of-anything', period: '2026-11', seconds: 40 };
      const at = new Date('2026-11-20T12:05:00.000Z');
      // Its audio is unknown: the same id sent again is counted as new audio, under a key of its own.
      expect(await storage.usage.record({ ...count, at, sameSince: new Date('2026-11-19T12:05:00.000Z') })).toBe(true);
      expect((await storage.usage.entriesOf(1)).map((entry) => [entry.recordingId, entry.seconds])).toEqual([
        ['rec-before-1', 40],
        ['rec-before-1#2', 40],
      ]);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

usageLedgerRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('speech-contract-');
  const file = join(dir, 'speech.sqlite');
  let storage = openSqliteSpeechStorage(file);
  return {
    storage: () => storage,
    reopen: async () => {
      await storage.close();
      storage = openSqliteSpeechStorage(file);
    },
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('speech', (url) =>
  usageLedgerRepositoryContract('MongoDB', async () => {
    const dbName = `speech_contract_${randomUUID().slice(0, 8)}`;
    let storage = await openMongoSpeechStorage(url, dbName);
    return {
      storage: () => storage,
      reopen: async () => {
        await storage.close();
        storage = await openMongoSpeechStorage(url, dbName);
      },
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
