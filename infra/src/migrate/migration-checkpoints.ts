import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface CheckpointFile {
  targets: Record<string, Record<string, string>>;
}

function readCheckpoints(file: string): CheckpointFile {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('targets' in parsed) || typeof parsed.targets !== 'object' || parsed.targets === null)
    throw new Error(`${file} is not a migration checkpoint file: delete it to copy everything again`);
  return { targets: parsed.targets as Record<string, Record<string, string>> };
}

/**
 * The last copied key of each collection, per target, in a JSON file under the source's data folder:
 * an interrupted run continues after it, and a finished one finds nothing after it to copy. Written
 * whole to a temporary file and renamed over the old one, so a crash leaves one or the other.
 */
export class MigrationCheckpoints {
  private readonly data: CheckpointFile;

  constructor(
    private readonly file: string,
    private readonly target: string,
  ) {
    this.data = existsSync(file) ? readCheckpoints(file) : { targets: {} };
  }

  private get entries(): Record<string, string> {
    this.data.targets[this.target] ??= {};
    return this.data.targets[this.target] ?? {};
  }

  lastKey(service: string, collection: string): string | undefined {
    return this.entries[`${service}/${collection}`];
  }

  save(service: string, collection: string, key: string): void {
    this.entries[`${service}/${collection}`] = key;
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.data, null, 2)}\n`);
    renameSync(temporary, this.file);
  }

  /** Forgets this target's keys (`--restart`: copy everything again; the writes are upserts). */
  clear(): void {
    this.data.targets[this.target] = {};
  }
}
