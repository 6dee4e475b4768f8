import { connectMongo, mongoLifecycle, openConfiguredStorage, openSqlite, sqliteLifecycle, type BaseEnv, type StorageLifecycle } from '@story/service-kit';
import { MongoStoryRepository } from '../stories/mongo-story.repository.ts';
import { SqliteStoryRepository } from '../stories/sqlite-story.repository.ts';
import type { StoryRepository } from '../stories/story.repository.ts';
import { SEARCH_MIGRATIONS } from './sqlite-migrations.ts';

/** Everything the search service stores apart from vectors: the stories and their owners' states. */
export interface SearchStorage extends StorageLifecycle {
  stories: StoryRepository;
}

/** The embedded store: one SQLite file (`:memory:` for throwaway stores). */
export function openSqliteSearchStorage(file: string): SearchStorage {
  const db = openSqlite(file, SEARCH_MIGRATIONS);
  return {
    ...sqliteLifecycle(db),
    stories: new SqliteStoryRepository(db),
  };
}

/** The production store: the service's own MongoDB database. */
export async function openMongoSearchStorage(url: string, dbName: string): Promise<SearchStorage> {
  const connection = await connectMongo(url, dbName);
  const stories = new MongoStoryRepository(connection);
  await stories.init();
  return { ...mongoLifecycle(connection), stories };
}

/** The configured store: MongoDB when MONGODB_URL is set, else `search.sqlite` under DATA_DIR. */
export async function openSearchStorage(config: Pick<BaseEnv, 'DATA_DIR' | 'MONGODB_URL'>, service: string): Promise<SearchStorage> {
  return openConfiguredStorage(config, service, { sqlite: openSqliteSearchStorage, mongodb: openMongoSearchStorage });
}
