import { defineConfig } from 'vitest/config';
import DurationSequencer from './testing/src/sequencer/duration-sequencer.ts';

/**
 * The test kinds as vitest projects, each with the pool, timeouts and worker count its tests need. The kinds
 * without a page run as one group, in blocks (a worker moves from one kind to the next as soon as it is free,
 * so no kind's last long file leaves a core idle), then the browser (`sequence.groupOrder`):
 * - `unit`: beside the code (`src/**\/*.test.ts`), no processes of their own; the inner loop (`make check`).
 * - `eval`: evaluations of a judgment or an engine against labelled sets (`evaluation/`, `*.eval.test.ts`,
 *   `*-evaluation.test.ts`); their floors fail the run like any test.
 * - `nats`: a real nats-server and services built in the test process (`*.nats.test.ts`).
 * - `stack`: the whole system through the gateway (`*.stack.test.ts`); files share one standard stack.
 * - `browser`: Chromium against the whole system (`*.browser.test.ts`); files share one standard stack.
 */
const WORKSPACES = '{proto,language,services/*,gateway,web,infra,bench,testing}';
const HEAVY = ['**/*.nats.test.ts', '**/*.stack.test.ts', '**/*.browser.test.ts'];
const EVALUATIONS = [`${WORKSPACES}/src/**/evaluation/**/*.test.ts`, `${WORKSPACES}/src/**/*-evaluation.test.ts`, `${WORKSPACES}/{src,test}/**/*.eval.test.ts`];
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];
/**
 * `expect.poll` waits up to this for a state in the projects with processes and pages (vitest's default is 1 s):
 * a ceiling for a loaded two-core machine, where a reload that reads a thread back can take seconds, never a measure.
 */
const POLL = { poll: { timeout: 30_000 } };

export default defineConfig({
  test: {
    reporters: ['default'],
    // One test process per worker for every file, not one per file: a file's imports are not read again (the unit
    // tests took a third of the time). Tests leave nothing behind: a temporary SQLite file or data folder each, an
    // injected clock, no global patches (a thread's own, as the sentence encoder's network guard, stays in its
    // thread); processes they start (nats-server, stacks, Chromium) are stopped in afterAll. Shuffled file orders
    // pass: `npx vitest run --project unit --sequence.shuffle.files --sequence.shuffle.tests=false --sequence.seed=N`.
    isolate: false,
    // Inside each kind, the longest files first by the times measured on the project's machine
    // (testing/src/sequencer/test-durations.json), so that no long file starts last on a fresh clone.
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [`${WORKSPACES}/{src,test}/**/*.test.{ts,tsx}`],
          exclude: [...ALWAYS_EXCLUDED, ...HEAVY, ...EVALUATIONS],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'eval',
          include: EVALUATIONS,
          exclude: [...ALWAYS_EXCLUDED, ...HEAVY],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'nats',
          expect: POLL,
          include: [`${WORKSPACES}/{src,test}/**/*.nats.test.ts`],
          exclude: ALWAYS_EXCLUDED,
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          expect: POLL,
          globalSetup: ['testing/src/standard-stack.global-setup.ts'],
          include: [`${WORKSPACES}/{src,test}/**/*.stack.test.ts`],
          exclude: ALWAYS_EXCLUDED,
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          expect: POLL,
          globalSetup: ['testing/src/standard-stack.global-setup.ts'],
          include: [`${WORKSPACES}/{src,test}/**/*.browser.test.ts`],
          exclude: ALWAYS_EXCLUDED,
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
