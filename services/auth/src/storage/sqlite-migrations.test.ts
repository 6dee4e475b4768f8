import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES } from '@story/proto';
import { openSqlite, sqliteFile } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { openSqliteAuthStorage } from './auth-storage.ts';
import { AUTH_SQLITE_MIGRATIONS } from './sqlite-migrations.ts';

/** The migration of issue 39: where it sits among the others (found by what it makes, so that merges may move it). */
const PLAN_REQUESTS_MIGRATION = AUTH_SQLITE_MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE plan_requests'));
const BEFORE = AUTH_SQLITE_MIGRATIONS.slice(0, PLAN_REQUESTS_MIGRATION);

/**
 * Issue 39 on an installation from before it: plans chosen at sign-up become open requests, and the
 * reply type and AI voice replies, stored apart until then, become one setting that never disagrees.
 */
describe('auth.sqlite migration to plan requests and one voice setting', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = tempDataDir('auth-migration-');
    file = sqliteFile(dir, 'auth');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An installation as it was before issue 39: seeded settings, then `change` run on its database. */
  function installationBefore(change: (db: ReturnType<typeof openSqlite>) => void): void {
    expect(PLAN_REQUESTS_MIGRATION).toBeGreaterThan(0);
    const db = openSqlite(file, BEFORE);
    change(db);
    db.close();
  }

  it('gives settings no admin changed the new defaults: Starter text, Essentials and Pro text and voice', async () => {
    installationBefore(() => undefined);
    const storage = openSqliteAuthStorage(file);
    const settings = await storage.settings.listUserTypeSettings();
    expect(settings.map((s) => [s.userType, s.responseType, s.features])).toEqual([
      ['standard', 'text', DEFAULT_PLAN_FEATURES.standard],
      ['plus', 'text_and_voice', DEFAULT_PLAN_FEATURES.plus],
      ['pro', 'text_and_voice', DEFAULT_PLAN_FEATURES.pro],
    ]);
    await storage.close();
  });

  it('keeps what changed settings did: spoken only where both the reply type and the feature said so', async () => {
    const saved = (voiceReplies: boolean) => JSON.stringify({ ...DEFAULT_PLAN_FEATURES.pro, voiceReplies, mockInterviews: true });
    installationBefore((db) => {
      const update = db.prepare<[string, string, string]>(
        `UPDATE user_type_settings SET response_type = ?, features = ?, updated_at = '2026-11-01T00:00:00.000Z' WHERE user_type = ?`,
      );
      // Text replies with the feature ticked (what /admin showed for every plan): never spoken, and stays so.
      update.run('text', saved(true), 'standard');
      // Text + Voice with the feature taken out: never spoken either.
      update.run('text_and_voice', saved(false), 'plus');
      // Both: spoken, and stays so.
      update.run('text_and_voice', saved(true), 'pro');
    });
    const storage = openSqliteAuthStorage(file);
    const settings = await storage.settings.listUserTypeSettings();
    expect(settings.map((s) => [s.userType, s.responseType, s.features.voiceReplies, s.features.mockInterviews])).toEqual([
      ['standard', 'text', false, true],
      ['plus', 'text', false, true],
      ['pro', 'text_and_voice', true, true],
    ]);
    await storage.close();
    // The feature is no longer kept apart from the reply type.
    const db = openSqlite(file, AUTH_SQLITE_MIGRATIONS);
    const stored = db.prepare<[], { features: string }>('SELECT features FROM user_type_settings').all();
    expect(stored.map((row) => Object.keys(JSON.parse(row.features) as object))).toEqual(stored.map(() => expect.not.arrayContaining(['voiceReplies'])));
    db.close();
  });

  it('opens a request for each plan chosen at sign-up that the person is not on yet', async () => {
    installationBefore((db) => {
      const insert = db.prepare<[string, string, string, string | null]>(
        `INSERT INTO users (email, email_lower, first_name, last_name, user_type, requested_plan, created_at) VALUES (?, lower(?), 'A', 'B', ?, ?, '2026-10-01T00:00:00.000Z')`,
      );
      for (const [email, userType, requested] of [
        ['waiting@gmail.com', 'standard', 'pro'],
        ['granted@gmail.com', 'pro', 'pro'],
        ['none@gmail.com', 'standard', null],
      ] as const) {
        insert.run(email, email, userType, requested);
      }
    });
    const storage = openSqliteAuthStorage(file);
    const waiting = await storage.users.findUserByEmail('waiting@gmail.com');
    const open = await storage.planRequests.listOpen();
    expect(open).toEqual([
      expect.objectContaining({
        userId: waiting?.id,
        userType: 'pro',
        fromUserType: 'standard',
        status: 'open',
        createdAt: new Date('2026-10-01T00:00:00.000Z'),
      }),
    ]);
    await storage.close();
  });
});
