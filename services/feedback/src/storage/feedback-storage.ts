import { connectMongo, mongoReadiness, openSqlite, sqliteFile, sqliteReadiness, storageKind, type BaseEnv, type ReadinessCheck } from '@story/service-kit';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import { MongoAnswerFeedbackRepository } from '../answers/mongo-answer-feedback.repository.ts';
import { SqliteAnswerFeedbackRepository } from '../answers/sqlite-answer-feedback.repository.ts';
import { FEEDBACK_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the feedback service stores: feedback per answer. */
export interface FeedbackStorage {
  kind: 'sqlite' | 'mongodb';
  feedback: AnswerFeedbackRepository;
  readiness: ReadinessCheck;
  close(): Promise<void>;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteFeedbackStorage(file: string): FeedbackStorage {
  const db = openSqlite(file, FEEDBACK_MIGRATIONS);
  return {
    kind: 'sqlite',
    feedback: new SqliteAnswerFeedbackRepository(db),
    readiness: sqliteReadiness(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/** The production store: the service's own MongoDB database. */
export async function openMongoFeedbackStorage(url: string, dbName: string): Promise<FeedbackStorage> {
  const connection = await connectMongo(url, dbName);
  const feedback = new MongoAnswerFeedbackRepository(connection);
  await feedback.init();
  return { kind: 'mongodb', feedback, readiness: mongoReadiness(connection), close: () => connection.close() };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `feedback.sqlite` under DATA_DIR. */
export async function openFeedbackStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<FeedbackStorage> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) return openMongoFeedbackStorage(config.MONGODB_URL, service);
  return openSqliteFeedbackStorage(sqliteFile(config.DATA_DIR, service));
}
