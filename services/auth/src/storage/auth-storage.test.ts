import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sqliteFile } from '@story/service-kit';
import { dropMongoDatabase, tempDataDir, withMongo } from '@story/testing/service-under-test';
import { describeAccountDeletionRepositoryContract } from '../account-deletion/account-deletion.repository.contract.ts';
import { describeUserRepositoryContract, type AuthStoreUnderTest } from '../accounts/user.repository.contract.ts';
import { describePasswordResetRepositoryContract } from '../password-resets/password-reset.repository.contract.ts';
import { describePlanRequestRepositoryContract } from '../plan-requests/plan-request.repository.contract.ts';
import { describeSessionRepositoryContract } from '../sessions/session.repository.contract.ts';
import { describeUserTypeSettingRepositoryContract } from '../user-type-settings/user-type-setting.repository.contract.ts';
import { openMongoAuthStorage, openSqliteAuthStorage } from './auth-storage.ts';

/** Each repository's contract against a fresh store of one driver per test. */
function runContracts(driver: string, open: () => Promise<AuthStoreUnderTest>): void {
  describeUserRepositoryContract(driver, open);
  describeSessionRepositoryContract(driver, open);
  describeUserTypeSettingRepositoryContract(driver, open);
  describeAccountDeletionRepositoryContract(driver, open);
  describePasswordResetRepositoryContract(driver, open);
  describePlanRequestRepositoryContract(driver, open);
}

runContracts('sqlite', async () => {
  const dir = tempDataDir('auth-repo-');
  const storage = openSqliteAuthStorage(sqliteFile(dir, 'auth'));
  return {
    storage,
    dispose: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

await withMongo('auth', (url) =>
  runContracts('mongodb', async () => {
    // A database per test: the contracts expect an empty store each time.
    const dbName = `auth_contract_${randomUUID().slice(0, 8)}`;
    const storage = await openMongoAuthStorage(url, dbName);
    return {
      storage,
      dispose: async () => {
        await storage.close();
        await dropMongoDatabase(url, dbName);
      },
    };
  }),
);
