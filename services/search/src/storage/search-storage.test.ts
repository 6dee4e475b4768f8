import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { storyRepositoryContract } from '../stories/story.repository.contract.ts';
import { openMongoSearchStorage, openSqliteSearchStorage } from './search-storage.ts';

storyRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('search-contract-');
  const storage = openSqliteSearchStorage(join(dir, 'search.sqlite'));
  return {
    repository: storage.stories,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('search', (url) =>
  storyRepositoryContract('MongoDB', async () => {
    const dbName = `search_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoSearchStorage(url, dbName);
    return {
      repository: storage.stories,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
