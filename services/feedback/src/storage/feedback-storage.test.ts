import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { answerFeedbackRepositoryContract } from '../answers/answer-feedback.repository.contract.ts';
import { mockInterviewRepositoryContract } from '../mock-interviews/mock-interview.repository.contract.ts';
import { openMongoFeedbackStorage, openSqliteFeedbackStorage } from './feedback-storage.ts';

answerFeedbackRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('feedback-contract-');
  const storage = openSqliteFeedbackStorage(join(dir, 'feedback.sqlite'));
  return {
    repository: storage.feedback,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

mockInterviewRepositoryContract('SQLite', async () => {
  const dir = tempDataDir('mock-contract-');
  const storage = openSqliteFeedbackStorage(join(dir, 'feedback.sqlite'));
  return {
    repository: storage.mockInterviews,
    cleanup: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('feedback mock interviews', (url) =>
  mockInterviewRepositoryContract('MongoDB', async () => {
    const dbName = `mock_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoFeedbackStorage(url, dbName);
    return {
      repository: storage.mockInterviews,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);

await withMongo('feedback', (url) =>
  answerFeedbackRepositoryContract('MongoDB', async () => {
    const dbName = `feedback_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoFeedbackStorage(url, dbName);
    return {
      repository: storage.feedback,
      cleanup: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
