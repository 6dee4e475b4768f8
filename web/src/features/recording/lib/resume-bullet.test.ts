import { describe, expect, it } from 'vitest';
import { parseRecordingParams } from './recording-params.ts';
import { bulletStoryPath, tellStoryPath } from '../../../lib/paths.ts';
import { bulletTextOf } from './resume-bullet.ts';

const RESUME = {
  id: 4,
  content: {
    name: 'Ada',
    contact: [],
    summary: '',
    education: [],
    skills: [],
    extraSections: [],
    roles: [
      {
        id: 'r-northwind',
        title: 'Software Engineer',
        company: 'Northwind',
        location: '',
        dates: '2019 – 2022',
        start: '2019',
        end: '2022',
        bullets: [{ id: 'b-checkout', text: 'Worked on the checkout page' }],
      },
    ],
  },
};

describe('the story behind a résumé line', () => {
  it('finds the bullet’s text in its résumé, and nothing in another or for a bullet gone', () => {
    expect(bulletTextOf(RESUME, { resumeId: 4, bulletId: 'b-checkout' })).toBe('Worked on the checkout page');
    expect(bulletTextOf(RESUME, { resumeId: 5, bulletId: 'b-checkout' })).toBeNull();
    expect(bulletTextOf(RESUME, { resumeId: 4, bulletId: 'b-gone' })).toBeNull();
  });

  it('sends /welcome?resume=…&bullet=… to a new typed conversation about the line, which /recording reads', () => {
    const link = tellStoryPath(4, 'b-checkout');
    expect(link).toBe('/welcome?resume=4&bullet=b-checkout');
    const path = bulletStoryPath(new URL(`http://x${link}`).searchParams);
    expect(path).toBe('/recording?mode=new&type=text&resume=4&bullet=b-checkout');
    const params = parseRecordingParams(new URL(`http://x${path ?? ''}`).searchParams);
    expect(params).toMatchObject({ mode: 'new', type: 'text', resumeBullet: { resumeId: 4, bulletId: 'b-checkout' } });
    expect(bulletStoryPath(new URLSearchParams('resume=4'))).toBeNull();
  });

  it('reads no bullet from a malformed or half link', () => {
    for (const query of ['resume=0&bullet=b-checkout', 'resume=x&bullet=b-checkout', 'resume=4&bullet=B%21', 'bullet=b-checkout', '']) {
      expect(parseRecordingParams(new URLSearchParams(query)).resumeBullet, query).toBeNull();
    }
  });
});
