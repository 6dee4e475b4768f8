import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_PROFILE_MESSAGES,
  featureLockedMessage,
  profileSourcesResponseSchema,
  publicProfileResponseSchema,
  resumeResponseSchema,
  type OwnPublicProfile,
} from '@story/proto';
import { sqliteFile } from '@story/service-kit';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startProfileForTest, uploadResume, type ProfileUnderTest, type StandInStories } from './profile-test-kit.ts';
import type { StandInPlans } from '@story/testing/service-under-test';

let service: ProfileUnderTest;
let plans: StandInPlans;
let stories: StandInStories;
let nextUser = 800;
const newUser = () => ++nextUser;
beforeAll(async () => {
  ({ service, plans, stories } = await startProfileForTest());
});
afterAll(async () => service.close());

const call = async (userId: number, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  service.app.inject({ method, url, headers: await service.as(userId), payload });
/** The page as anyone sees it: no identity at all. */
const visit = (path: string) => service.app.inject({ method: 'GET', url: path, headers: { host: 'profiles.example', 'x-forwarded-proto': 'https' } });

const basics = { displayName: 'Ada Park', headline: 'Platform engineer', about: 'I make deploys boring.' };

async function publish(userId: number, body: object = basics): Promise<OwnPublicProfile> {
  const response = await call(userId, 'PUT', '/api/profile', body);
  expect(response.statusCode, response.body).toBe(200);
  const parsed = publicProfileResponseSchema.parse(response.json());
  if (!parsed.published) throw new Error('not published');
  return parsed.profile;
}

async function refusal(userId: number, body: object): Promise<[number, string]> {
  const response = await call(userId, 'PUT', '/api/profile', body);
  return [response.statusCode, response.json<{ message: string }>().message];
}

describe('publishing a public profile', () => {
  it('refuses a caller without a gateway-signed identity, and says when nothing is published', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) expect((await service.app.inject({ method, url: '/api/profile' })).statusCode, method).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/profile/sources' })).statusCode).toBe(401);
    expect((await call(newUser(), 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
  });

  it('publishes at an unguessable address, shows it to anyone without a session, and takes it down at once', async () => {
    const user = newUser();
    const profile = await publish(user, { ...basics, stories: [{ title: 'The migration', summary: 'Moved checkout to PostgreSQL.', threadId: 987654 }] });
    expect(profile.slug).toMatch(/^[a-z2-7]{20}$/);
    expect(profile).toMatchObject({ url: `/p/${profile.slug}`, customName: null, theme: 'classic', allowSearchEngines: false });
    expect(publicProfileResponseSchema.parse((await call(user, 'GET', '/api/profile')).json())).toEqual({ published: true, profile });

    const page = await visit(`/p/${profile.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('<h1>Ada Park</h1>');
    expect(page.body).toContain('<h3>The migration</h3>');
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost/p/${profile.slug}">`);
    // The story's thread is the person's own business.
    expect(page.body).not.toContain('987654');

    expect((await call(user, 'DELETE', '/api/profile')).statusCode).toBe(204);
    const gone = await visit(`/p/${profile.slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Profile not found');
    expect(gone.body).toEqual((await visit('/p/never-published-here')).body);
    expect((await call(user, 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
    expect((await call(user, 'DELETE', '/api/profile')).json()).toEqual({ message: PUBLIC_PROFILE_MESSAGES.notPublished });
  });

  it('shows a story chosen twice once, its words and numbers exactly as written (issue 38, 7)', async () => {
    const user = newUser();
    const story = { title: 'Month-end reports', summary: 'The report that used to take 45 seconds came back in 1.8 seconds.', threadId: 4242 };
    const profile = await publish(user, { ...basics, stories: [story, { ...story }] });
    expect(profile.stories).toEqual([story]);
    const page = (await visit(`/p/${profile.slug}`)).body;
    expect(page.split('Month-end reports')).toHaveLength(2);
    expect(page).toContain('came back in 1.8 seconds.');
  });

  it('keeps its random address across updates, lets search engines in only when asked, and escapes every text', async () => {
    const user = newUser();
    const first = await publish(user);
    const attack = '<script>alert(1)</script>"onmouseover="alert(2)';
    const second = await publish(user, { ...basics, headline: attack, about: attack, allowSearchEngines: true, theme: 'site' });
    expect(second.slug).toBe(first.slug);
    const page = await visit(`/p/${second.slug}`);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('"onmouseover=');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;onmouseover=&quot;alert(2)');
    expect(page.body).not.toContain('noindex');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.body).toContain('<body class="theme-site">');
  });

  it('copies only the chosen roles from the current résumé, and refuses a role that is not on it', async () => {
    const user = newUser();
    const uploaded = await uploadResume(service, await service.as(user), 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    const [northwind, contoso] = resumeResponseSchema.parse(uploaded.json()).resume.content.roles;
    if (!northwind || !contoso) throw new Error('two roles expected');
    const profile = await publish(user, { ...basics, roleIds: [contoso.id] });
    expect(profile.roles).toEqual([
      {
        id: contoso.id,
        title: contoso.title,
        company: 'Contoso',
        location: contoso.location,
        dates: contoso.dates,
        bullets: ['Responsible for the internal reporting tool'],
      },
    ]);
    const page = (await visit(`/p/${profile.slug}`)).body;
    expect(page).toContain('Contoso');
    expect(page).not.toContain('Northwind');
    expect(await refusal(user, { ...basics, roleIds: ['role-99'] })).toEqual([400, PUBLIC_PROFILE_MESSAGES.roleNotOnResume]);
    expect(await refusal(newUser(), { ...basics, roleIds: [northwind.id] })).toEqual([400, PUBLIC_PROFILE_MESSAGES.roleNotOnResume]);
  });

  it('offers the résumé roles and the stories as titles with short drafted summaries, never the whole telling', async () => {
    const user = newUser();
    await uploadResume(service, await service.as(user), 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    const telling = `I led the checkout rebuild project at Northwind. ${'We measured every step and fixed the slow parts. '.repeat(12)}In the end checkout errors fell by 80 percent.`;
    stories.tell(user, { storyId: 1, threadId: 31, content: telling, relevance: 0.9 });
    const response = await call(user, 'GET', '/api/profile/sources');
    expect(response.statusCode, response.body).toBe(200);
    const sources = profileSourcesResponseSchema.parse(response.json());
    expect(sources.name).toBe('Ada Park');
    expect(sources.roles.map((role) => role.company)).toEqual(['Northwind Traders', 'Contoso']);
    expect(sources.stories).toHaveLength(1);
    expect(sources.stories[0]).toMatchObject({ threadId: 31, title: 'I led the checkout rebuild project at Northwind' });
    expect(sources.stories[0]?.summary.length).toBeLessThanOrEqual(280);
    expect(sources.stories[0]?.summary.startsWith('I led the checkout rebuild project at Northwind.')).toBe(true);
    expect(telling.length).toBeGreaterThan(600);
  });
});

describe('custom profile names', () => {
  it('publishes at a chosen name, folded to lowercase; the owner keeps it, another person gets "taken"', async () => {
    const owner = newUser();
    const name = `ada-park-${owner}`;
    const profile = await publish(owner, { ...basics, customName: `Ada-Park-${owner}` });
    expect(profile).toMatchObject({ slug: name, url: `/p/${name}`, customName: name });
    expect((await publish(owner, { ...basics, headline: 'Staff engineer', customName: name })).slug).toBe(name);
    expect(await refusal(newUser(), { ...basics, customName: name })).toEqual([400, PUBLIC_PROFILE_MESSAGES.nameTaken]);
    expect((await visit(`/p/${name}`)).body).toContain('Staff engineer');

    // Back to a random address: the old link shows nothing, and the name stays the owner's (issue 36, 7).
    const random = await publish(owner, basics);
    expect(random.slug).toMatch(/^[a-z2-7]{20}$/);
    expect((await visit(`/p/${name}`)).statusCode).toBe(404);
    expect(await refusal(newUser(), { ...basics, customName: name })).toEqual([400, PUBLIC_PROFILE_MESSAGES.nameTaken]);
    expect((await publish(owner, { ...basics, customName: name })).slug).toBe(name);
  });

  it('holds a released name for its owner (renamed or taken down): nobody else can take it and show their page at the old link', async () => {
    const owner = newUser();
    const impostor = newUser();
    const name = `ada-held-${owner}`;
    await publish(owner, { ...basics, customName: name });
    // Renamed: the old link is a 404, and another person is told it is taken.
    await publish(owner, { ...basics, customName: `ada-new-${owner}` });
    expect(await refusal(impostor, { ...basics, customName: name })).toEqual([400, PUBLIC_PROFILE_MESSAGES.nameTaken]);
    expect((await visit(`/p/${name}`)).statusCode).toBe(404);
    // Taken down: the same for the name it had.
    expect((await call(owner, 'DELETE', '/api/profile')).statusCode).toBe(204);
    expect(await refusal(impostor, { ...basics, customName: `ada-new-${owner}` })).toEqual([400, PUBLIC_PROFILE_MESSAGES.nameTaken]);
    expect((await call(impostor, 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
    // The owner takes either back.
    expect((await publish(owner, { ...basics, customName: name })).slug).toBe(name);
    expect((await visit(`/p/${name}`)).body).toContain('Ada Park');
  });

  it('refuses names with staff or brand words, with the message saying why, and publishes nothing', async () => {
    const user = newUser();
    for (const customName of ['ada-admin', 'ad-min', 'sup_port', 'supp0rt-team', 'Official-Ada', 'st4ff', 'story-platform'])
      expect(await refusal(user, { ...basics, customName }), customName).toEqual([400, PUBLIC_PROFILE_MESSAGES.nameStaffWords]);
    expect((await call(user, 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
  });

  it('refuses reserved names, bad characters, and wrong lengths with the rule each breaks', async () => {
    const user = newUser();
    const cases: [string, string][] = [
      ['admin', PUBLIC_PROFILE_MESSAGES.nameReserved],
      ['API', PUBLIC_PROFILE_MESSAGES.nameReserved],
      ['signup', PUBLIC_PROFILE_MESSAGES.nameReserved],
      ['ada park', PUBLIC_PROFILE_MESSAGES.nameCharacters],
      ['<script>', PUBLIC_PROFILE_MESSAGES.nameCharacters],
      ['аda-park', PUBLIC_PROFILE_MESSAGES.nameCharacters],
      ['ada--park', PUBLIC_PROFILE_MESSAGES.nameCharacters],
      ['ab', PUBLIC_PROFILE_MESSAGES.nameTooShort],
      ['a'.repeat(41), PUBLIC_PROFILE_MESSAGES.nameTooLong],
    ];
    for (const [customName, message] of cases) expect(await refusal(user, { ...basics, customName }), customName).toEqual([400, message]);
    expect((await call(user, 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
  });

  it('allows five name changes an hour, then answers 429 and keeps the current name', async () => {
    const user = newUser();
    for (let change = 1; change <= 5; change += 1) await publish(user, { ...basics, customName: `name-${user}-${change}` });
    // Publishing again under the current name is not a change.
    await publish(user, { ...basics, customName: `name-${user}-5` });
    const response = await call(user, 'PUT', '/api/profile', { ...basics, customName: `name-${user}-6` });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: PUBLIC_PROFILE_MESSAGES.nameChangesTooMany });
    expect(response.headers['retry-after']).toBe('3600');
    expect((await call(user, 'DELETE', '/api/profile')).statusCode).toBe(204);
    // Taking the profile down does not reset the count.
    expect((await call(user, 'PUT', '/api/profile', { ...basics, customName: `name-${user}-7` })).statusCode).toBe(429);
  });
});

describe('hidden characters in profile text (issue 36, 7)', () => {
  it('strips bidi overrides and zero-width characters from every text published, before the page and the editor see it', async () => {
    const user = newUser();
    const profile = await publish(user, {
      displayName: 'Ada\u200b Park\u202e',
      headline: 'Platform\u2066 engineer\u2069',
      about: 'I make deploys\u200d boring.\n\nAnd\u202e safe.',
      stories: [{ title: 'The\ufeff migration', summary: 'Moved\u2060 checkout\u200f to PostgreSQL.' }],
    });
    expect(profile).toMatchObject({
      displayName: 'Ada Park',
      headline: 'Platform engineer',
      about: 'I make deploys boring.\n\nAnd safe.',
      stories: [{ title: 'The migration', summary: 'Moved checkout to PostgreSQL.' }],
    });
    const page = (await visit(`/p/${profile.slug}`)).body;
    expect(page).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/);
    expect(page).toContain('<h1>Ada Park</h1>');
  });
});

describe('hidden characters in profiles published before the rule (issue 36, 7)', () => {
  it('reads them clean from the store, on the page and in the editor', async () => {
    const user = newUser();
    const { slug } = await publish(user);
    // As an older version of the service kept it: written into the SQLite file, past every schema.
    const db = new Database(sqliteFile(service.dataDir, 'profile'));
    try {
      const row = db.prepare<[number], { content: string }>('SELECT content FROM public_profiles WHERE user_id = ?').get(user);
      const stored = JSON.parse(row?.content ?? '{}') as Record<string, unknown>;
      db.prepare('UPDATE public_profiles SET content = ? WHERE user_id = ?').run(JSON.stringify({ ...stored, displayName: 'Ada\u202e Park\u200b' }), user);
    } finally {
      db.close();
    }
    expect((await visit(`/p/${slug}`)).body).toContain('<h1>Ada Park</h1>');
    expect(publicProfileResponseSchema.parse((await call(user, 'GET', '/api/profile')).json()).profile?.displayName).toBe('Ada Park');
  });
});

describe('the page’s own address (issue 36, 7)', () => {
  const pageAt = async (target: ProfileUnderTest, slug: string, headers: Record<string, string>) =>
    (await target.app.inject({ method: 'GET', url: `/p/${slug}`, headers })).body;
  const addresses = (html: string) => [/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1], /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1]];

  it('never takes canonical or og:url from the Host a request names', async () => {
    const { slug } = await publish(newUser());
    const attacks: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of attacks) {
      const html = await pageAt(service, slug, headers);
      expect(html).not.toContain('evil.example');
      expect(addresses(html)).toEqual([`http://localhost/p/${slug}`, `http://localhost/p/${slug}`]);
    }
    // A host on the allow-list (by default the loopback names, for development on any port) is used as it came.
    expect(addresses(await pageAt(service, slug, { host: 'x', 'x-forwarded-host': '127.0.0.1:8080' }))).toEqual([
      `http://127.0.0.1:8080/p/${slug}`,
      `http://127.0.0.1:8080/p/${slug}`,
    ]);
    expect(addresses(await pageAt(service, slug, { 'x-forwarded-host': 'localhost@evil.example' }))[0]).toBe(`http://localhost/p/${slug}`);
  });

  it('uses PUBLIC_SITE_URL when it is configured, whatever the request says', async () => {
    const { service: configured } = await startProfileForTest({ env: { PUBLIC_SITE_URL: 'https://story.example/' } });
    try {
      const response = await configured.app.inject({ method: 'PUT', url: '/api/profile', headers: await configured.as(7), payload: basics });
      const slug = publicProfileResponseSchema.parse(response.json()).profile?.slug ?? '';
      const html = await pageAt(configured, slug, { host: 'evil.example', 'x-forwarded-host': 'localhost:8080' });
      expect(addresses(html)).toEqual([`https://story.example/p/${slug}`, `https://story.example/p/${slug}`]);
    } finally {
      await configured.close();
    }
  });
});

describe('bad input and plans', () => {
  it('refuses too many stories, too long texts and a missing headline, changing nothing', async () => {
    const user = newUser();
    const story = { title: 'Migration', summary: 'Moved checkout.' };
    expect(await refusal(user, { ...basics, stories: Array.from({ length: 11 }, () => story) })).toEqual([400, 'At most 10 stories can be published']);
    expect(await refusal(user, { ...basics, about: 'x'.repeat(2001) })).toEqual([400, 'The about text must be at most 2000 characters']);
    expect(await refusal(user, { ...basics, headline: '' })).toEqual([400, PUBLIC_PROFILE_MESSAGES.headlineRequired]);
    expect(await refusal(user, { ...basics, stories: [{ ...story, summary: 'x'.repeat(601) }] })).toEqual([
      400,
      'A story summary must be at most 600 characters',
    ]);
    expect((await call(user, 'GET', '/api/profile')).json()).toEqual({ published: false, profile: null });
  });

  it('needs the plan with the public profile to publish or see sources, but never to read or take down', async () => {
    const user = newUser();
    const profile = await publish(user);
    plans.put(user, 'plus');
    const message = featureLockedMessage('publicProfile', 'pro');
    expect(await refusal(user, basics)).toEqual([403, message]);
    expect((await call(user, 'GET', '/api/profile/sources')).json()).toEqual({ message });
    expect(publicProfileResponseSchema.parse((await call(user, 'GET', '/api/profile')).json()).published).toBe(true);
    expect((await call(user, 'DELETE', '/api/profile')).statusCode).toBe(204);
    expect((await visit(`/p/${profile.slug}`)).statusCode).toBe(404);
  });

  it('answers odd addresses with the same 404 page', async () => {
    for (const path of ['/p/ADMIN', '/p/%3Cscript%3E', `/p/${'a'.repeat(41)}`, '/p/a..b', '/p/', '/p/ada/park']) {
      const page = await visit(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).toContain('Profile not found');
    }
  });
});
