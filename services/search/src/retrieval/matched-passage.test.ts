import { beforeAll, describe, expect, it } from 'vitest';
import { WordVectors } from '@story/language/word-vectors';
import { matchedPassage } from './matched-passage.ts';

let vectors: WordVectors;
beforeAll(() => {
  vectors = WordVectors.load();
});

const STORY =
  'Me: I joined the company in 2019 as a junior analyst. Our cloud bill was growing faster than revenue. I profiled the Kubernetes cluster and right-sized the pods. We saved about 35k a month.\n\nCoach: Real savings. How did you convince teams?';

describe('matchedPassage', () => {
  it('finds the sentence that matches the query’s words', () => {
    const passage = matchedPassage(STORY, 'kubernetes', vectors);
    expect(passage && STORY.slice(passage.start, passage.end)).toContain('I profiled the Kubernetes cluster');
  });

  it('finds the sentence that matches by meaning when the words differ', () => {
    const passage = matchedPassage(STORY, 'how much money did we save', vectors);
    expect(passage && STORY.slice(passage.start, passage.end)).toContain('We saved about 35k a month.');
  });

  it('finds nothing when nothing matches', () => {
    expect(matchedPassage(STORY, 'zzzz qqqq', vectors)).toBeUndefined();
    expect(matchedPassage(STORY, 'the and of', vectors)).toBeUndefined();
  });
});
