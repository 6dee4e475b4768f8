import { describe, expect, it } from 'vitest';
import { frameLevel, freshSilenceWatch, SILENCE_LEVEL, watchSilence, type SilenceWatch } from './silence-detector.ts';

/** Feeds levels sampled every `stepMs`; the time (ms) at which the answer ended, or null. */
function endsAt(levels: readonly number[], silenceMs: number, stepMs = 100): number | null {
  let watch: SilenceWatch = freshSilenceWatch();
  for (const [i, level] of levels.entries()) {
    const next = watchSilence(watch, level, i * stepMs, silenceMs);
    if (next.ended) return i * stepMs;
    watch = next.watch;
  }
  return null;
}

const speech = (n: number) => Array.from({ length: n }, () => 0.2);
const quiet = (n: number) => Array.from({ length: n }, () => 0.001);

describe('hands-free silence detection', () => {
  it('ends the answer after the set silence that follows speech', () => {
    expect(endsAt([...speech(10), ...quiet(40)], 3000)).toBe(4000);
  });

  it('never ends it before the person has spoken, however long they think', () => {
    expect(endsAt(quiet(600), 3000)).toBeNull();
  });

  it('starts the silence again at every word: shorter pauses never end the answer', () => {
    const pauses = [...speech(5), ...quiet(25), ...speech(2), ...quiet(25), ...speech(2), ...quiet(10)];
    expect(endsAt(pauses, 3000)).toBeNull();
  });

  it('measures a frame’s level as the root mean square around the middle byte', () => {
    expect(frameLevel(new Uint8Array(256).fill(128))).toBe(0);
    expect(frameLevel([])).toBe(0);
    expect(frameLevel(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 160 : 96)))).toBeCloseTo(0.25);
    expect(frameLevel(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 129 : 127)))).toBeLessThan(SILENCE_LEVEL);
  });
});
