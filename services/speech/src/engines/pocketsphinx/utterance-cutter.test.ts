import { describe, expect, it } from 'vitest';
import { MAX_UTTERANCE_S, PCM_SAMPLE_RATE, UtteranceCutter } from './utterance-cutter.ts';

/** PCM of alternating speech-like noise and silence: `pattern` in seconds, speech first. */
function pcmOf(pattern: readonly number[]): Buffer {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
  const parts = pattern.map((seconds, index) => {
    const samples = Math.round(seconds * PCM_SAMPLE_RATE);
    const buffer = Buffer.alloc(samples * 2);
    const loud = index % 2 === 0 ? 8000 : 30;
    for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(random() * loud), i * 2);
    return buffer;
  });
  return Buffer.concat(parts);
}

/** Feeds `pcm` in pieces of the given sizes (cycled); everything that comes out. */
function cut(pcm: Buffer, sizes: readonly number[]): { out: Buffer; cutter: UtteranceCutter } {
  const cutter = new UtteranceCutter();
  const out: Buffer[] = [];
  for (let offset = 0, step = 0; offset < pcm.length; step++) {
    const size = sizes[step % sizes.length] ?? 1;
    out.push(cutter.push(pcm.subarray(offset, offset + size)));
    offset += size;
  }
  out.push(cutter.flush());
  return { out: Buffer.concat(out), cutter };
}

describe('UtteranceCutter', () => {
  it('cuts the same places however the audio was chunked (streamed and uploaded give the same input)', () => {
    const pcm = pcmOf([4, 0.4, 5, 0.2, 7, 0.1, 3]);
    const whole = cut(pcm, [pcm.length]);
    for (const sizes of [[1], [333], [16_000, 7], [4096]]) expect(cut(pcm, sizes).out.equals(whole.out), JSON.stringify(sizes)).toBe(true);
  });

  it('cuts at a pause once an utterance is a few seconds long, not before', () => {
    expect(cut(pcmOf([2, 0.35, 2]), [4096]).cutter.cuts).toBe(0);
    expect(cut(pcmOf([4, 0.35, 2]), [4096]).cutter.cuts).toBe(1);
    // A short pause does only once the utterance is long.
    expect(cut(pcmOf([4, 0.2, 2]), [4096]).cutter.cuts).toBe(0);
    expect(cut(pcmOf([7, 0.2, 2]), [4096]).cutter.cuts).toBe(1);
  });

  it('never lets an utterance run past the longest allowed, pause or not', () => {
    const { cutter, out } = cut(pcmOf([40]), [4096]);
    expect(cutter.cuts).toBeGreaterThanOrEqual(Math.floor(40 / MAX_UTTERANCE_S));
    expect(cutter.heardSeconds).toBeCloseTo(40, 1);
    // Each cut adds 0.6 s of silence, counted in the output but not in what was heard.
    expect(out.length / 2 / PCM_SAMPLE_RATE).toBeCloseTo(40 + 0.6 * cutter.cuts, 1);
  });

  it('maps a time in what the recogniser got back to the recording, the put-in silence taken out', () => {
    const { cutter, out } = cut(pcmOf([4, 0.4, 5]), [4096]);
    expect(cutter.cuts).toBe(1);
    const fedSeconds = out.length / 2 / PCM_SAMPLE_RATE;
    expect(cutter.recordingSecondsAt(1)).toBeCloseTo(1, 3);
    expect(cutter.recordingSecondsAt(fedSeconds)).toBeCloseTo(cutter.heardSeconds, 3);
    expect(cutter.recordingSecondsAt(fedSeconds - 1)).toBeCloseTo(cutter.heardSeconds - 1, 3);
  });
});
