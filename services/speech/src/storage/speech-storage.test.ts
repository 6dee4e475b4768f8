import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { usageLedgerRepositoryContract } from '../usage/usage-ledger.repository.contract.ts';
import { openMongoSpeechStorage, openSqliteSpeechStorage } from './speech-storage.ts';

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
