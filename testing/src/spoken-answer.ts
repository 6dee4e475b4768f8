/**
 * A spoken answer for whole-stack and browser tests: flite's `rms` voice (which pocketsphinx hears
 * well) saying two sentences with filler words, then three seconds of silence, then a result.
 * pocketsphinx hears "like", "you know" and "basically" of the first part (it rarely hears "um").
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedRecording, spokenWav } from './test-audio.ts';

export const SPOKEN_ANSWER_PARTS = [
  'I led the migration of our checkout database, um, to a new system. It was, like, you know, basically hard.',
  'We finished two weeks early and the error rate dropped by eighty percent.',
] as const;
/** The silence between the parts, in seconds: a long pause for the delivery feedback. */
export const SPOKEN_ANSWER_PAUSE_SECONDS = 3;

/** The answer as a 16 kHz mono WAV, made once (`@story/testing/test-audio`); its path in the cache. */
export function spokenAnswerWav(): string {
  const [first = '', second = ''] = SPOKEN_ANSWER_PARTS.map((text) => spokenWav(text));
  const recipe = { program: 'ffmpeg concat', parts: SPOKEN_ANSWER_PARTS, pauseSeconds: SPOKEN_ANSWER_PAUSE_SECONDS };
  const resample = '[0:a]aresample=16000[a];[1:a]aresample=16000[b];[2:a]aresample=16000[c];[a][b][c]concat=n=3:v=0:a=1';
  return cachedRecording(recipe, 'wav', (out) =>
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      first,
      '-f',
      'lavfi',
      '-t',
      String(SPOKEN_ANSWER_PAUSE_SECONDS),
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-i',
      second,
      '-filter_complex',
      resample,
      '-ar',
      '16000',
      '-ac',
      '1',
      out,
    ]),
  );
}

/** Writes the answer as a 16 kHz mono WAV into `dir` (a copy of the one made once); its path. */
export function makeSpokenAnswerWav(dir: string, name = 'spoken-answer.wav'): string {
  const out = join(dir, name);
  copyFileSync(spokenAnswerWav(), out);
  return out;
}
