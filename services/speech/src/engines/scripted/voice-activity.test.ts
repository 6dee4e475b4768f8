import { describe, expect, it } from 'vitest';
import { VoiceActivity, wordsOverVoice } from './voice-activity.ts';

/** `seconds` of 16 kHz mono s16le PCM: a 200 Hz tone at `amplitude` (0: digital silence). */
function pcm(seconds: number, amplitude: number): Buffer {
  const samples = Math.round(seconds * 16_000);
  const bytes = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) bytes.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 200 * index) / 16_000)), index * 2);
  return bytes;
}

describe('VoiceActivity', () => {
  it('finds the stretches of voice in PCM however it is cut, the breath between words left inside', () => {
    const recording = Buffer.concat([pcm(0.5, 0), pcm(1, 4000), pcm(0.1, 0), pcm(0.5, 4000), pcm(2, 0), pcm(1, 4000), pcm(0.3, 60)]);
    const activity = new VoiceActivity();
    // Pieces of odd lengths, as a pipe gives them: a sample split across two pieces still counts once.
    for (let offset = 0; offset < recording.length; offset += 4097) activity.push(recording.subarray(offset, offset + 4097));
    const voiced = activity.voiced();
    expect(voiced).toHaveLength(2);
    expect(voiced[0]?.start).toBeCloseTo(0.5, 1);
    expect(voiced[0]?.end).toBeCloseTo(2.1, 1);
    expect(voiced[1]?.start).toBeCloseTo(4.1, 1);
    expect(voiced[1]?.end).toBeCloseTo(5.1, 1);
  });

  it('hears no voice in silence or a faint hiss', () => {
    const activity = new VoiceActivity();
    activity.push(pcm(2, 0));
    activity.push(pcm(2, 100));
    expect(activity.voiced()).toEqual([]);
  });
});

describe('wordsOverVoice', () => {
  it('places the words where the voice is, each inside one stretch: the pause between the stretches is a pause between two words', () => {
    // Stretches as long as their sentences take to say (26 and 19 by the words' weights).
    const words = wordsOverVoice(
      'I led the migration. It took weeks.',
      [
        { start: 0.5, end: 3.1 },
        { start: 6.1, end: 8 },
      ],
      8.5,
    );
    expect(words.map((word) => word.word)).toEqual(['I', 'led', 'the', 'migration.', 'It', 'took', 'weeks.']);
    for (const word of words) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect((word.start >= 0.5 && word.end <= 3.1) || (word.start >= 6.1 && word.end <= 8), `${word.word} ${word.start}-${word.end}`).toBe(true);
      expect(word).toMatchObject({ confidence: 1, uncertain: false });
    }
    const gaps = words.slice(1).map((word, index) => word.start - (words[index]?.end ?? 0));
    expect(Math.max(...gaps)).toBeCloseTo(3, 0);
    expect(words.findIndex((word) => word.start >= 6.1)).toBe(4);
  });

  it('shares the whole recording among the words when it has no voice (a script that names a silent recording)', () => {
    const words = wordsOverVoice('one two', [], 4);
    expect(words[0]?.start).toBe(0);
    expect(words.at(-1)?.end).toBe(4);
  });
});
