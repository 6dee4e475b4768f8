import { beforeAll, describe, expect, it } from 'vitest';
import { WordVectors } from '../embedding/word-vectors.ts';
import { QueryCoverage } from './word-coverage.ts';

let vectors: WordVectors;
beforeAll(() => {
  vectors = WordVectors.load();
});

const SPEAKING = 'I used to be terrified of speaking in front of people. I joined a club and gave a speech every two weeks.';
const COOKING = 'Our head chef quit before a wedding, so I took over the menu and we served every plate on time.';

describe('QueryCoverage', () => {
  it('counts the same word, in any form, fully', () => {
    expect(new QueryCoverage('speeches', vectors).score(SPEAKING)).toBeCloseTo(1);
  });

  it('finds a story by words close in meaning when none is the same', () => {
    const coverage = new QueryCoverage('scared of public talks', vectors);
    const [speaking = 0, cooking = 0] = coverage.scoreAll([SPEAKING, COOKING]);
    expect(speaking).toBeGreaterThan(0);
    expect(speaking).toBeGreaterThan(cooking);
  });

  it('takes a misspelt word GloVe does not know for the word it is closest to', () => {
    const coverage = new QueryCoverage('terrifed', vectors);
    expect(coverage.score(SPEAKING)).toBeGreaterThan(0.5);
    expect(coverage.score(COOKING)).toBe(0);
  });

  it('has nothing to cover in a query of stop words', () => {
    const coverage = new QueryCoverage('what did I do', vectors);
    expect(coverage.isEmpty).toBe(true);
    expect(coverage.score(SPEAKING)).toBe(0);
  });
});
