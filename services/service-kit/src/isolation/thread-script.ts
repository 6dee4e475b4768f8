import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How a worker thread is started: its file, and what it is told about the task module. */
export interface ThreadStart {
  file: URL;
  /** Set when the thread must load a TypeScript task module itself (running from source). */
  sourceModule?: string;
}

/** The bootstrap that loads a TypeScript task module under tsx, for processes that run from source. */
const SOURCE_BOOT = new URL('./source-thread.boot.mjs', import.meta.url);

/**
 * Where a `*.thread.ts` task module runs from. A stack process started from its esbuild bundle
 * (`…/services/profile/src/main.mjs`) has the thread's bundle beside it at the same relative place
 * (`…/services/profile/src/parsing/resume-extraction.thread.mjs`: `entriesOf` bundles every
 * `*.thread.ts`); it is found by walking up from the running bundle, and a bundle without it is a
 * packaging mistake, said at once (an image has no tsx to fall back on). Anything else (tsx, vitest)
 * runs the TypeScript source through a small bootstrap that loads it with tsx.
 */
export function threadStart(source: URL, runningScript: string | undefined = process.argv[1]): ThreadStart {
  const sourcePath = fileURLToPath(source);
  const at = sourcePath.lastIndexOf(`${sep}services${sep}`);
  if (runningScript?.endsWith('.mjs') && at >= 0) {
    const relativeBundle = sourcePath.slice(at + 1).replace(/\.ts$/, '.mjs');
    for (let dir = dirname(resolve(runningScript)); ; dir = dirname(dir)) {
      const candidate = join(dir, relativeBundle);
      if (existsSync(candidate)) return { file: pathToFileURL(candidate) };
      if (dirname(dir) === dir) break;
    }
    throw new Error(`no ${relativeBundle} beside the running bundle ${runningScript}: bundle every *.thread.ts with its service`);
  }
  return { file: SOURCE_BOOT, sourceModule: source.href };
}
