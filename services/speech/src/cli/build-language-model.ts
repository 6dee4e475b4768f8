/**
 * Builds the offline recogniser's career language model where the configuration expects it
 * (POCKETSPHINX_LANGUAGE_MODEL's folder), unless it is there already and was built from the same
 * corpus and code. Run by `make deps` and the service image; about one to three minutes.
 *
 *   node --import tsx services/speech/src/cli/build-language-model.ts [--force]
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCareerLanguageModel } from '../engines/pocketsphinx/language-model/career-language-model.ts';
import { DEBIAN_MODEL_DIR } from '../engines/pocketsphinx/pocketsphinx-recognizer.ts';
import { DEFAULT_LANGUAGE_MODEL_DIR, careerModelFiles } from '../engines/pocketsphinx/language-model/language-model-paths.ts';

const modelDir = process.env.POCKETSPHINX_MODEL_DIR || DEBIAN_MODEL_DIR;
const outDir = process.env.POCKETSPHINX_LANGUAGE_MODEL ? dirname(process.env.POCKETSPHINX_LANGUAGE_MODEL) : DEFAULT_LANGUAGE_MODEL_DIR;
const sourceDir = join(dirname(fileURLToPath(import.meta.url)), '../engines/pocketsphinx/language-model');

if (!existsSync(join(modelDir, 'en-us.lm.bin'))) {
  console.error(`No pocketsphinx model in ${modelDir}: the career language model is not built (the generic one will be used).`);
  process.exit(0);
}
// The model is rebuilt when its code or corpus (the folder's sources) or the generic model changed.
const stamp = createHash('sha256');
for (const file of readdirSync(sourceDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort())
  stamp.update(readFileSync(join(sourceDir, file)));
stamp.update(String(readFileSync(join(modelDir, 'en-us.lm.bin')).length));
const want = stamp.digest('hex');
const stampFile = join(outDir, 'career-en-us.stamp');
const files = careerModelFiles(outDir);
const built = existsSync(files.languageModel) && existsSync(files.dictionary) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === want;
if (built && !process.argv.includes('--force')) process.exit(0);

console.log(`Building the speech recogniser's career language model in ${outDir} (a minute or two)...`);
const started = performance.now();
await buildCareerLanguageModel(modelDir, outDir, undefined, (line) => console.log(`  ${line}`));
writeFileSync(stampFile, want);
console.log(`  built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
