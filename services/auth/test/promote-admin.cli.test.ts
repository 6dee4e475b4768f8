import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '@story/service-kit';
import type { UserRepository } from '../src/accounts/user.repository.ts';
import { openSqliteAuthStorage } from '../src/storage/auth-storage.ts';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const CLI = 'services/auth/src/cli/promote-admin.ts';

let dataDir: string;

/** Runs the CLI as an operator would, against the SQLite store under dataDir. */
function promote(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.MONGODB_URL;
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function withStore<T>(use: (repository: UserRepository) => Promise<T>): Promise<T> {
  const storage = openSqliteAuthStorage(sqliteFile(dataDir, 'auth'));
  try {
    return await use(storage.users);
  } finally {
    await storage.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-cli-'));
  await withStore((repository) =>
    repository.createUser(
      { email: 'Operator.Target@gmail.com', firstName: 'Op', lastName: 'Target', passwordHash: 'x', googleId: null, isAdmin: false, authProvider: 'email' },
      new Date(),
    ),
  );
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('promote-admin CLI', () => {
  it('promotes an existing user found by e-mail in any case, and says so', async () => {
    const run = promote('operator.TARGET@gmail.com');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Promoted Operator\.Target@gmail\.com \(user \d+\) to admin in SQLite under /);
    expect(await withStore(async (r) => (await r.findUserByEmail('operator.target@gmail.com'))?.isAdmin)).toBe(true);
  });

  it('says when the user is already an admin and changes nothing', () => {
    const run = promote('operator.target@gmail.com');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('is already an admin');
  });

  it('exits non-zero with a clear message for an unknown e-mail', async () => {
    const run = promote('nobody.at.all@gmail.com');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no account with email nobody.at.all@gmail.com');
    expect(await withStore(async (r) => (await r.listUsers()).length)).toBe(1);
  });

  it('exits non-zero with usage for a missing or invalid argument', () => {
    const missing = promote();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage:');
    const invalid = promote('not-an-email');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('is not a valid email address');
  });
});
