import { connectMongo, mongoLifecycle, openConfiguredStorage, openSqlite, sqliteLifecycle, type BaseEnv, type StorageLifecycle } from '@story/service-kit';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import { MongoAnswerFeedbackRepository } from '../answers/mongo-answer-feedback.repository.ts';
import { SqliteAnswerFeedbackRepository } from '../answers/sqlite-answer-feedback.repository.ts';
import type { MockInterviewRepository } from '../mock-interviews/mock-interview.repository.ts';
import { MongoMockInterviewRepository } from '../mock-interviews/mongo-mock-interview.repository.ts';
import { SqliteMockInterviewRepository } from '../mock-interviews/sqlite-mock-interview.repository.ts';
import { FEEDBACK_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the feedback service stores: feedback per answer, and mock interviews (issue 23). */
export interface FeedbackStorage extends StorageLifecycle {
  feedback: AnswerFeedbackRepository;
  mockInterviews: MockInterviewRepository;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteFeedbackStorage(file: string): FeedbackStorage {
  const db = openSqlite(file, FEEDBACK_MIGRATIONS);
  return {
    ...sqliteLifecycle(db),
    feedback: new SqliteAnswerFeedbackRepository(db),
    mockInterviews: new SqliteMockInterviewRepository(db),
  };
}

/** The production store: the service's own MongoDB database. */
export async function openMongoFeedbackStorage(url: string, dbName: string): Promise<FeedbackStorage> {
  const connection = await connectMongo(url, dbName);
  const feedback = new MongoAnswerFeedbackRepository(connection);
  const mockInterviews = new MongoMockInterviewRepository(connection);
  await Promise.all([feedback.init(), mockInterviews.init()]);
  return { ...mongoLifecycle(connection), feedback, mockInterviews };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `feedback.sqlite` under DATA_DIR. */
export async function openFeedbackStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<FeedbackStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteFeedbackStorage, mongodb: openMongoFeedbackStorage });
}
