import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/service-kit/testing';
import { resumeRepositoryContract } from '../resumes/resume.repository.contract.ts';
import { openMongoProfileStorage, openSqliteProfileStorage } from './profile-storage.ts';

resumeRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('profile-contract-');
  const storage = openSqliteProfileStorage(join(dir, 'profile.sqlite'));
  return {
    repository: storage.resumes,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('profile', (url) =>
  resumeRepositoryContract('MongoDB', async () => {
    const dbName = `profile_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoProfileStorage(url, dbName);
    return {
      repository: storage.resumes,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
