import { describe, expect, it } from 'vitest';
import { storyTitle } from './story-title.ts';

describe('storyTitle (the offline coach names a thread)', () => {
  it('names the story after what the person did, in their own words', () => {
    expect(storyTitle(['Last year I led the migration of our billing system to a new platform with a team of four engineers.'])).toBe(
      'Led the migration of our billing system',
    );
    expect(storyTitle(['We cut invoice errors by 40% and finished two weeks early.'])).toBe('Cut invoice errors by 40%');
    expect(storyTitle(['My job was to get us onto Postgres before the licence ran out.'])).toBe('My job was to get us onto Postgres');
  });

  it('takes the subject of a topic sentence', () => {
    expect(storyTitle(['I want to talk about the time I organised a charity run'])).toBe('Organised a charity run');
  });

  it('skips a hello or an "ok" and reads the next message', () => {
    expect(storyTitle(['hello', 'At my first job in a warehouse we were always late with orders.'])).toBe('At my first job in a warehouse');
  });

  it('has no title while nothing of a story was said', () => {
    for (const said of [['hi'], ['ok', 'first message'], ['what should I talk about?'], ['🙂 🙂 🙂'], ['x'.repeat(300)], []]) {
      expect(storyTitle(said), said.join(' | ')).toBeUndefined();
    }
  });

  it('keeps a title short: at most eight words and 60 characters, not ending on a little word', () => {
    const title = storyTitle(['Honestly I think my biggest challenge was when my manager quit suddenly and nobody knew who was in charge']);
    expect(title).toBe('My biggest challenge was when my manager quit');
    for (const text of ['I rebuilt the whole onboarding process for every new support engineer in three countries at once', 'I negotiated with a supplier']) {
      const named = storyTitle([text]) ?? '';
      expect(named.split(' ').length, text).toBeLessThanOrEqual(8);
      expect(named.length, text).toBeLessThanOrEqual(60);
      expect(named, text).not.toMatch(/\b(?:the|a|of|to|in|for|and)$/i);
    }
  });
});
