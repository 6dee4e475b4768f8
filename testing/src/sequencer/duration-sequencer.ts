import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a whole run on the project's two-core machine, by its path from the root. */
export type Durations = Record<string, number>;

/** Where the measured durations are kept (`record-durations.cli.ts` writes it from a whole run's JSON report). */
export const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

export function readDurations(file: URL | string = DURATIONS_FILE): Durations {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/**
 * The order of a run: the groups one after another (`sequence.groupOrder`: the kinds without a page, then
 * the browser), and inside each the longest files first, so that no long file starts last and holds one
 * worker while the other waits. A group's kinds stay in blocks (a worker process is reused only by files of
 * one project: a block keeps the worker's imports), the block whose longest file is longest first, so that
 * a group ends on its shortest files. vitest's own order knows a file's time only from this machine's last
 * run, and a fresh clone has none (it then runs the largest files first, which are not the slowest); here
 * the times measured on the project's machine come with the repository. A file with no measured time (a
 * new one) runs first in its block, since it may be long.
 */
export function byMeasuredTime(files: readonly TestSpecification[], durations: Durations, root: string): TestSpecification[] {
  const measured = (file: TestSpecification) => durations[relative(root, file.moduleId)];
  const seconds = (file: TestSpecification) => measured(file) ?? Number.POSITIVE_INFINITY;
  const longest = new Map<string, number>();
  for (const file of files) longest.set(file.project.name, Math.max(longest.get(file.project.name) ?? 0, measured(file) ?? 0));
  const block = (file: TestSpecification) => longest.get(file.project.name) ?? 0;
  return [...files].sort(
    (a, b) =>
      a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
      block(b) - block(a) ||
      (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
      seconds(b) - seconds(a) ||
      (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
  );
}

/** vitest's sequencer with the order above (sharding stays vitest's). */
export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return byMeasuredTime(files, readDurations(), this.ctx.config.root);
  }
}
