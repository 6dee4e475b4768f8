import { describe, expect, it } from 'vitest';
import { PUBLIC_PROFILE_MESSAGES } from '../messages/public-profile.ts';
import { checkProfileName, publishProfileRequestSchema } from './public-profile.ts';

const refused = (raw: string) => {
  const checked = checkProfileName(raw);
  return checked.ok ? undefined : checked.message;
};

describe('custom profile names', () => {
  it('folds case and full-width letters, and keeps a plain name as it is', () => {
    expect(checkProfileName('ada-park')).toEqual({ ok: true, name: 'ada-park' });
    expect(checkProfileName('  Ada-Park-2 ')).toEqual({ ok: true, name: 'ada-park-2' });
    expect(checkProfileName('ａｄａ')).toEqual({ ok: true, name: 'ada' });
  });

  it('refuses lengths outside 3–40 characters', () => {
    expect(refused('ab')).toBe(PUBLIC_PROFILE_MESSAGES.nameTooShort);
    expect(refused('a'.repeat(41))).toBe(PUBLIC_PROFILE_MESSAGES.nameTooLong);
    expect(refused('a'.repeat(40))).toBeUndefined();
  });

  it('refuses spaces, punctuation, markup, accents and look-alike letters of other scripts, naming the rule', () => {
    for (const raw of ['ada park', 'ada_park', 'ada.park', '<script>', 'adá', 'аdmin', 'ada--park', '-ada', 'ada-', 'ada/..', 'ada%20']) {
      expect(refused(raw), raw).toBe(PUBLIC_PROFILE_MESSAGES.nameCharacters);
    }
  });

  it("refuses the site's own words, whatever their case or width", () => {
    for (const raw of ['admin', 'API', 'www', 'login', 'signup', 'settings', 'ａｄｍｉｎ', 'interview-practice']) {
      expect(refused(raw), raw).toBe(PUBLIC_PROFILE_MESSAGES.nameReserved);
    }
  });
});

describe('custom names that would pass for the site speaking (issue 36, 7)', () => {
  it('refuses staff and brand words anywhere in a name, through case, width, separators and digit look-alikes', () => {
    for (const raw of [
      'ada-admin',
      'ad-min',
      'Ad-Min-Ada',
      'sup_port',
      'sup-port-desk',
      'supp0rt',
      'the-staff',
      'st4ff',
      '0fficial-news',
      'officia1',
      'adm1n',
      'adrnin',
      'moderator-bo',
      'storyplatform',
      'Story-Platform-Team',
      'st0ry-p1atform',
      'ａｄ-ｍｉｎ',
    ]) {
      expect(refused(raw), raw).toBe(PUBLIC_PROFILE_MESSAGES.nameStaffWords);
    }
  });

  it('still allows ordinary names, the product’s words alone, and a word that only happens to hold a staff word', () => {
    for (const raw of ['ada-park', 'ada-story', 'my-platform', 'badminton-ada', 'adam-inglis', 'sport-ada']) {
      expect(refused(raw), raw).toBeUndefined();
    }
  });
});

describe('what may be published', () => {
  const good = { displayName: 'Ada Park', headline: 'Platform engineer' };

  it('fills the defaults: no roles or stories, the classic theme, hidden from search engines, a random address', () => {
    expect(publishProfileRequestSchema.parse(good)).toEqual({
      ...good,
      about: '',
      roleIds: [],
      stories: [],
      theme: 'classic',
      allowSearchEngines: false,
      customName: null,
    });
  });

  it('refuses too many stories, too long a text, and an empty headline with a message each', () => {
    const story = { title: 'Migration', summary: 'Moved the database.' };
    const cases: [object, string][] = [
      [{ ...good, stories: Array.from({ length: 11 }, () => story) }, 'At most 10 stories can be published'],
      [{ ...good, about: 'x'.repeat(2001) }, 'The about text must be at most 2000 characters'],
      [{ ...good, headline: '  ' }, PUBLIC_PROFILE_MESSAGES.headlineRequired],
      [{ ...good, stories: [{ ...story, summary: '' }] }, PUBLIC_PROFILE_MESSAGES.storySummaryRequired],
      [{ ...good, theme: 'dark' }, 'theme must be classic or site'],
      [{ ...good, customName: 'admin' }, PUBLIC_PROFILE_MESSAGES.nameReserved],
    ];
    for (const [body, message] of cases) {
      const result = publishProfileRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
    }
  });
});
