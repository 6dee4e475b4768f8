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
 * The order of a run: the kinds one after another (`sequence.groupOrder`), and inside each the longest files
 * first, so that no long file starts last and holds one worker while the other waits. vitest's own order
 * knows a file's time only from this machine's last run, and a fresh clone has none (it then runs the
 * largest files first, which are not the slowest); here the times measured on the project's machine come
 * with the repository. A file with no measured time (a new one) runs first, since it may be long.
 */
export function byMeasuredTime(files: readonly TestSpecification[], durations: Durations, root: string): TestSpecification[] {
  const seconds = (file: TestSpecification) => durations[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
  return [...files].sort(
    (a, b) =>
      a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
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
