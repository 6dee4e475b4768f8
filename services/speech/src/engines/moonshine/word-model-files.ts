/**
 * The offline word recogniser's model: Moonshine Tiny (English speech to text, 27 M parameters,
 * quantised ONNX, MIT licence), as its makers publish it inside the npm package
 * `@moonshine-ai/moonshine-js`. `make deps` fetches that package's tarball from the npm registry
 * (`npm pack`, which checks the registry's integrity), checks these digests, and keeps the two files
 * in services/speech/models/moonshine-tiny (not committed). Nothing else of the package is used: its
 * own dependencies do not install from the registry.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE_MODEL_DIR } from '../pocketsphinx/language-model/language-model-paths.ts';

export const WORD_MODEL_PACKAGE = '@moonshine-ai/moonshine-js@0.1.29';
/** Where the files are inside the package's tarball. */
export const WORD_MODEL_PACKAGE_DIR = 'package/dist/model/tiny/quantized';

/** The files and their SHA-256. */
export const WORD_MODEL_FILES = {
  encoder: { name: 'encoder_model.onnx', sha256: 'c6fc4b7bc5af75c0591fd157a1f3829b533d18e9769a888fd95a62e470dd4f4a' },
  decoder: { name: 'decoder_model_merged.onnx', sha256: 'eed87831c3a6103534aae7d47a5d485025c659a1323901513961c39fe8a1a367' },
} as const;

/** Where `make deps` puts the model: services/speech/models/moonshine-tiny. */
export const DEFAULT_WORD_MODEL_DIR = join(DEFAULT_LANGUAGE_MODEL_DIR, 'moonshine-tiny');

export interface WordModelPaths {
  encoder: string;
  decoder: string;
}

export function wordModelPaths(dir: string): WordModelPaths {
  return { encoder: join(dir, WORD_MODEL_FILES.encoder.name), decoder: join(dir, WORD_MODEL_FILES.decoder.name) };
}

/** The model in `dir`, or why it cannot be used (a file missing or not the published one). */
export function checkedWordModel(dir: string): { paths: WordModelPaths } | { problem: string } {
  const paths = wordModelPaths(dir);
  for (const [part, file] of Object.entries(WORD_MODEL_FILES)) {
    const path = paths[part as keyof WordModelPaths];
    if (!existsSync(path)) return { problem: `${path} is missing` };
    const digest = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (digest !== file.sha256) return { problem: `${path} is not the published model (sha256 ${digest})` };
  }
  return { paths };
}
