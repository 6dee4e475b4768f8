import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { connectMongo } from '@story/service-kit';
import { tempDataDir } from '../../test/conversations-test-kit.ts';
import { conversationRepositoryContract } from './conversation.repository.contract.ts';
import { MongoConversationRepository } from './mongo-conversation.repository.ts';
import { SqliteConversationRepository } from './sqlite-conversation.repository.ts';

conversationRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('conversations-contract-');
  const repository = new SqliteConversationRepository(join(dir, 'conversations.sqlite'));
  return {
    repository,
    cleanup: async () => {
      await repository.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

/** MongoDB from MONGODB_URL, else a container when a runtime is present, else nothing. */
async function findMongo(): Promise<{ url: string; stop: () => Promise<void> } | { skipped: string }> {
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, stop: async () => undefined };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipped: `no MONGODB_URL and no container runtime (${error instanceof Error ? error.message : String(error)})` };
  }
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer('mongo:7').start();
  return { url: `${container.getConnectionString()}?directConnection=true`, stop: async () => void (await container.stop()) };
}

const mongo = await findMongo();
if ('url' in mongo) {
  afterAll(async () => mongo.stop());
  conversationRepositoryContract('MongoDB', async () => {
    const connection = await connectMongo(mongo.url, `conversations_contract_${randomUUID().slice(0, 8)}`);
    const repository = new MongoConversationRepository(connection);
    await repository.init();
    return {
      repository,
      cleanup: async () => {
        await connection.dropDatabase();
        await repository.close();
      },
    };
  });
} else {
  process.stdout.write(`\n[conversations] MongoDB contract suite SKIPPED: ${mongo.skipped}\n\n`);
  describe.skip('ConversationRepository contract: MongoDB (skipped: set MONGODB_URL or start a container runtime)', () => {
    it('runs the same contract against MongoDB', () => undefined);
  });
}
