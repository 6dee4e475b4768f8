import { describe, expect, it } from 'vitest';
import { candidateQueries, draftStorySummary, draftStoryTitle, storyCandidates } from './story-candidates.ts';

describe('story candidates for the public profile', () => {
  it('drafts a title from the first clause, or the first words of a long one', () => {
    expect(draftStoryTitle('i led the migration to PostgreSQL, and errors fell. Then more.')).toBe('I led the migration to PostgreSQL');
    expect(draftStoryTitle(`We ${'really '.repeat(20)}tried.`)).toBe('We really really really really really really really really…');
  });

  it('drafts a summary of whole sentences near 280 characters, never the whole telling', () => {
    const telling = `First we measured. ${'Then we fixed one more slow part of the page. '.repeat(20)}`;
    const summary = draftStorySummary(telling);
    expect(summary.startsWith('First we measured. Then we fixed')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(280);
    expect(summary.endsWith('.')).toBe(true);
    expect(draftStorySummary('word '.repeat(100)).length).toBeLessThanOrEqual(281);
  });

  it('keeps numbers, decimals and units exactly as told (issue 38, 7)', () => {
    const told = 'The report that used to take 45 seconds came back in 1.8 seconds. We saved $1.2M, about 3.5% of the budget.';
    expect(draftStorySummary(told)).toBe(told);
    expect(draftStoryTitle('Latency fell to 1.8 seconds. Then more.')).toBe('Latency fell to 1.8 seconds');
  });

  it('offers a conversation once even when two of its messages were found (issue 38, 7)', () => {
    const found = new Map([
      ['role:r1', [{ storyId: 11, threadId: 7, content: 'I led the move. It took 3 weeks.', relevance: 0.8 }]],
      ['general:0', [{ storyId: 12, threadId: 7, content: 'I led the move. It took 3 weeks.', relevance: 0.9 }]],
    ]);
    expect(storyCandidates(found).map((candidate) => candidate.threadId)).toEqual([7]);
  });

  it('offers each story once, at its best relevance, best first', () => {
    const story = (storyId: number, relevance: number) => ({ storyId, threadId: storyId * 10, content: `Story ${storyId}.`, relevance });
    const found = new Map([
      ['role:r1', [story(1, 0.2), story(2, 0.9)]],
      ['general:0', [story(1, 0.95)]],
    ]);
    expect(storyCandidates(found).map((candidate) => candidate.threadId)).toEqual([10, 20]);
    expect(candidateQueries([{ id: 'r1', title: 'Engineer', company: 'Contoso', location: '', dates: '', bullets: ['Led it'] }])[0]).toEqual({
      key: 'role:r1',
      text: 'Engineer. Contoso. Led it',
    });
  });
});
