import { describe, expect, it } from 'vitest';
import { readQuery } from './query-intent.ts';

describe('readQuery', () => {
  it('leaves out the words that frame a question about one’s stories', () => {
    const intent = readQuery('I remember the story about the time I moved to Germany');
    expect(intent.subjectWords).toEqual(['moved', 'germany']);
    expect(intent.asksOutcome).toBe(false);
  });

  it('reads a question about an outcome: its subject, and that it asks what came of it', () => {
    const intent = readQuery('what happened to the coffee shop in the end?');
    expect(intent.subjectWords).toEqual(['coffee', 'shop']);
    expect(intent.asksOutcome).toBe(true);
    expect(intent.focus).toBe('what to the coffee shop?');
  });

  it('names the feelings a query asks about', () => {
    const intent = readQuery('a time I felt anxious and overwhelmed at work');
    expect(intent.subjectWords).toEqual(['felt', 'anxious', 'overwhelmed', 'work']);
    expect([...intent.feelings]).toEqual([
      ['felt', 'any'],
      ['anxious', 'fear'],
      ['overwhelmed', 'strain'],
    ]);
  });

  it('keeps every word of a query that is all framing', () => {
    expect(readQuery('the results').subjectWords).toEqual(['results']);
    expect(readQuery('my story').focus).toBe('my story');
  });
});
