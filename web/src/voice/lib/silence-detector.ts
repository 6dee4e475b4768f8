/**
 * Hands-free answers (issue 23): a silence of the length the person set ends a spoken answer. The
 * microphone's level is sampled (an AnalyserNode's time-domain bytes); silence counts only once the
 * person has spoken, so thinking before the first word never ends the answer.
 */

/** A level below this (root mean square of the signal, 0 to 1) is silence: well above a quiet room's hiss, well below speech. */
export const SILENCE_LEVEL = 0.02;

export interface SilenceWatch {
  /** The person has said something since the answer started. */
  heardSpeech: boolean;
  /** When the current silence began (ms), or null while speaking. */
  quietSince: number | null;
}

export const freshSilenceWatch = (): SilenceWatch => ({ heardSpeech: false, quietSince: null });

/** The level of one analyser frame: the root mean square of its samples (bytes around 128), from 0 to 1. */
export function frameLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const centred = ((samples[i] ?? 128) - 128) / 128;
    sum += centred * centred;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * The watch after a level sampled at `now` (ms), and whether the answer ends: the person spoke, then
 * stayed below `SILENCE_LEVEL` for `silenceMs` without a break.
 */
export function watchSilence(watch: SilenceWatch, level: number, now: number, silenceMs: number): { watch: SilenceWatch; ended: boolean } {
  if (level >= SILENCE_LEVEL) return { watch: { heardSpeech: true, quietSince: null }, ended: false };
  if (!watch.heardSpeech) return { watch, ended: false };
  const quietSince = watch.quietSince ?? now;
  return { watch: { heardSpeech: true, quietSince }, ended: now - quietSince >= silenceMs };
}
