/**
 * `make migrate-to-mongo` (README, "Moving to MongoDB and Qdrant"): copies a one-machine
 * installation's SQLite data under DATA_DIR into MongoDB (MONGODB_URL, a database per service) and its
 * story vectors into Qdrant (QDRANT_URL), printing each collection's counts before and after.
 * Idempotent and resumable; `--dry-run` prints the counts only; `--restart` copies everything again;
 * `--to-data-dir DIR` copies into another data folder instead (the same code, as the tests run it).
 */
import { countsMatch, migrate, type CollectionReport } from './migrate.ts';
import { MigrationRefused, checkTargetReachable, parseMigrationCommand } from './migration-command.ts';

const COLUMNS = ['service', 'collection', 'source before', 'target before', 'copied', 'source after', 'target after', ''];
const WIDTHS = [14, 28, 14, 14, 10, 13, 13, 4];

const line = (cells: readonly (string | number)[]) => `${cells.map((cell, index) => String(cell).padEnd(WIDTHS[index] ?? 10)).join('')}`.trimEnd();

function printReport(report: CollectionReport): void {
  const ok = report.after.source === report.after.target ? 'ok' : 'DIFF';
  const copied = report.resumedAfter === undefined ? report.copied : `${report.copied}*`;
  const cells = [report.service, report.collection, report.before.source, report.before.target, copied, report.after.source, report.after.target, ok];
  process.stdout.write(`${line(cells)}\n`);
}

async function main(): Promise<number> {
  const command = parseMigrationCommand(process.argv.slice(2), process.env);
  await checkTargetReachable(command.target);
  process.stdout.write(
    `${command.dryRun ? 'Counting (dry run, nothing is written)' : 'Copying'} ${command.source.documents.kind === 'sqlite' ? command.source.documents.dataDir : ''} to ${command.targetLabel}\n\n`,
  );
  process.stdout.write(`${line(COLUMNS)}\n`);
  const started = performance.now();
  const reports = await migrate({ ...command, onCollection: printReport });
  const seconds = (performance.now() - started) / 1000;
  const copied = reports.reduce((sum, report) => sum + report.copied, 0);
  process.stdout.write(
    `\n${copied} records copied in ${seconds.toFixed(1)} s (${Math.round(copied / Math.max(seconds, 0.001))}/s); * continued after a checkpoint.\n`,
  );
  if (command.dryRun) return 0;
  if (countsMatch(reports)) {
    process.stdout.write('Every collection has as many records on the target as on the source.\n');
    return 0;
  }
  process.stderr.write('Some collections differ (DIFF above): was the installation still running, or did the target hold records of its own?\n');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MigrationRefused) {
      process.stderr.write(`migrate-to-mongo refused: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(
      `migrate-to-mongo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nRun it again: it continues after the last copied key.\n`,
    );
    process.exit(1);
  },
);
