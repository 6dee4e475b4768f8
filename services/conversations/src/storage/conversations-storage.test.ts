import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_SUBJECTS } from '@story/proto';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageAudioRepositoryContract } from '../message-audio/message-audio.repository.contract.ts';
import { snippetConversationRepositoryContract } from '../snippet-conversations/snippet-conversation.repository.contract.ts';
import type { StoreUnderTest } from '../threads/thread.repository.contract.ts';
import { threadRepositoryContract } from '../threads/thread.repository.contract.ts';
import { threadsWithRules } from '@story/testing/fixtures/threads';
import { openMongoConversationsStorage, openSqliteConversationsStorage, type ConversationsStorage } from './conversations-storage.ts';

/** Each repository's contract against one store of a driver. */
function runContracts(driver: string, open: () => Promise<{ storage: ConversationsStorage; cleanup: () => Promise<void> }>): void {
  const under =
    <R>(pick: (storage: ConversationsStorage) => R) =>
    async (): Promise<StoreUnderTest<R>> => {
      const { storage, cleanup } = await open();
      return { repository: pick(storage), outbox: storage.outbox, cleanup };
    };
  threadRepositoryContract(
    driver,
    under((storage) => threadsWithRules(storage)),
  );
  snippetConversationRepositoryContract(
    driver,
    under((storage) => storage.snippetConversations),
  );
  messageAudioRepositoryContract(
    driver,
    under((storage) => ({ threads: threadsWithRules(storage), messageAudio: storage.messageAudio })),
  );
  standaloneEventsContract(driver, open);
}

/** An event with no change of its own (an answer given) waits in the outbox like any other. */
function standaloneEventsContract(driver: string, open: () => Promise<{ storage: ConversationsStorage; cleanup: () => Promise<void> }>): void {
  describe(`standalone events contract: ${driver}`, () => {
    let opened: { storage: ConversationsStorage; cleanup: () => Promise<void> };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => opened.cleanup());

    it('writes the event to the outbox, pending until published', async () => {
      const { outbox, events } = opened.storage;
      const before = await outbox.countPendingEvents();
      await events.write({ subject: EVENT_SUBJECTS.answerGiven, payload: { answerId: 'a' } });
      expect(await outbox.countPendingEvents()).toBe(before + 1);
      const pending = await outbox.pendingEvents(10_000);
      expect(pending.at(-1)).toMatchObject({ subject: EVENT_SUBJECTS.answerGiven, payload: JSON.stringify({ answerId: 'a' }) });
    });
  });
}

runContracts('SQLite', async () => {
  const dir = tempDataDir('conversations-contract-');
  const storage = openSqliteConversationsStorage(join(dir, 'conversations.sqlite'));
  return {
    storage,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('conversations', (url) =>
  runContracts('MongoDB', async () => {
    const dbName = `conversations_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoConversationsStorage(url, dbName);
    return {
      storage,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
