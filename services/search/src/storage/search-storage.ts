import { connectMongo, mongoReadiness, openSqlite, sqliteFile, sqliteReadiness, storageKind, type BaseEnv, type ReadinessCheck } from '@story/service-kit';
import { MongoStoryRepository } from '../stories/mongo-story.repository.ts';
import { SqliteStoryRepository } from '../stories/sqlite-story.repository.ts';
import type { StoryRepository } from '../stories/story.repository.ts';
import { SEARCH_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the search service stores apart from vectors: the stories and their owners' states. */
export interface SearchStorage {
  kind: 'sqlite' | 'mongodb';
  stories: StoryRepository;
  readiness: ReadinessCheck;
  close(): Promise<void>;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteSearchStorage(file: string): SearchStorage {
  const db = openSqlite(file, SEARCH_MIGRATIONS);
  return {
    kind: 'sqlite',
    stories: new SqliteStoryRepository(db),
    readiness: sqliteReadiness(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/** The production store: the service's own MongoDB database. */
export async function openMongoSearchStorage(url: string, dbName: string): Promise<SearchStorage> {
  const connection = await connectMongo(url, dbName);
  const stories = new MongoStoryRepository(connection);
  await stories.init();
  return { kind: 'mongodb', stories, readiness: mongoReadiness(connection), close: () => connection.close() };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `search.sqlite` under DATA_DIR. */
export async function openSearchStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<SearchStorage> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) return openMongoSearchStorage(config.MONGODB_URL, service);
  return openSqliteSearchStorage(sqliteFile(config.DATA_DIR, service));
}
