import { mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { standardStackEnv, type StandardStackState } from './standard-stack.ts';
import { startTestStack } from './test-stack.ts';

/**
 * Global setup of the `stack` and `browser` projects: starts the project's standard stack in the
 * background (vitest runs every project's global setup before the first test, so awaiting here would
 * hold the unit tests back) and tells the files where its state will be written; stops it after the run.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const file = join(tmpdir(), `story-standard-stack-${project.name}-${process.pid}.json`);
  rmSync(file, { force: true });
  project.provide('standardStackFile', file);
  const write = (state: StandardStackState) => {
    // Written whole, then renamed: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };
  const speechScripts = mkdtempSync(join(tmpdir(), `story-speech-scripts-${project.name}-`));
  const starting = startTestStack({ env: standardStackEnv(speechScripts) }).then(
    (stack) => {
      const serviceUrls = Object.fromEntries(stack.processes.map((running) => [running.name, running.url]));
      const processes = stack.processes.map(({ name, url, metricsUrl }) => ({ name, url, metricsUrl }));
      write({ ready: true, gatewayUrl: stack.gatewayUrl, natsUrl: stack.natsUrl, dataDir: stack.dataDir, serviceUrls, processes, speechScripts });
      return stack;
    },
    (error: unknown) => {
      write({ ready: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return undefined;
    },
  );
  return async () => {
    const stack = await starting;
    await stack?.stop();
    rmSync(file, { force: true });
    rmSync(speechScripts, { recursive: true, force: true });
  };
}
