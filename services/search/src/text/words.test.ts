import { describe, expect, it } from 'vitest';
import { contentWords, stem, wordTokens } from './words.ts';

describe('words', () => {
  it('reads lower-case words with their offsets, accents folded', () => {
    expect(wordTokens('Café, I’m OK!')).toEqual([
      { word: 'cafe', start: 0, end: 4 },
      { word: "i'm", start: 6, end: 9 },
      { word: 'ok', start: 10, end: 12 },
    ]);
  });

  it('keeps the words that carry meaning', () => {
    expect(contentWords('I was the one who led the Kubernetes migration')).toEqual(['one', 'led', 'kubernetes', 'migration']);
  });

  it('brings the forms of a word together', () => {
    expect(new Set(['migrate', 'migrated', 'migrating', 'migration', 'migrations'].map(stem))).toEqual(new Set(['migrat']));
    expect(new Set(['manage', 'managed', 'managing', 'management'].map(stem))).toEqual(new Set(['manag']));
    expect(stem('business')).toBe('business');
    expect(stem('led')).toBe('led');
  });
});
