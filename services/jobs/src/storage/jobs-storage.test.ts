import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { jobDescriptionRepositoryContract } from '../job-descriptions/job-description.repository.contract.ts';
import { openMongoJobsStorage, openSqliteJobsStorage } from './jobs-storage.ts';

jobDescriptionRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('jobs-contract-');
  const storage = openSqliteJobsStorage(join(dir, 'jobs.sqlite'));
  return {
    repository: storage.jobDescriptions,
    outbox: storage.outbox,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('jobs', (url) =>
  jobDescriptionRepositoryContract('MongoDB', async () => {
    const dbName = `jobs_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoJobsStorage(url, dbName);
    return {
      repository: storage.jobDescriptions,
      outbox: storage.outbox,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
