import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecognizerModel } from '../pocketsphinx-recognizer.ts';

/** The files of a career model built in `dir`. */
export function careerModelFiles(dir: string): { languageModel: string; dictionary: string } {
  return { languageModel: join(dir, 'career-en-us.lm.bin'), dictionary: join(dir, 'career-en-us.dict') };
}

/** Where `make deps` builds the career language model: services/speech/models (not committed). */
export const DEFAULT_LANGUAGE_MODEL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../models');

/** The career model's files in their default place. */
export const DEFAULT_CAREER_MODEL = careerModelFiles(DEFAULT_LANGUAGE_MODEL_DIR);

/**
 * The recogniser's model as configured: the language model and dictionary when their files exist,
 * else Debian's generic ones in `modelDir` (and `missing` says which file was not there).
 */
export function configuredRecognizerModel(modelDir: string, languageModel: string, dictionary: string): RecognizerModel & { missing?: string } {
  if (!existsSync(languageModel)) return { modelDir, missing: languageModel };
  if (!existsSync(dictionary)) return { modelDir, missing: dictionary };
  return { modelDir, languageModel, dictionary };
}
