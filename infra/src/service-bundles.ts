import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The processes of the stack as Node runs them quickly: each entry bundled by esbuild (the transform
 * tsx applies file by file) with our workspaces' code inside and npm packages left to Node. A service
 * then starts in about a third of the time tsx takes to load the same few hundred files one by one,
 * which is most of what a whole-stack or browser test spends before its first request.
 *
 * Bundles live under `node_modules/.cache/story-bundles/`, one folder per build, named in
 * `latest.json` with every source file the build read (size and modification time); a later start
 * reuses them only while all of those files are unchanged, so an edit is always what runs.
 * `STORY_RUN_FROM_SOURCE=1` runs the sources under tsx instead.
 */

/** How a stack process is started: node's arguments before nothing else. */
export type NodeArgs = readonly string[];

interface BuildRecord {
  dir: string;
  entries: string[];
  inputs: Record<string, { size: number; mtimeMs: number }>;
}

const RECORD = 'latest.json';
/** Folders of older builds outlive their replacement this long: a stack started from one may still run. */
const OLD_BUILD_GRACE_MS = 60 * 60_000;

/** Where an entry's bundle is, under the folder of a build. */
export const bundleOf = (entry: string): string => entry.replace(/\.ts$/, '.mjs');

/**
 * Each workspace file keeps its own `import.meta.url` (and `dirname`/`filename`) inside the bundle,
 * so files it reads beside itself (models, word lists, GraphQL schemas, fonts) are found as under tsx.
 */
function ownImportMeta(): Plugin {
  return {
    name: 'own-import-meta',
    setup(builder) {
      // Bare imports other than our workspaces stay imports, resolved by Node from the bundle's place.
      builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@story/') ? undefined : { path: args.path, external: true }));
      builder.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}

function readRecord(cacheDir: string): BuildRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(cacheDir, RECORD), 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
}

/** The record's build, when it bundled these entries and none of the files it read has changed since. */
function upToDate(record: BuildRecord | undefined, root: string, entries: readonly string[]): boolean {
  if (!record || record.entries.join('\n') !== [...entries].sort().join('\n')) return false;
  for (const [file, seen] of Object.entries(record.inputs)) {
    try {
      const now = statSync(join(root, file));
      if (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs) return false;
    } catch {
      return false;
    }
  }
  try {
    return statSync(record.dir).isDirectory();
  } catch {
    return false;
  }
}

async function removeOldBuilds(cacheDir: string, keep: string): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  const cutoff = Date.now() - OLD_BUILD_GRACE_MS;
  for (const name of names) {
    const path = join(cacheDir, name);
    if (!name.startsWith('build-') || path === keep) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Bundles `entries` (paths under `root`) into `outdir`, each at its own path with `.mjs` (and a linked
 * source map); answers the files the build read, relative to `root`.
 */
export async function bundleEntries(root: string, entries: readonly string[], outdir: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries.map((entry) => join(root, entry)),
    outbase: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    plugins: [ownImportMeta()],
  });
  return Object.keys(result.metafile.inputs);
}

/** A lock older than this was left by a process that died while bundling (a build takes seconds). */
const STALE_LOCK_MS = 120_000;

/** Whether the process that wrote a lock is gone (or the lock is stale). */
function lockIsStale(lockDir: string): boolean {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    if (Date.now() - statSync(lockDir).mtimeMs > STALE_LOCK_MS) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No pid file yet (being written) is a live lock; a process that does not exist is a dead one.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `build` holding the cache's lock (a folder made exclusively), so that two processes starting
 * stacks at once (two test workers, a test and a bench) bundle once: the second waits for the first
 * and then finds its build up to date.
 */
async function withBuildLock<T>(cacheDir: string, build: () => Promise<T>): Promise<T> {
  const lockDir = join(cacheDir, 'build.lock');
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockIsStale(lockDir)) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    writeFileSync(join(lockDir, 'pid'), String(process.pid));
    return await build();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Bundles `entries` (paths under `root`) once, or finds the bundles of an unchanged earlier build; answers their folder. */
export async function ensureBundles(root: string, entries: readonly string[], cacheDir = join(root, 'node_modules/.cache/story-bundles')): Promise<string> {
  const found = readRecord(cacheDir);
  if (found && upToDate(found, root, entries)) return found.dir;
  mkdirSync(cacheDir, { recursive: true });
  return withBuildLock(cacheDir, async () => {
    // Another process may have built while this one waited for the lock.
    const built = readRecord(cacheDir);
    if (built && upToDate(built, root, entries)) return built.dir;
    const dir = join(cacheDir, `build-${process.pid}-${Date.now().toString(36)}`);
    const read = await bundleEntries(root, entries, dir);
    const inputs: BuildRecord['inputs'] = {};
    for (const input of read) {
      const { size, mtimeMs } = statSync(join(root, input));
      inputs[input] = { size, mtimeMs };
    }
    // The record is swapped whole: a reader never sees half of one.
    const record: BuildRecord = { dir, entries: [...entries].sort(), inputs };
    const temporary = join(cacheDir, `${RECORD}.${process.pid}.${Date.now()}`);
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, join(cacheDir, RECORD));
    await removeOldBuilds(cacheDir, dir);
    return dir;
  });
}

/**
 * Starts processes of `entries` (paths under `root`, e.g. `services/auth/src/main.ts`): from their
 * bundles, or from source under tsx when `STORY_RUN_FROM_SOURCE` is set.
 */
export class ProcessLauncher {
  private bundles?: Promise<string>;

  constructor(
    private readonly root: string,
    private readonly entries: readonly string[],
    private readonly fromSource = Boolean(process.env.STORY_RUN_FROM_SOURCE),
  ) {}

  /** Node's arguments that run `entry`, which must be one of the launcher's entries. */
  async argsFor(entry: string): Promise<NodeArgs> {
    if (this.fromSource) return ['--import', 'tsx', join(this.root, entry)];
    if (!this.entries.includes(entry)) throw new Error(`${entry} is not among the bundled entries`);
    this.bundles ??= ensureBundles(this.root, this.entries);
    const dir = await this.bundles;
    return ['--enable-source-maps', join(dir, bundleOf(entry))];
  }
}
