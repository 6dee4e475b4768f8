import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { publicProfileRepositoryContract } from '../public-profile/public-profile.repository.contract.ts';
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

publicProfileRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('public-profile-contract-');
  const storage = openSqliteProfileStorage(join(dir, 'profile.sqlite'));
  return {
    repository: storage.publicProfiles,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('profile', (url) =>
  publicProfileRepositoryContract('MongoDB', async () => {
    const dbName = `public_profile_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoProfileStorage(url, dbName);
    return {
      repository: storage.publicProfiles,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
