import { sqliteFile, storageKind } from '@story/service-kit';
import type { StorageConfig } from '../config.ts';
import { MongoUserRepository } from './mongo-user.repository.ts';
import { SqliteUserRepository } from './sqlite-user.repository.ts';
import type { UserRepository } from './user.repository.ts';

/** The configured store: MongoDB when MONGODB_URL is set, else `auth.sqlite` under DATA_DIR. */
export async function openUserRepository(config: Pick<StorageConfig, 'DATA_DIR' | 'MONGODB_URL'>): Promise<UserRepository> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) return MongoUserRepository.connect(config.MONGODB_URL);
  return SqliteUserRepository.open(sqliteFile(config.DATA_DIR, 'auth'));
}
