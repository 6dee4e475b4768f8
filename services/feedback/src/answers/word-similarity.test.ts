import { describe, expect, it } from 'vitest';
import { SOFT_MATCH_FLOOR } from './question-identity.ts';
import { contentTerms } from './question-words.ts';
import { termSimilarity } from './word-similarity.ts';

const term = (text: string) => {
  const [found] = contentTerms(text);
  if (!found) throw new Error(`no content word in "${text}"`);
  return found;
};

describe('how alike two question words are', () => {
  it('finds near words the synonym lists do not fold, by the word as written', () => {
    expect(termSimilarity(term('complicated'), term('complex'))).toBeGreaterThan(SOFT_MATCH_FLOOR);
    expect(termSimilarity(term('transactions'), term('payments'))).toBeGreaterThan(SOFT_MATCH_FLOOR);
    expect(termSimilarity(term('shelves'), term('payments'))).toBeLessThan(SOFT_MATCH_FLOOR);
  });

  it('gives the most frequent words no near words, and a hyphenated word its parts', () => {
    expect(termSimilarity(term('well'), term('way'))).toBe(0);
    expect(termSimilarity(term('non-technical'), term('technical'))).toBeGreaterThan(SOFT_MATCH_FLOOR);
    expect(termSimilarity(term('qwxzv'), term('complex'))).toBe(0);
  });
});
