import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { sqliteFile } from '@story/service-kit';
import { describeUserRepositoryContract } from './user.repository.contract.ts';
import { MongoUserRepository } from './mongo-user.repository.ts';
import { SqliteUserRepository } from './sqlite-user.repository.ts';

describeUserRepositoryContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'auth-repo-'));
  const repository = SqliteUserRepository.open(sqliteFile(dir, 'auth'));
  return {
    repository,
    dispose: async () => {
      await repository.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

/**
 * MongoDB runs where it can: a server named by MONGODB_URL, else a throwaway container when
 * testcontainers finds a container runtime. Otherwise the run is skipped, and says so.
 */
async function findMongo(): Promise<{ url: string | undefined; useContainer: boolean; reason: string }> {
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, useContainer: false, reason: 'MONGODB_URL is set' };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return { url: undefined, useContainer: true, reason: 'a container runtime was found' };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { url: undefined, useContainer: false, reason: `MONGODB_URL is not set and no container runtime was found (${detail})` };
  }
}

const mongo = await findMongo();
const mongoRuns = mongo.url !== undefined || mongo.useContainer;
if (!mongoRuns) console.log(`[auth] SKIPPED the MongoDB run of the UserRepository contract: ${mongo.reason}`);
else console.log(`[auth] running the UserRepository contract against MongoDB: ${mongo.reason}`);

describe.skipIf(!mongoRuns)('mongodb driver', () => {
  let url = mongo.url ?? '';
  let stopContainer: (() => Promise<unknown>) | undefined;

  beforeAll(async () => {
    if (!mongo.useContainer) return;
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:7').start();
    url = `${container.getConnectionString()}/?directConnection=true`;
    stopContainer = () => container.stop();
  }, 180_000);

  afterAll(async () => {
    await stopContainer?.();
  });

  describeUserRepositoryContract('mongodb', async () => {
    // A database per test: the contract expects an empty store each time.
    const repository = await MongoUserRepository.connect(url, `auth_contract_${randomUUID().slice(0, 8)}`);
    return {
      repository,
      dispose: async () => {
        await repository.db.dropDatabase();
        await repository.close();
      },
    };
  });
});
