import { describe, expect, it } from 'vitest';
import type { PublicProfileContent } from '@story/proto';
import { escapeHtml, profileDescription, renderProfileNotFoundPage, renderProfilePage } from './profile-page.ts';

const content: PublicProfileContent = {
  displayName: 'Ada Park',
  headline: 'Platform engineer',
  about: 'I make deploys boring.\n\nSecond paragraph.',
  roles: [{ id: 'role-1', title: 'Engineer', company: 'Northwind', location: 'Portland', dates: '2020 – Present', bullets: ['Cut deploys to 9 minutes'] }],
  stories: [{ title: 'The zero-downtime migration', summary: 'We moved checkout to PostgreSQL.' }],
  theme: 'classic',
  allowSearchEngines: false,
};
const URL = 'https://example.test/p/ada-park';

describe('the public profile page', () => {
  it('shows what was published, with its title and OpenGraph and Twitter tags', () => {
    const html = renderProfilePage(content, { url: URL });
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Ada Park – Platform engineer</title>');
    expect(html).toContain('<meta property="og:type" content="profile">');
    expect(html).toContain('<meta property="og:title" content="Ada Park – Platform engineer">');
    expect(html).toContain('<meta property="og:description" content="Platform engineer — I make deploys boring. Second paragraph.">');
    expect(html).toContain(`<meta property="og:url" content="${URL}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<h1>Ada Park</h1>');
    expect(html).toContain('<p>I make deploys boring.</p><p>Second paragraph.</p>');
    expect(html).toContain('<li>Cut deploys to 9 minutes</li>');
    expect(html).toContain('<h3>The zero-downtime migration</h3>');
    expect(html).toContain('@media print');
    expect(html).not.toContain('<script');
  });

  it('tells search engines noindex unless the person allowed them', () => {
    expect(renderProfilePage(content, { url: URL })).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(renderProfilePage({ ...content, allowSearchEngines: true }, { url: URL })).not.toContain('noindex');
  });

  it('renders the two themes with their own styles', () => {
    const classic = renderProfilePage(content, { url: URL });
    const site = renderProfilePage({ ...content, theme: 'site' }, { url: URL });
    expect(classic).toContain('<body class="theme-classic">');
    expect(site).toContain('<body class="theme-site">');
    expect(classic).toContain('#f3f2ef');
    expect(site).toContain('Georgia');
    expect(site).not.toContain('#f3f2ef');
  });

  it('never renders the person’s text as HTML, in content or in attributes', () => {
    const attack = '<script>alert(1)</script>"onmouseover="alert(2)\' <img src=x onerror=alert(3)>&amp;';
    const html = renderProfilePage(
      {
        ...content,
        displayName: attack,
        headline: attack,
        about: attack,
        roles: [{ id: 'role-1', title: attack, company: attack, location: attack, dates: attack, bullets: [attack] }],
        stories: [{ title: attack, summary: attack }],
      },
      { url: `${URL}"><script>` },
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/"onmouseover=/);
    expect(html).toContain(escapeHtml(attack));
    expect(escapeHtml(attack)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;&quot;onmouseover=&quot;alert(2)&#39; &lt;img src=x onerror=alert(3)&gt;&amp;amp;');
  });

  it('keeps a shared link’s description short', () => {
    expect(profileDescription({ headline: 'Engineer', about: 'word '.repeat(100) }).length).toBeLessThanOrEqual(200);
  });

  it('answers an unknown profile with an honest page that is not indexed', () => {
    const html = renderProfileNotFoundPage();
    expect(html).toContain('<title>Profile not found</title>');
    expect(html).toContain('noindex');
  });
});
