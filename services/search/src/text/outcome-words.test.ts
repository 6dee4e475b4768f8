import { describe, expect, it } from 'vitest';
import { wordTokens } from './words.ts';
import { outcomeQuestionPositions, tellsAResult } from './outcome-words.ts';

function outcomeQuestionWords(query: string): string[] {
  const words = wordTokens(query).map((token) => token.word);
  const asking = outcomeQuestionPositions(words);
  return words.filter((_word, index) => asking.has(index));
}

describe('outcome words', () => {
  it('finds the words with which a query asks what came of something', () => {
    expect(outcomeQuestionWords('what happened to the apprentice?')).toEqual(['happened']);
    expect(outcomeQuestionWords('did the study group pay off in the end?')).toEqual(['pay', 'off', 'in', 'the', 'end']);
    expect(outcomeQuestionWords('how many guests complained')).toEqual(['how', 'many']);
    expect(outcomeQuestionWords('the results I delivered')).toEqual(['results']);
    expect(outcomeQuestionWords('moving an old database')).toEqual([]);
  });

  it('tells a story that reports a result from one that does not', () => {
    expect(tellsAResult('Scrap dropped to two percent.')).toBe(true);
    expect(tellsAResult('We saved about 35k a month.')).toBe(true);
    expect(tellsAResult('I like working with people.')).toBe(false);
  });
});
