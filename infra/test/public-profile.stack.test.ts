import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PROFILE_MESSAGES, profileSourcesResponseSchema, type ProfileStoryCandidate } from '@story/proto';
import { ApiClient, uniqueEmail, signedUpPerson } from '@story/testing/api-client';
import { reserveAdminEmail, standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Issue 24, point 4, across the running system: a person on Pro tells two stories and uploads a
 * résumé; the editor's sources offer both stories (profile asks search over NATS) and the résumé's
 * roles; they publish one story and one role under a name of their own. Anyone, with no cookie,
 * reads the page through the gateway: the published story is there, the other is not anywhere in
 * it. Another person cannot take the name; a Starter cannot publish; taking it down is a 404 at once.
 */
let adminEmail: string;
const PUBLISHED = 'I led the migration of our checkout database to PostgreSQL with zero downtime; errors dropped by 80 percent.';
const UNPUBLISHED = 'I negotiated a painful vendor contract with the payments provider and we saved forty thousand dollars a year.';
const RESUME = [
  'Ada Park',
  'ada.park@example.com',
  '',
  'EXPERIENCE',
  'Platform Engineer, Contoso — Jan 2021 – Present',
  '• Led the checkout database migration to PostgreSQL',
  '',
  'Developer, Fabrikam — 2017 – 2020',
  '• Negotiated vendor contracts for payments',
  '',
].join('\n');

let stack: StandardStack;

beforeAll(async () => {
  stack = await standardStack();
  adminEmail = reserveAdminEmail(stack);
});
afterAll(async () => {});

const signUp = (email: string) => signedUpPerson(stack.gatewayUrl, email);

async function tell(client: ApiClient, story: string): Promise<number> {
  const thread = await client.post('/api/conversation-threads');
  expect(thread.status).toBe(201);
  expect((await client.post('/api/conversations', { threadId: thread.body.threadId, userMessage: story, aiResponse: 'What was the result?' })).status).toBe(
    201,
  );
  return thread.body.threadId as number;
}

describe('the public profile through the gateway', () => {
  it('publishes what the person chose at their name, shows it to anyone without a cookie, and takes it down at once', { timeout: 60_000 }, async () => {
    const admin = await signUp(adminEmail);
    const ada = await signUp(uniqueEmail('profile-ada'));
    const bob = await signUp(uniqueEmail('profile-bob'));
    const starter = await signUp(uniqueEmail('profile-starter'));
    for (const person of [ada, bob]) expect((await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(200);

    const publishedThread = await tell(ada.client, PUBLISHED);
    const otherThread = await tell(ada.client, UNPUBLISHED);
    const form = new FormData();
    form.append('file', new Blob([RESUME]), 'resume.txt');
    expect((await ada.client.request('POST', '/api/resumes', form)).status).toBe(201);

    // Stories are indexed a moment after they are saved: ask until both are offered.
    let offered: ProfileStoryCandidate[] = [];
    await expect
      .poll(
        async () => {
          const sources = await ada.client.get('/api/profile/sources');
          expect(sources.status, JSON.stringify(sources.body)).toBe(200);
          offered = profileSourcesResponseSchema.parse(sources.body).stories;
          return offered.map((story) => story.threadId).sort();
        },
        { timeout: 20_000, interval: 300 },
      )
      .toEqual([publishedThread, otherThread].sort());
    const sources = profileSourcesResponseSchema.parse((await ada.client.get('/api/profile/sources')).body);
    expect(sources.roles.map((role) => role.company)).toEqual(['Contoso', 'Fabrikam']);
    const story = offered.find((candidate) => candidate.threadId === publishedThread);
    expect(story?.title).toBe('I led the migration of our checkout database to PostgreSQL with zero downtime');

    const name = `ada-park-${ada.id}`;
    const put = await ada.client.request('PUT', '/api/profile', {
      displayName: 'Ada Park',
      headline: 'Platform engineer',
      about: 'I make database migrations boring.',
      roleIds: [sources.roles[0]?.id],
      stories: [{ title: 'A migration with zero downtime', summary: 'Checkout moved to PostgreSQL; errors fell by 80 percent.', threadId: publishedThread }],
      theme: 'classic',
      customName: name,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.profile).toMatchObject({ slug: name, url: `/p/${name}` });

    const page = await fetch(`${stack.gatewayUrl}/p/${name}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('A migration with zero downtime');
    expect(html).toContain('Contoso');
    expect(html).toContain(`<meta property="og:url" content="${stack.gatewayUrl}/p/${name}">`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const absent of ['negotiated', 'vendor', 'Fabrikam', 'ada.park@example.com', PUBLISHED])
      expect(html.toLowerCase()).not.toContain(absent.toLowerCase());
    expect(html).not.toContain('<script');

    // Nobody else takes the name; a plan without the public profile cannot publish.
    const taken = await bob.client.request('PUT', '/api/profile', { displayName: 'Bob', headline: 'Engineer', customName: name.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ message: PUBLIC_PROFILE_MESSAGES.nameTaken });
    const reserved = await bob.client.request('PUT', '/api/profile', { displayName: 'Bob', headline: 'Engineer', customName: 'admin' });
    expect(reserved.body).toEqual({ message: PUBLIC_PROFILE_MESSAGES.nameReserved });
    const locked = await starter.client.request('PUT', '/api/profile', { displayName: 'Sam', headline: 'Engineer' });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toMatch(/part of the Pro plan/);
    expect((await new ApiClient(stack.gatewayUrl).request('PUT', '/api/profile', { displayName: 'X', headline: 'Y' })).status).toBe(401);

    expect((await ada.client.request('DELETE', '/api/profile')).status).toBe(204);
    const gone = await fetch(`${stack.gatewayUrl}/p/${name}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Profile not found');
    expect((await ada.client.get('/api/profile')).body).toEqual({ published: false, profile: null });
  });
});
