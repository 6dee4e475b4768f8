/**
 * `make migrate-to-mongo`'s copy rate (issue 25, 5), between two embedded stores (the same code as
 * against MongoDB and Qdrant, `--to-data-dir`): an installation of 100 people with 100 saved
 * messages each (10,000 messages, one in three with a spoken reply) and everything else the
 * services keep for them, written through the repositories; then copied whole, page by page.
 * Figures: records copied per second over all collections, and messages per second; a second run
 * (nothing to copy) as the reference for the cost of counting and checkpoint reading.
 *
 *   node --import tsx bench/migrate.bench.ts
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countsMatch, migrate, type CollectionReport } from '../infra/src/migrate/migrate.ts';
import type { MigrationSide } from '../infra/src/migrate/migration-units.ts';
import { seedInstallation } from '@story/testing/seeded-installation';

const SIZE = { people: 100, messagesPerPerson: 100 };

export interface MigrateFigures {
  records: number;
  messages: number;
  seconds: number;
  recordsPerSecond: number;
  messagesPerSecond: number;
  /** A second run over the copy: counting only, nothing left to copy. */
  secondRunSeconds: number;
  countsMatch: boolean;
}

const sideAt = (dataDir: string): MigrationSide => ({ documents: { kind: 'sqlite', dataDir }, vectors: { kind: 'embedded', dataDir } });
const copiedIn = (reports: readonly CollectionReport[]) => reports.reduce((sum, report) => sum + report.copied, 0);

export async function runMigrateBench(): Promise<MigrateFigures> {
  const root = mkdtempSync(join(tmpdir(), 'migrate-bench-'));
  try {
    const source = join(root, 'source');
    mkdirSync(source);
    await seedInstallation(source, SIZE);
    const options = { source: sideAt(source), target: sideAt(join(root, 'target')), targetLabel: 'bench', checkpointFile: join(root, 'checkpoint.json') };
    const started = performance.now();
    const reports = await migrate(options);
    const seconds = (performance.now() - started) / 1000;
    const again = performance.now();
    const second = await migrate(options);
    const secondRunSeconds = (performance.now() - again) / 1000;
    const records = copiedIn(reports);
    const messages = reports.find((report) => report.collection === 'conversations')?.copied ?? 0;
    const figures: MigrateFigures = {
      records,
      messages,
      seconds,
      recordsPerSecond: Math.round(records / seconds),
      messagesPerSecond: Math.round(messages / seconds),
      secondRunSeconds,
      countsMatch: countsMatch(reports) && countsMatch(second) && copiedIn(second) === 0,
    };
    process.stdout.write(
      `copied ${records} records (${messages} messages) in ${seconds.toFixed(2)} s: ${figures.recordsPerSecond} records/s, ${figures.messagesPerSecond} messages/s\n` +
        `second run (nothing to copy): ${secondRunSeconds.toFixed(2)} s; counts equal: ${figures.countsMatch}\n`,
    );
    return figures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runMigrateBench();
