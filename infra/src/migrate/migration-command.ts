import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pingMongo } from '@story/service-kit';
import { DEFAULT_PAGE_SIZE, type MigrationOptions } from './migrate.ts';
import type { MigrationSide } from './migration-units.ts';

/** A migration that cannot start, with the sentence that says what is missing. */
export class MigrationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationRefused';
  }
}

/** What `make migrate-to-mongo` was asked to do. */
export type MigrationCommand = Pick<MigrationOptions, 'source' | 'target' | 'targetLabel' | 'checkpointFile' | 'pageSize' | 'dryRun' | 'restart'>;

const CHECKPOINT_FILE = 'migrate-to-mongo.checkpoint.json';
const PROBE_TIMEOUT_MS = 5_000;

/** The URL as the checkpoint file names it: no user name or password. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    throw new MigrationRefused(`${url.replace(/\/\/[^@/]*@/, '//…@')} is not a URL.`);
  }
}

function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new MigrationRefused(`${name} needs a value.`);
  return value;
}

/**
 * Reads the command line (`--dry-run`, `--restart`, `--page-size N`, `--to-data-dir DIR`) and the
 * environment (DATA_DIR, MONGODB_URL, QDRANT_URL, QDRANT_API_KEY, QDRANT_COLLECTION). Refuses when
 * the source holds nothing or a target is not set.
 */
export function parseMigrationCommand(args: readonly string[], env: NodeJS.ProcessEnv): MigrationCommand {
  const known = new Set(['--dry-run', '--restart', '--page-size', '--to-data-dir']);
  const unknown = args.find(
    (arg, index) => arg.startsWith('--') && !known.has(arg) && !(index > 0 && ['--page-size', '--to-data-dir'].includes(args[index - 1] ?? '')),
  );
  if (unknown) throw new MigrationRefused(`Unknown option ${unknown}: the options are --dry-run, --restart, --page-size N and --to-data-dir DIR.`);
  const dataDir = resolve(env.DATA_DIR || './data');
  if (!existsSync(dataDir) || !readdirSync(dataDir).some((file) => file.endsWith('.sqlite')))
    throw new MigrationRefused(`Nothing to move: DATA_DIR (${dataDir}) holds no SQLite file of the services; set DATA_DIR to the installation's data folder.`);
  const pageText = optionValue(args, '--page-size');
  const pageSize = pageText === undefined ? DEFAULT_PAGE_SIZE : Number(pageText);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new MigrationRefused(`--page-size must be a whole number above 0, not ${pageText}.`);
  const source: MigrationSide = { documents: { kind: 'sqlite', dataDir }, vectors: { kind: 'embedded', dataDir } };
  const common = { source, checkpointFile: join(dataDir, CHECKPOINT_FILE), pageSize, dryRun: args.includes('--dry-run'), restart: args.includes('--restart') };
  const toDataDir = optionValue(args, '--to-data-dir');
  if (toDataDir !== undefined) {
    const target = resolve(toDataDir);
    if (target === dataDir) throw new MigrationRefused('--to-data-dir is DATA_DIR itself: name another folder.');
    return {
      ...common,
      target: { documents: { kind: 'sqlite', dataDir: target }, vectors: { kind: 'embedded', dataDir: target } },
      targetLabel: `data-dir:${target}`,
    };
  }
  const mongoUrl = env.MONGODB_URL?.trim();
  const qdrantUrl = env.QDRANT_URL?.trim();
  if (!mongoUrl)
    throw new MigrationRefused('MONGODB_URL is not set: say which MongoDB to copy into, e.g. MONGODB_URL=mongodb://localhost:27017/?replicaSet=rs0.');
  if (!qdrantUrl) throw new MigrationRefused('QDRANT_URL is not set: say which Qdrant takes the story vectors, e.g. QDRANT_URL=http://localhost:6333.');
  const collection = env.QDRANT_COLLECTION?.trim() || 'stories';
  return {
    ...common,
    target: {
      documents: { kind: 'mongodb', url: mongoUrl },
      vectors: { kind: 'qdrant', url: qdrantUrl, apiKey: env.QDRANT_API_KEY?.trim() || undefined, collection },
    },
    targetLabel: `mongodb:${withoutCredentials(mongoUrl)} qdrant:${withoutCredentials(qdrantUrl)}${collection}`,
  };
}

/** Refuses unless the target's servers answer (a data folder always does). */
export async function checkTargetReachable(target: MigrationSide, timeoutMs = PROBE_TIMEOUT_MS): Promise<void> {
  if (target.documents.kind === 'mongodb') {
    const { url } = target.documents;
    await pingMongo(url, timeoutMs).catch((error: unknown) => {
      throw new MigrationRefused(`MongoDB at ${withoutCredentials(url)} is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    });
  }
  if (target.vectors.kind === 'qdrant') {
    const { url, apiKey } = target.vectors;
    const answer = await fetch(new URL('/collections', url), {
      headers: apiKey ? { 'api-key': apiKey } : {},
      signal: AbortSignal.timeout(timeoutMs),
    }).then(
      (response) => (response.ok ? undefined : `it answered ${response.status}`),
      (error: unknown) => (error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)),
    );
    if (answer !== undefined) throw new MigrationRefused(`Qdrant at ${withoutCredentials(url)} is not reachable (${answer}).`);
  }
}
