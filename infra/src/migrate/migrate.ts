import type { Migratable, OpenMigratables } from '@story/service-kit';
import { MigrationCheckpoints } from './migration-checkpoints.ts';
import { MIGRATION_UNITS, type MigrationSide, type MigrationUnit } from './migration-units.ts';

/** What happened to one collection: its counts on both sides before and after, and the rows copied. */
export interface CollectionReport {
  service: string;
  collection: string;
  before: { source: number; target: number };
  after: { source: number; target: number };
  copied: number;
  /** The key the copy continued after (a resumed run), if any. */
  resumedAfter: string | undefined;
}

export interface MigrationOptions {
  source: MigrationSide;
  target: MigrationSide;
  /** Names the target in the checkpoint file (a URL without credentials, or a folder). */
  targetLabel: string;
  checkpointFile: string;
  pageSize?: number;
  /** Counts only: nothing is written, not even a checkpoint. */
  dryRun?: boolean;
  /** Copy everything again, ignoring the checkpoints (the writes are upserts: nothing doubles). */
  restart?: boolean;
  /** Called as each collection finishes (the CLI prints its line). */
  onCollection?: (report: CollectionReport) => void;
  /** A test's interruption: fails once this many rows are written, before their page's checkpoint. */
  failAfterRows?: number;
  units?: readonly MigrationUnit[];
}

export const DEFAULT_PAGE_SIZE = 500;

/** The interruption `failAfterRows` asks for. */
export class InjectedMigrationFailure extends Error {
  constructor(rows: number) {
    super(`migration interrupted on purpose after ${rows} rows`);
    this.name = 'InjectedMigrationFailure';
  }
}

interface CopyState {
  written: number;
}

/** Copies one collection page by page after its checkpoint, saving the checkpoint after each page. */
async function copyCollection(
  service: string,
  source: Migratable,
  target: Migratable,
  checkpoints: MigrationCheckpoints,
  options: MigrationOptions,
  state: CopyState,
): Promise<CollectionReport> {
  const before = { source: await source.count(), target: await target.count() };
  const resumedAfter = checkpoints.lastKey(service, source.collection);
  let copied = 0;
  if (!options.dryRun) {
    let afterKey = resumedAfter;
    for (;;) {
      const page = await source.exportPage(afterKey, options.pageSize ?? DEFAULT_PAGE_SIZE);
      if (page.rows.length === 0 || page.lastKey === undefined) break;
      await target.importRows(page.rows);
      copied += page.rows.length;
      state.written += page.rows.length;
      if (options.failAfterRows !== undefined && state.written >= options.failAfterRows) throw new InjectedMigrationFailure(state.written);
      checkpoints.save(service, source.collection, page.lastKey);
      afterKey = page.lastKey;
    }
  }
  const after = options.dryRun ? before : { source: await source.count(), target: await target.count() };
  return { service, collection: source.collection, before, after, copied, resumedAfter };
}

/** Opens a unit on both sides and copies each of its collections, closing both whatever happens. */
async function migrateUnit(unit: MigrationUnit, options: MigrationOptions, checkpoints: MigrationCheckpoints, state: CopyState): Promise<CollectionReport[]> {
  const opened: OpenMigratables[] = [];
  try {
    const source = await unit.open(options.source);
    opened.push(source);
    const target = await unit.open(options.target);
    opened.push(target);
    const reports: CollectionReport[] = [];
    for (const [index, from] of source.migratables.entries()) {
      const to = target.migratables[index];
      if (!to) throw new Error(`${unit.service}: the target has no collection ${from.collection}`);
      const report = await copyCollection(unit.service, from, to, checkpoints, options, state);
      options.onCollection?.(report);
      reports.push(report);
    }
    return reports;
  } finally {
    for (const side of opened.reverse()) await side.close();
  }
}

/**
 * Moves a one-machine installation's data to another store through the repositories' migration
 * parts: each service's collections, then the story vectors, in key order, page by page; idempotent
 * (upserts by primary key) and resumable (a checkpoint per collection). Returns each collection's counts.
 */
export async function migrate(options: MigrationOptions): Promise<CollectionReport[]> {
  const checkpoints = new MigrationCheckpoints(options.checkpointFile, options.targetLabel);
  if (options.restart) checkpoints.clear();
  const state: CopyState = { written: 0 };
  const reports: CollectionReport[] = [];
  for (const unit of options.units ?? MIGRATION_UNITS) {
    if (!unit.holds(options.source)) continue;
    reports.push(...(await migrateUnit(unit, options, checkpoints, state)));
  }
  return reports;
}

/** Whether every collection ended with as many records on the target as on the source. */
export const countsMatch = (reports: readonly CollectionReport[]): boolean => reports.every((report) => report.after.source === report.after.target);
