import { describe, expect, it } from 'vitest';
import { idParam, parsePracticeParams, parseReviewParams } from './interview-links.ts';
import { practicePath, reviewPath } from '../../../lib/paths.ts';

describe('interview-practice links', () => {
  it('reads ids as positive integers, else 0', () => {
    expect(['7', ' 12 ', null, '', '0', '-3', 'abc', '1e3', '0x10', '2.5', '9'.repeat(20)].map(idParam)).toEqual([7, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('round-trips the review screen’s query, encoded', () => {
    const params = { description: '## Role\n\n- Lead & ship\n- 100% "remote"', jobTitle: 'Senior Engineer (Go)', companyName: 'Acme & Co', id: 0 };
    const path = reviewPath(params);
    expect(path.startsWith('/interview-practice/review?description=')).toBe(true);
    expect(path).not.toContain('id=');
    expect(parseReviewParams(new URL(path, 'http://x').searchParams)).toEqual(params);
    expect(parseReviewParams(new URL(reviewPath({ ...params, id: 9 }), 'http://x').searchParams).id).toBe(9);
  });

  it('links the practice screen with its snippet', () => {
    expect(parsePracticeParams(new URL(practicePath('- Lead teams', 5), 'http://x').searchParams)).toEqual({ section: '- Lead teams', snippetId: 5 });
  });
});
