import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATIONS_FILE, type Durations } from './duration-sequencer.ts';

/**
 * Writes `test-durations.json` from a whole run's JSON report, after a run on the project's two-core machine
 * with nothing else running: `npx vitest run --reporter=json --outputFile.json=/tmp/run.json`, then
 * `node --import tsx testing/src/sequencer/record-durations.cli.ts /tmp/run.json`.
 */
export function durationsOf(report: { testResults: { name: string; startTime: number; endTime: number }[] }, root: string): Durations {
  const entries = report.testResults
    .map((file) => [relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(entries);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = process.argv[2];
  if (!report) {
    process.stderr.write('usage: record-durations.cli.ts <vitest JSON report>\n');
    process.exit(2);
  }
  const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
  const durations = durationsOf(JSON.parse(readFileSync(report, 'utf8')), root);
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  process.stdout.write(`${Object.keys(durations).length} files' durations written to ${fileURLToPath(DURATIONS_FILE)}\n`);
}
