import { describe, expect, it } from 'vitest';
import { formatPosting } from '../offline/offline-formatter.ts';
import { evaluatePostings, f1, fixturePostingCases, readPostingCases, scorePosting } from './posting-evaluation.ts';

/**
 * The evaluation set's figures (printed by `make bench`) must not slide back. Before issue 19 the
 * offline formatter kept every word but removed 62 of the 254 furniture lines (24%), and recovered
 * headings at F1 0.55 and list items at F1 0.51.
 */
describe('offline formatter on the evaluation set of pasted postings', () => {
  it('keeps exactly the words of every posting, removes the furniture and recovers the headings and lists', () => {
    const figures = evaluatePostings(formatPosting);
    expect(figures.cases.length).toBeGreaterThanOrEqual(12);
    expect(figures.cases.filter((score) => !score.exact).map((score) => score.id)).toEqual([]);
    expect(figures.wordsAdded).toBe(0);
    expect(figures.furnitureRemoved / figures.furnitureLines).toBeGreaterThanOrEqual(0.98);
    expect(f1(figures.headings)).toBeGreaterThanOrEqual(0.95);
    expect(f1(figures.listItems)).toBeGreaterThanOrEqual(0.95);
  });

  it('gives the same markdown when its own output is formatted again', () => {
    for (const postingCase of readPostingCases()) {
      const once = formatPosting(postingCase.pasted);
      expect(formatPosting(once), postingCase.id).toBe(once);
    }
  });

  it('still keeps every word of its test postings and drops all their junk', () => {
    const figures = evaluatePostings(formatPosting, fixturePostingCases());
    expect(figures.exactCases).toBe(figures.cases.length);
    expect(figures.furnitureRemoved).toBe(figures.furnitureLines);
  });
});

describe('the scorer', () => {
  const [sample] = readPostingCases().filter((postingCase) => postingCase.id === 'linkedin-flattened');

  it('scores the expected result as perfect and the pasted text as all furniture left', () => {
    if (!sample?.expectedMarkdown) throw new Error('the evaluation set lost linkedin-flattened');
    const perfect = scorePosting(sample, sample.expectedMarkdown);
    expect(perfect).toMatchObject({ exact: true, wordsAdded: 0, furnitureRemoved: perfect.furnitureLines });
    expect(perfect.headings?.matched).toBe(perfect.headings?.expected);
    expect(perfect.listItems?.matched).toBe(perfect.listItems?.expected);
    const untouched = scorePosting(sample, sample.pasted);
    expect(untouched.furnitureRemoved).toBe(0);
    expect(untouched.furnitureLeft).toContain('Jana K. · 2nd · Engineering Manager at Northwind Freight');
    expect(untouched.wordsKept).toBe(untouched.words);
  });

  it('counts words dropped and words added', () => {
    if (!sample?.expectedMarkdown) throw new Error('the evaluation set lost linkedin-flattened');
    const dropped = scorePosting(sample, sample.expectedMarkdown.replace('strong SQL and Python', 'strong SQL'));
    expect(dropped.words - dropped.wordsKept).toBe(2);
    expect(scorePosting(sample, `${sample.expectedMarkdown}\n\nInvented words`).wordsAdded).toBe(2);
  });
});
