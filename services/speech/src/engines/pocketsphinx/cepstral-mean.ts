/**
 * The cepstral mean a recording starts from. pocketsphinx normalises each frame's cepstrum by a
 * running mean (live CMN) that starts, for every recording, at the US English model's `-cmninit`
 * (read from its feat.params, which overrides the command line). A voice whose mean lies far from
 * that start is misheard until the mean has caught up, which for a short answer is never: on
 * unheard synthetic voices the first utterance carried most of the errors, and a whole-utterance
 * mean (pocketsphinx_batch) made a third fewer (services/speech/evaluation/README.md).
 *
 * So the first seconds of each recording are measured before the recogniser starts: sphinx_fe
 * (the recogniser's own front end, with the model's feature settings) turns them into cepstra,
 * and the mean of the voiced frames (the louder part of the energy range, as the recogniser's
 * voice detector drops the quiet) is given to pocketsphinx as `-cmninit`, with an acoustic-model
 * folder whose feat.params does not set it (see acoustic-model.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProgram } from '../child-process.ts';
import { warpArgs } from './frequency-warp.ts';

/** Seconds of the recording measured before the recogniser starts (chosen on the tuning voices). */
export const CEPSTRAL_MEAN_SECONDS = 3;
/** Cepstral coefficients per frame (c0 to c12). */
const CEPSTRA = 13;
/** sphinx_fe's settings: those of the US English model's feat.params. */
const FRONT_END = ['-samprate', '16000', '-lowerf', '130', '-upperf', '6800', '-nfilt', '25', '-transform', 'dct', '-lifter', '22'];
/** Fewer voiced frames than this (0.3 s) say too little: the model's own start is kept. */
const MIN_FRAMES = 30;

/** The frames of a sphinx MFC file: a 32-bit count of floats, then the floats, 13 a frame (little-endian here). */
export function framesOfMfc(file: Buffer): number[][] {
  if (file.length < 4) return [];
  const count = Math.min(file.readInt32LE(0), Math.floor((file.length - 4) / 4));
  const frames: number[][] = [];
  for (let frame = 0; frame + CEPSTRA <= count; frame += CEPSTRA) {
    frames.push(Array.from({ length: CEPSTRA }, (_, index) => file.readFloatLE(4 + (frame + index) * 4)));
  }
  return frames;
}

/** The value at a fraction of sorted `values`. */
const quantile = (sorted: readonly number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;

/**
 * The mean cepstrum of the voiced frames: those whose energy (c0) is in the upper part of the
 * range between the quiet (10th percentile) and the loud (90th); undefined when too few.
 */
export function voicedMean(frames: readonly number[][], fraction = 1 / 3): number[] | undefined {
  const energies = frames.map((frame) => frame[0] ?? 0).sort((a, b) => a - b);
  const quiet = quantile(energies, 0.1);
  const threshold = quiet + (quantile(energies, 0.9) - quiet) * fraction;
  const voiced = frames.filter((frame) => (frame[0] ?? 0) >= threshold);
  if (voiced.length < MIN_FRAMES) return undefined;
  return Array.from({ length: CEPSTRA }, (_, index) => voiced.reduce((sum, frame) => sum + (frame[index] ?? 0), 0) / voiced.length);
}

/** `-cmninit`'s value: "52.34,5.81,…". */
export const cmninitArg = (mean: readonly number[]) => mean.map((value) => value.toFixed(2)).join(',');

/**
 * The voiced cepstral mean of 16 kHz mono 16-bit PCM, with the front end's frequency `warp` (the
 * recogniser's own, frequency-warp.ts), or undefined (too little voice, or sphinx_fe failed).
 */
export async function cepstralMeanOf(pcm: Buffer, warp = 1, timeoutMs = 5000): Promise<number[] | undefined> {
  if (pcm.length < MIN_FRAMES * 320) return undefined;
  const base = join(tmpdir(), `cepstra-${randomUUID()}`);
  try {
    await writeFile(`${base}.raw`, pcm);
    await runProgram('sphinx_fe', ['-i', `${base}.raw`, '-o', `${base}.mfc`, '-raw', 'yes', '-input_endian', 'little', ...FRONT_END, ...warpArgs(warp)], {
      timeoutMs,
    });
    return voicedMean(framesOfMfc(await readFile(`${base}.mfc`)));
  } catch {
    return undefined;
  } finally {
    await Promise.all([rm(`${base}.raw`, { force: true }), rm(`${base}.mfc`, { force: true })]);
  }
}
