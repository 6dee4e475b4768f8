import { describe, expect, it } from 'vitest';
import { cleanSoloMemo } from './solo-memo.ts';

describe('cleanSoloMemo', () => {
  it('drops um, uh and their kin', () => {
    expect(cleanSoloMemo('um so i led the uh migration er of our database')).toBe('So I led the migration of our database.');
  });

  it('drops "you know" used as a filler and keeps it where it means something', () => {
    expect(cleanSoloMemo('we moved you know really fast')).toBe('We moved really fast.');
    expect(cleanSoloMemo('you know what we did')).toBe('You know what we did.');
    expect(cleanSoloMemo('do you know how it ended')).toBe('Do you know how it ended.');
  });

  it('drops "like" as a filler and keeps the verb and the comparison', () => {
    expect(cleanSoloMemo('it was like really hard and like we had like ten people')).toBe('It was really hard and we had ten people.');
    expect(cleanSoloMemo('i like the team and it looks like a win')).toBe('I like the team and it looks like a win.');
    expect(cleanSoloMemo('i would like to lead something like that')).toBe('I would like to lead something like that.');
  });

  it('says stuttered repeats once', () => {
    expect(cleanSoloMemo('i i i went to the the office')).toBe('I went to the office.');
    expect(cleanSoloMemo('we went we went to lunch')).toBe('We went to lunch.');
    expect(cleanSoloMemo('and then and then it worked')).toBe('And then it worked.');
  });

  it('keeps punctuation of a transcript that has it', () => {
    expect(cleanSoloMemo('Um, I led the team. It was, uh, hard. So, um.')).toBe('I led the team. It was hard. So.');
  });

  it('leaves a clean transcript as it is, and nothing as nothing', () => {
    expect(cleanSoloMemo('I led the migration.')).toBe('I led the migration.');
    expect(cleanSoloMemo('um uh')).toBe('');
    expect(cleanSoloMemo('')).toBe('');
  });
});
