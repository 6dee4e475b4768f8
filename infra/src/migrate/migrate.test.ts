import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteFile } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteAuthStorage } from '../../../services/auth/src/storage/auth-storage.ts';
import { installationSnapshot } from './installation-snapshot.ts';
import { InjectedMigrationFailure, countsMatch, migrate, type CollectionReport } from './migrate.ts';
import { checkTargetReachable, parseMigrationCommand } from './migration-command.ts';
import type { MigrationSide } from './migration-units.ts';
import { seedInstallation } from '@story/testing/seeded-installation';

// `make migrate-to-mongo` between two embedded stores (a second data folder of SQLite files and
// embedded vectors), through the same code as against MongoDB and Qdrant.

const SIZE = { people: 6, messagesPerPerson: 12 };
const PAGE = 7;

const sideAt = (dataDir: string): MigrationSide => ({ documents: { kind: 'sqlite', dataDir }, vectors: { kind: 'embedded', dataDir } });
const total = (reports: readonly CollectionReport[], pick: (report: CollectionReport) => number) => reports.reduce((sum, report) => sum + pick(report), 0);
const byName = (reports: readonly CollectionReport[]) => new Map(reports.map((report) => [`${report.service}/${report.collection}`, report]));

let root: string;
let source: string;
let people: number[];

beforeAll(async () => {
  root = tempDataDir('migrate-');
  source = join(root, 'source');
  mkdirSync(source);
  people = await seedInstallation(source, SIZE);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A migration from the seeded source into `target`, its checkpoints in a file of its own. */
const run = (target: string, extra: Partial<Parameters<typeof migrate>[0]> = {}) =>
  migrate({
    source: sideAt(source),
    target: sideAt(target),
    targetLabel: target,
    checkpointFile: join(root, `${target.split('/').at(-1)}.checkpoint.json`),
    pageSize: PAGE,
    ...extra,
  });

describe('migrate-to-mongo between two embedded stores', () => {
  it('copies every collection of every service and the vectors, and the target reads as the source did, field by field', async () => {
    const target = join(root, 'copy');
    const reports = await run(target);
    const names = byName(reports);
    for (const name of [
      'auth/users',
      'auth/sessions',
      'auth/user_type_settings',
      'auth/outbox',
      'conversations/threads',
      'conversations/conversations',
      'conversations/conversation_audio',
      'conversations/snippet_conversations',
      'conversations/quota_guards',
      'feedback/answer_feedback',
      'feedback/mock_interviews',
      'jobs/job_descriptions',
      'jobs/job_description_snippets',
      'profile/resumes',
      'profile/resume_versions',
      'profile/public_profiles',
      'profile/public_profile_name_changes',
      'search/unified_stories',
      'search/owner_states',
      'search/story_vectors',
      'speech/usage_ledger',
    ])
      expect(names.get(name)?.after.source, name).toBeGreaterThan(0);
    expect(names.get('conversations/conversations')?.copied).toBe(SIZE.people * SIZE.messagesPerPerson);
    expect(names.get('auth/user_type_settings')?.before.target).toBe(3);
    expect(countsMatch(reports)).toBe(true);
    for (const report of reports) expect(report.copied, report.collection).toBe(report.after.source);

    const before = await installationSnapshot(sideAt(source), people);
    const after = await installationSnapshot(sideAt(target), people);
    expect(after).toEqual(before);
    // The comparison saw what matters: spoken replies, a deleted account's event, the changed plan, a search by meaning.
    expect(before.people[0]?.audio?.audio.length).toBeGreaterThan(0);
    expect(before.pendingEvents.auth).toBe(1);
    expect(before.settings.find((setting) => setting.userType === 'plus')?.timeLimit).toBe(240);
    expect(before.people[1]?.similar[0]?.similarity).toBe(1);
    expect(before.people[1]?.lexical).toHaveLength(1);

    // New records on the target take ids after the copied ones.
    const auth = openSqliteAuthStorage(sqliteFile(target, 'auth'));
    const added = await auth.users.createUser(
      { email: 'new@example.com', firstName: 'New', lastName: 'Person', passwordHash: 'h', googleId: null, isAdmin: false, authProvider: 'email' },
      new Date(),
    );
    await auth.close();
    // Not even the deleted account's id (the one after the people's), whose deletion event is still to be published.
    expect(added.id).toBeGreaterThan(Math.max(...people) + 1);
  });

  it('copies nothing a second time, and the counts stay equal (idempotent)', async () => {
    const target = join(root, 'twice');
    await run(target);
    const again = await run(target);
    expect(total(again, (report) => report.copied)).toBe(0);
    expect(countsMatch(again)).toBe(true);
    // Even copying everything again over the copy (--restart) doubles nothing.
    const restarted = await run(target, { restart: true });
    expect(total(restarted, (report) => report.copied)).toBe(total(restarted, (report) => report.after.source));
    for (const report of restarted) expect(report.after.target, report.collection).toBe(report.before.target);
  });

  it('continues after the last copied key when a run was interrupted (resumable)', async () => {
    const target = join(root, 'interrupted');
    const everything = total(await run(join(root, 'dry'), { dryRun: true }), (report) => report.before.source);
    const failure = await run(target, { failAfterRows: 60 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InjectedMigrationFailure);

    const resumed = await run(target);
    expect(countsMatch(resumed)).toBe(true);
    const copiedOnResume = total(resumed, (report) => report.copied);
    // The interrupted run's rows up to its last checkpoint are not copied again: one page at most is.
    expect(copiedOnResume).toBeLessThan(everything);
    expect(copiedOnResume).toBeGreaterThanOrEqual(everything - 60);
    expect(copiedOnResume).toBeLessThanOrEqual(everything - 60 + PAGE);
    expect(resumed.some((report) => report.resumedAfter !== undefined && report.copied > 0)).toBe(true);
    expect(await installationSnapshot(sideAt(target), people)).toEqual(await installationSnapshot(sideAt(source), people));
  });

  it('counts without writing on a dry run', async () => {
    const target = join(root, 'dry-run');
    const reports = await run(target, { dryRun: true });
    expect(total(reports, (report) => report.copied)).toBe(0);
    expect(total(reports, (report) => report.before.source)).toBeGreaterThan(SIZE.people * SIZE.messagesPerPerson);
    expect(byName(reports).get('conversations/conversations')?.after.target).toBe(0);
  });
});

describe('migrate-to-mongo refuses clearly', () => {
  it('without a MongoDB or a Qdrant to copy into', () => {
    expect(() => parseMigrationCommand([], { DATA_DIR: source })).toThrow(/MONGODB_URL is not set/);
    expect(() => parseMigrationCommand([], { DATA_DIR: source, MONGODB_URL: 'mongodb://localhost:27017' })).toThrow(/QDRANT_URL is not set/);
  });

  it('as the command: exit code 2 and the sentence saying what is missing, nothing written', () => {
    const { MONGODB_URL: _mongo, QDRANT_URL: _qdrant, ...env } = process.env;
    const cli = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'migrate.cli.ts')], {
      env: { ...env, DATA_DIR: source },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('migrate-to-mongo refused: MONGODB_URL is not set: say which MongoDB to copy into');
    expect(cli.stdout).toBe('');
  });

  it('without an installation to copy, or into the same folder', () => {
    expect(() => parseMigrationCommand([], { DATA_DIR: join(root, 'nowhere'), MONGODB_URL: 'mongodb://m', QDRANT_URL: 'http://q' })).toThrow(/Nothing to move/);
    expect(() => parseMigrationCommand(['--to-data-dir', source], { DATA_DIR: source })).toThrow(/DATA_DIR itself/);
    expect(() => parseMigrationCommand(['--to-mongo'], { DATA_DIR: source })).toThrow(/Unknown option --to-mongo/);
  });

  it('when the MongoDB or the Qdrant does not answer', async () => {
    const command = parseMigrationCommand(['--dry-run'], { DATA_DIR: source, MONGODB_URL: 'mongodb://127.0.0.1:9/', QDRANT_URL: 'http://127.0.0.1:9' });
    expect(command.dryRun).toBe(true);
    await expect(checkTargetReachable(command.target, 300)).rejects.toThrow(/MongoDB at mongodb:\/\/127\.0\.0\.1:9\/.* is not reachable/);
    const qdrantOnly: MigrationSide = {
      documents: sideAt(join(root, 'q')).documents,
      vectors: { kind: 'qdrant', url: 'http://127.0.0.1:9', collection: 'stories' },
    };
    await expect(checkTargetReachable(qdrantOnly, 300)).rejects.toThrow(/Qdrant at http:\/\/127\.0\.0\.1:9\/ is not reachable/);
  });
});
