/**
 * Frequency warping by voice (vocal tract length normalisation, chosen by pitch). A voice with a
 * shorter vocal tract has its formants higher than the voices pocketsphinx's US English model
 * learnt from, and the model hears it worse. Warping the front end's frequency axis
 * (`-warp_type inverse_linear -warp_params a`: each frequency divided by a) moves a voice's formants
 * towards where the model expects them.
 *
 * Whether to warp is told by the voice's pitch, measured on the same first seconds as the
 * cepstral mean (cepstral-mean.ts): the median fundamental frequency of the voiced frames, by
 * normalised autocorrelation (about 40 ms of work for 3 s). On the tuning recordings
 * (services/speech/evaluation, clean voices): flite slt (about 175 Hz) warped by 1.14 went from
 * 11.3 % word errors to 9.2 %, but flite rms (about 105 Hz) by 1.08 from 6.0 % to 7.9 %. So higher
 * voices are warped, and lower ones are not. Warping the lower voices the other way, by 0.94, did
 * better on the tuning voices (15.2 % to 14.2 %) but not on unheard ones: flite awb went from 16.5 %
 * to 17.3 % and festival ked_diphone from 22.5 % to 20.8 %, and the career model's own check (awb and
 * kal16, 10 sentences) from 13.3 % to 16.7 %. It was not kept.
 */

/** Samples a second of the PCM measured. */
const SAMPLE_RATE = 16_000;
/** Analysis frames: 40 ms, every 10 ms. */
const FRAME = 640;
const HOP = 160;
/** Pitches looked for: 70 to 400 Hz. */
const MIN_LAG = Math.floor(SAMPLE_RATE / 400);
const MAX_LAG = Math.ceil(SAMPLE_RATE / 70);
/** A frame is voiced when its autocorrelation at the pitch's lag is at least this (of its energy). */
const VOICED_CORRELATION = 0.6;
/** Fewer voiced frames than this (0.3 s) say too little. */
const MIN_VOICED_FRAMES = 30;

/** Voices whose median pitch is above this are warped (between typical male and female pitch). */
export const HIGH_VOICE_HZ = 160;
/** The warp for higher voices, chosen on the tuning recordings. */
export const HIGH_VOICE_WARP = 1.14;

/** The samples of 16-bit little-endian PCM, as numbers. */
function samplesOf(pcm: Buffer): Float64Array {
  const samples = new Float64Array(Math.floor(pcm.length / 2));
  for (let index = 0; index < samples.length; index++) samples[index] = pcm.readInt16LE(index * 2);
  return samples;
}

/** A frame's pitch in Hz, or undefined when it is not voiced (quiet, noise, or no clear period). */
function framePitch(samples: Float64Array, start: number, quietEnergy: number): number | undefined {
  let energy = 0;
  for (let index = start; index < start + FRAME; index++) energy += (samples[index] ?? 0) ** 2;
  if (energy < quietEnergy) return undefined;
  let bestLag = 0;
  let best = 0;
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
    let product = 0;
    let shifted = 0;
    let own = 0;
    for (let index = start; index < start + FRAME - lag; index++) {
      const value = samples[index] ?? 0;
      const later = samples[index + lag] ?? 0;
      product += value * later;
      own += value * value;
      shifted += later * later;
    }
    const correlation = product / Math.sqrt(own * shifted || 1);
    if (correlation > best) {
      best = correlation;
      bestLag = lag;
    }
  }
  return best >= VOICED_CORRELATION && bestLag > 0 ? SAMPLE_RATE / bestLag : undefined;
}

/** The median pitch (Hz) of the voiced frames of 16 kHz mono 16-bit PCM, or undefined when too few are voiced. */
export function medianPitch(pcm: Buffer): number | undefined {
  const samples = samplesOf(pcm);
  const starts: number[] = [];
  for (let start = 0; start + FRAME <= samples.length; start += HOP) starts.push(start);
  const energies = starts.map((start) => {
    let energy = 0;
    for (let index = start; index < start + FRAME; index++) energy += (samples[index] ?? 0) ** 2;
    return energy;
  });
  const loudest = Math.max(0, ...energies);
  const pitches = starts
    .map((start) => framePitch(samples, start, loudest * 0.05))
    .filter((pitch): pitch is number => pitch !== undefined)
    .sort((a, b) => a - b);
  if (pitches.length < MIN_VOICED_FRAMES) return undefined;
  return pitches[Math.floor(pitches.length / 2)];
}

/** The frequency warp for a voice of `pitch` Hz: HIGH_VOICE_WARP above HIGH_VOICE_HZ, otherwise none (1). */
export const warpForPitch = (pitch: number | undefined) => (pitch !== undefined && pitch > HIGH_VOICE_HZ ? HIGH_VOICE_WARP : 1);

/** The front end's arguments for `warp` (none for 1). */
export const warpArgs = (warp: number) => (warp === 1 ? [] : ['-warp_type', 'inverse_linear', '-warp_params', String(warp)]);
