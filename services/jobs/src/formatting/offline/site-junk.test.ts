import { describe, expect, it } from 'vitest';
import { findJunkLines, withoutTruncationTail } from './site-junk.ts';

describe('site junk', () => {
  it('drops whole button and navigation lines, whatever their case and arrows', () => {
    const lines = ['Apply now', 'SAVE JOB', '‹ Back to search results', 'Report this job', 'Show more', 'Apply now to join a team of 12'];
    expect(findJunkLines(lines)).toEqual([true, true, true, true, true, false]);
  });

  it('drops a cookie banner and its buttons, but not "Accept" far from it nor cookies that are the job', () => {
    const lines = [
      'This site uses cookies to give you the best experience.',
      'Accept',
      'Cookie settings',
      'Pastry Chef',
      'You will bake cookies and accept deliveries from 6 a.m.',
      'Accept',
    ];
    expect(findJunkLines(lines)).toEqual([true, true, true, false, false, true]);
    const farAway = ['We use cookies.', 'a', 'b', 'c', 'd', 'Accept'];
    expect(findJunkLines(farAway).at(-1)).toBe(false);
  });

  it('takes a "…see more" off the end of a truncated line and nothing else', () => {
    expect(withoutTruncationTail('Salary: €85k …see more')).toBe('Salary: €85k');
    expect(withoutTruncationTail('and much more...')).toBe('and much more...');
    expect(withoutTruncationTail('We offer more')).toBe('We offer more');
  });
});
