import { beforeAll, describe, expect, it } from 'vitest';
import { WordVectors } from '@story/language/word-vectors';
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

describe('QueryCoverage, feelings and evidence', () => {
  const BURNOUT = 'I burned out completely, stopped sleeping and had panic attacks before work.';
  const LAUNCH = 'We launched the new checkout in March and conversion rose by a fifth.';

  it('covers a feeling the story tells in other words', () => {
    const [burnout = 0, launch = 0] = new QueryCoverage('anxious and overwhelmed', vectors).scoreAll([BURNOUT, LAUNCH]);
    expect(burnout).toBeGreaterThan(0.7);
    expect(launch).toBeLessThan(0.3);
  });

  it('counts only close words as evidence that a text matches at all', () => {
    // "concert" is a loose GloVe neighbour of "violin": some coverage, no evidence.
    const [match] = new QueryCoverage('violin', vectors).assess(['We sold out the concert hall.']);
    expect(match?.coverage).toBeGreaterThan(0);
    expect(match?.evidence).toBe(0);
    expect(new QueryCoverage('checkout', vectors).assess([LAUNCH])[0]?.evidence).toBe(1);
  });

  it('answers a question about an outcome with a story that tells a result', () => {
    const [launch = 0, other = 0] = new QueryCoverage('what results did it achieve?', vectors)
      .assess([LAUNCH, 'I like working with people.'])
      .map((match) => match.evidence);
    expect(launch).toBeGreaterThan(other);
  });

  it('weighs a word that few of the texts match more than one that most match', () => {
    const texts = [
      'I served in the army for years.',
      'Our customers loved the new menu.',
      'Customers kept calling the shop.',
      'We answered customers every day.',
    ];
    const together = new QueryCoverage('army customers', vectors).scoreAll(texts);
    const alone = texts.map((text) => new QueryCoverage('army customers', vectors).score(text));
    // "army" is the word only one story has: among these stories it counts for more than on its own.
    expect(together[0] ?? 0).toBeGreaterThan((alone[0] ?? 0) + 0.1);
    expect(together[1] ?? 0).toBeCloseTo(alone[1] ?? 0, 1);
  });
});
