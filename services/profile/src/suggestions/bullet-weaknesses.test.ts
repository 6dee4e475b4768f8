import { describe, expect, it } from 'vitest';
import { analyzeBullet, hasFigure, hasResult } from './bullet-weaknesses.ts';

const kinds = (text: string) => analyzeBullet(text).map((finding) => finding.kind);

describe('analyzeBullet', () => {
  it('finds nothing weak in a strong bullet', () => {
    expect(analyzeBullet('Cut checkout latency 40% by caching prices, saving $120k a year')).toEqual([]);
    expect(analyzeBullet('Doubled weekly active users in 6 months by rebuilding onboarding')).toEqual([]);
  });

  it('names the vague verb it saw, in a short message that says what to do', () => {
    const [vague] = analyzeBullet('Responsible for the on-call rota');
    expect(vague?.kind).toBe('vague-verb');
    expect(vague?.message).toBe("'Responsible for' says what you owned, not what you did. Start with the action.");
    expect(analyzeBullet('Worked on the checkout service').find((finding) => finding.kind === 'vague-verb')?.message).toMatch(/^'Worked on'/);
    expect(kinds('Helped to plan the summer fair')).toContain('vague-verb');
  });

  it('reads figures in digits, money, percentages and words, but not a year on its own', () => {
    for (const text of ['Served 300 covers a night', 'Saved $4k', 'Up 12%', 'Doubled sign-ups', 'Trained three new hires', 'Halved returns']) {
      expect(hasFigure(text), text).toBe(true);
    }
    expect(hasFigure('Launched the new website in 2019')).toBe(false);
    // A number that names a thing measures nothing: "line 3", "Year 11", "Ward 7", "Q3".
    for (const text of ['Reduced scrap on line 3', 'Taught maths to Year 11', 'Ran the night shift on Ward 7', 'Planned the Q3 launch'])
      expect(hasFigure(text), text).toBe(false);
    expect(hasFigure('Cut scrap on line 3 from 5% to 2%')).toBe(true);
    // "Working on reducing" is an aim, not a result.
    expect(kinds('Working on reducing scrap on line 3')).toEqual(expect.arrayContaining(['no-number', 'no-result']));
    expect(kinds('Launched the new website in 2019')).toContain('no-number');
  });

  it('tells an outcome from one only aimed at', () => {
    expect(hasResult('Rebuilt the rota, reducing overtime')).toBe(true);
    expect(hasResult('Tasked with reducing overtime')).toBe(false);
    expect(hasResult('Rewrote the rota to cut overtime')).toBe(false);
    expect(hasResult('Adopted cutting-edge tools')).toBe(false);
    expect(hasResult('Answered 50 calls a day with 98% satisfaction')).toBe(true);
  });

  it('quotes the passive it found, and leaves a relative clause about the outcome alone', () => {
    const passive = analyzeBullet('The new rota was implemented across three wards').find((finding) => finding.kind === 'passive');
    expect(passive?.message).toContain("'was implemented'");
    expect(kinds('Built a booking tool which was adopted by every clinic')).not.toContain('passive');
    expect(kinds('Was promoted to shift lead after 8 months')).not.toContain('passive');
  });

  it('flags a bullet past 30 words, and every buzzword by name', () => {
    const long = `Cut costs 10% by ${'reviewing every supplier contract and '.repeat(6)}renegotiating`;
    expect(kinds(long)).toContain('too-long');
    expect(kinds('Cut costs 10% by renegotiating supplier contracts')).not.toContain('too-long');
    const jargon = analyzeBullet('Leveraged synergies across teams').find((finding) => finding.kind === 'jargon');
    expect(jargon?.message).toContain("'Leveraged', 'synergies' are buzzwords");
  });

  it('finds nothing in an empty bullet', () => {
    expect(analyzeBullet('   ')).toEqual([]);
  });
});
