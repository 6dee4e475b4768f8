/**
 * A spoken answer for whole-stack and browser tests: flite's `rms` voice (which pocketsphinx hears
 * well) saying two sentences with filler words, then three seconds of silence, then a result.
 * pocketsphinx hears "like", "you know" and "basically" of the first part (it rarely hears "um").
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const SPOKEN_ANSWER_PARTS = [
  'I led the migration of our checkout database, um, to a new system. It was, like, you know, basically hard.',
  'We finished two weeks early and the error rate dropped by eighty percent.',
] as const;
/** The silence between the parts, in seconds: a long pause for the delivery feedback. */
export const SPOKEN_ANSWER_PAUSE_SECONDS = 3;

/** Writes the answer as a 16 kHz mono WAV into `dir`; its path. */
export function makeSpokenAnswerWav(dir: string, name = 'spoken-answer.wav'): string {
  const [first, second] = SPOKEN_ANSWER_PARTS.map((text, index) => {
    const path = join(dir, `spoken-part-${index}.wav`);
    execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', path]);
    return path;
  });
  const out = join(dir, name);
  const resample = '[0:a]aresample=16000[a];[1:a]aresample=16000[b];[2:a]aresample=16000[c];[a][b][c]concat=n=3:v=0:a=1';
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    first ?? '',
    '-f',
    'lavfi',
    '-t',
    String(SPOKEN_ANSWER_PAUSE_SECONDS),
    '-i',
    'anullsrc=r=16000:cl=mono',
    '-i',
    second ?? '',
    '-filter_complex',
    resample,
    '-ar',
    '16000',
    '-ac',
    '1',
    out,
  ]);
  return out;
}
