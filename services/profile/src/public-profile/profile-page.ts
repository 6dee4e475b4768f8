/**
 * The public profile page (issue 24, point 4) as one HTML document: server-rendered by the profile
 * service at `/p/{slug}` and shown by the editor's live preview, so both are the same page. Every
 * piece of the person's text is escaped; the page has no script. The profile service owns it; the web
 * app imports it as `@story/profile/profile-page` (the one module of a service it may import, ESLint
 * holds both), so this file and its styles import nothing but `@story/proto`: they run in the browser too.
 */
import { PUBLIC_PROFILE_MESSAGES, type PublicProfileContent, type PublicProfileRole } from '@story/proto';
import { profilePageStyles } from './profile-page.styles.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const SITE_NAME = 'Story Platform';
const DESCRIPTION_MAX = 200;

/** The person's text in paragraphs (blank lines) and line breaks, every character escaped. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((part) => part !== '')
    .map((part) => Array.from(part)[0] ?? '');
  return (letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? '')).toUpperCase();
}

/** What a shared link previews: the headline, then the start of the about text. */
export function profileDescription(content: Pick<PublicProfileContent, 'headline' | 'about'>): string {
  const whole = [content.headline, content.about]
    .filter((part) => part.trim() !== '')
    .join(' — ')
    .replace(/\s+/g, ' ')
    .trim();
  return whole.length <= DESCRIPTION_MAX ? whole : `${whole.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

function role(entry: PublicProfileRole): string {
  const org = [entry.company, entry.location]
    .filter((part) => part !== '')
    .map(escapeHtml)
    .join(' · ');
  const bullets = entry.bullets.length > 0 ? `<ul>${entry.bullets.map((bullet) => `<li>${escapeHtml(bullet)}</li>`).join('')}</ul>` : '';
  return `<li class="role"><h3>${escapeHtml(entry.title)}</h3>${org ? `<p class="org">${org}</p>` : ''}${
    entry.dates ? `<p class="dates">${escapeHtml(entry.dates)}</p>` : ''
  }${bullets}</li>`;
}

function section(id: string, title: string, body: string): string {
  return `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
}

function document(head: string, body: string, bodyClass: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}</head><body class="${bodyClass}">${body}</body></html>`;
}

/**
 * The page of a published profile. `url` is its absolute address (for `og:url` and the canonical
 * link). Search engines are told `noindex` unless the person allowed them.
 */
export function renderProfilePage(content: PublicProfileContent, options: { url: string }): string {
  const name = content.displayName;
  const title = content.headline ? `${name} – ${content.headline}` : name;
  const description = profileDescription(content);
  const url = escapeHtml(options.url);
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    content.allowSearchEngines ? '' : meta('name', 'robots', 'noindex, nofollow'),
    `<link rel="canonical" href="${url}">`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', options.url),
    meta('property', 'og:site_name', SITE_NAME),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<style>${profilePageStyles(content.theme)}</style>`,
  ].join('');

  const sections = [
    content.about.trim() ? section('about', 'About', paragraphs(content.about)) : '',
    content.roles.length > 0 ? section('experience', 'Experience', `<ol class="roles">${content.roles.map(role).join('')}</ol>`) : '',
    content.stories.length > 0
      ? section(
          'stories',
          'Stories',
          content.stories.map((story) => `<article class="story"><h3>${escapeHtml(story.title)}</h3>${paragraphs(story.summary)}</article>`).join(''),
        )
      : '',
  ].join('');
  const body = `<div class="page"><main><div class="banner" aria-hidden="true"></div><header class="intro"><div class="avatar" aria-hidden="true">${escapeHtml(
    initials(name),
  )}</div><h1>${escapeHtml(name)}</h1>${content.headline ? `<p class="headline">${escapeHtml(content.headline)}</p>` : ''}</header>${sections}</main><footer class="site-footer">Published with ${SITE_NAME}</footer></div>`;
  return document(head, body, `theme-${content.theme}`);
}

/** The page of a slug that has no profile: never published, taken down or mistyped all look the same. */
export function renderProfileNotFoundPage(): string {
  const head = `<title>Profile not found</title><meta name="robots" content="noindex, nofollow"><style>${profilePageStyles('site')}</style>`;
  const body = `<div class="page"><main><header class="intro"><h1>Profile not found</h1><p class="headline">${escapeHtml(
    PUBLIC_PROFILE_MESSAGES.pageNotFound,
  )}</p></header><p><a href="/">Go to ${SITE_NAME}</a></p></main></div>`;
  return document(head, body, 'theme-site');
}
