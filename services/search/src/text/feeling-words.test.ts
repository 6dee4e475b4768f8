import { describe, expect, it } from 'vitest';
import { feelingOf, feelingsIn } from './feeling-words.ts';

describe('feeling words', () => {
  it('knows the feeling a word names, in any of its forms', () => {
    expect(feelingOf('terrified')).toBe('fear');
    expect(feelingOf('Overwhelmed'.toLowerCase())).toBe('strain');
    expect(feelingOf('embarrassing')).toBe('sorrow');
    expect(feelingOf('proud')).toBe('pride');
    expect(feelingOf('felt')).toBe('any');
    expect(feelingOf('kitchen')).toBeUndefined();
  });

  it('finds the feelings a story tells, in words and in phrases', () => {
    expect(feelingsIn('I burned out completely and had panic attacks in the car park.')).toEqual(new Set(['strain', 'fear']));
    expect(feelingsIn("Afterwards I couldn't sleep for weeks.")).toEqual(new Set(['fear']));
    expect(feelingsIn('We shipped it on time.')).toEqual(new Set());
  });
});
