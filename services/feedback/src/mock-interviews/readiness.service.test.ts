import { describe, expect, it } from 'vitest';
import { sameRequirement } from './readiness.service.ts';

describe('a snippet and a requirement line saying the same requirement', () => {
  it('are one requirement when one holds the other’s words, whatever the bullet, case and stops', () => {
    expect(sameRequirement('- Improve scheduling and reduce patient wait times', 'Improve scheduling and reduce patient wait times.')).toBe(true);
    expect(sameRequirement('Requirements: 5+ years of Python; strong SQL', '5+ years of Python')).toBe(true);
    expect(sameRequirement('Python', 'Python and SQL for reporting')).toBe(false);
    expect(sameRequirement('Lead cross-functional projects', 'Own the weekly operations budget')).toBe(false);
    expect(sameRequirement('', 'anything')).toBe(false);
  });
});
