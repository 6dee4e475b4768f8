import { describe, expect, it } from 'vitest';
import { alignWordTimings, displayWords, estimateWordTimings, speakableText } from './word-timings.ts';

describe('word timings', () => {
  it('puts the engine’s words onto the reply’s words, numbers and folded words included', () => {
    const text = '“We finished early” — that is 80% of it. What’s next?';
    const spoken = [
      { token: "'We", start: 0.1, end: 0.3 },
      { token: 'finished', start: 0.3, end: 0.7 },
      { token: "early'", start: 0.7, end: 1.1 },
      { token: 'that', start: 1.2, end: 1.4 },
      { token: 'is', start: 1.4, end: 1.5 },
      { token: '80%', start: 1.5, end: 1.9 },
      { token: '80%', start: 1.9, end: 2.3 },
      { token: 'of', start: 2.3, end: 2.4 },
      { token: 'it', start: 2.4, end: 2.6 },
      { token: "What's", start: 2.8, end: 3.0 },
      { token: 'next', start: 3.0, end: 3.4 },
    ];
    const timings = alignWordTimings(text, spoken, 3.6);
    expect(timings.map((t) => t.word)).toEqual(displayWords(text));
    expect(timings.find((t) => t.word === '80%')).toEqual({ word: '80%', start: 1.5, end: 2.3 });
    expect(timings.find((t) => t.word === '—')).toEqual({ word: '—', start: 1.1, end: 1.2 });
    const starts = timings.map((t) => t.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('gives words the engine skipped a share of the gap, and fills to the end when it said nothing', () => {
    const timings = alignWordTimings('one two three', [{ token: 'one', start: 0, end: 0.5 }], 2);
    expect(timings.map((t) => t.word)).toEqual(['one', 'two', 'three']);
    expect(timings[2]?.end).toBeCloseTo(2, 3);
    expect(alignWordTimings('Hello there.', [], 1).at(-1)?.end).toBeCloseTo(1, 3);
  });

  it('estimates timings over the audio’s length from the words alone (OpenAI speech has none)', () => {
    const timings = estimateWordTimings('Tell me more. What happened next?', 4);
    expect(timings.map((t) => t.word)).toEqual(['Tell', 'me', 'more.', 'What', 'happened', 'next?']);
    expect(timings[0]?.start).toBe(0);
    expect(timings.at(-1)?.end).toBeCloseTo(4, 3);
    expect((timings[4]?.end ?? 0) - (timings[4]?.start ?? 0)).toBeGreaterThan((timings[1]?.end ?? 0) - (timings[1]?.start ?? 0));
  });

  it('gives festival plain ASCII, word for word, with nothing that could end its Scheme string', () => {
    const text = 'He said “go” — café \\ "quoted" 🎉 done…';
    const speakable = speakableText(text);
    expect(speakable).toMatch(/^[\x20-\x7e]*$/);
    expect(speakable).not.toMatch(/["\\]/);
    expect(speakable).toBe("He said 'go' , cafe 'quoted' done...");
  });
});
