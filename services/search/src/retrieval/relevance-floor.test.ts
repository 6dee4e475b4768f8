import { describe, expect, it } from 'vitest';
import { isRealMatch, WORDS_ALONE, WORDS_SUPPORTED } from './relevance-floor.ts';

const meaning = { confident: 0.35, supporting: 0.18 };

describe('isRealMatch', () => {
  it('takes most of the query’s words, or a rare one, as enough on their own', () => {
    expect(isRealMatch({ evidence: WORDS_ALONE, similarity: undefined }, meaning)).toBe(true);
    expect(isRealMatch({ evidence: 1, similarity: 0.01 }, meaning)).toBe(true);
  });

  it('takes a close meaning as enough on its own', () => {
    expect(isRealMatch({ evidence: 0, similarity: 0.35 }, meaning)).toBe(true);
  });

  it('takes some words with some meaning, and neither alone', () => {
    expect(isRealMatch({ evidence: WORDS_SUPPORTED, similarity: 0.18 }, meaning)).toBe(true);
    expect(isRealMatch({ evidence: WORDS_SUPPORTED, similarity: 0.17 }, meaning)).toBe(false);
    expect(isRealMatch({ evidence: WORDS_SUPPORTED / 2, similarity: 0.3 }, meaning)).toBe(false);
    expect(isRealMatch({ evidence: 0.3, similarity: undefined }, meaning)).toBe(false);
  });

  it('asks as much of the words as the embedder says: more where its meaning speaks for paraphrases', () => {
    const sentence = { confident: 0.4, supporting: 0.25, wordsAlone: 0.7, wordsSupported: 0.4 };
    expect(isRealMatch({ evidence: 0.5, similarity: undefined }, sentence)).toBe(false);
    expect(isRealMatch({ evidence: 0.7, similarity: undefined }, sentence)).toBe(true);
    expect(isRealMatch({ evidence: 0.4, similarity: 0.25 }, sentence)).toBe(true);
    expect(isRealMatch({ evidence: 0.39, similarity: 0.3 }, sentence)).toBe(false);
  });
});
