/**
 * The US English acoustic model as pocketsphinx reads it, but with a feat.params that leaves
 * `-cmninit` to the command line: the model's own file sets it, and pocketsphinx lets the model's
 * file win over the command line, so the cepstral mean measured for a recording (cepstral-mean.ts)
 * would be ignored. The folder holds links to the model's files and a copy of feat.params without
 * that line; it is made once per process, in the temporary folder, beside nothing else.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Map<string, string>();

/** feat.params without its `-cmninit` line. */
export const withoutCmninit = (featParams: string) =>
  featParams
    .split('\n')
    .filter((line) => !/^\s*-cmninit\b/.test(line))
    .join('\n');

/** A folder that is `acousticModel` with feat.params free of `-cmninit` (made on first use). */
export function acousticModelWithoutCmninit(acousticModel: string): string {
  const known = made.get(acousticModel);
  if (known) return known;
  const dir = join(tmpdir(), `pocketsphinx-acoustic-${createHash('sha1').update(acousticModel).digest('hex').slice(0, 12)}`);
  const featParams = join(dir, 'feat.params');
  if (!existsSync(featParams)) {
    // Built aside and renamed, so two processes making it at once never see half of it.
    const building = `${dir}.${process.pid}.${Date.now()}`;
    mkdirSync(building, { recursive: true });
    for (const name of readdirSync(acousticModel)) {
      if (name !== 'feat.params') symlinkSync(join(acousticModel, name), join(building, name));
    }
    writeFileSync(join(building, 'feat.params'), withoutCmninit(readFileSync(join(acousticModel, 'feat.params'), 'utf8')));
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  made.set(acousticModel, dir);
  return dir;
}
