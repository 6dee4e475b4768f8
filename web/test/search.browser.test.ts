import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { VIEWPORTS, checkPage, openPage, shareSession } from '@story/testing/browser-kit';
import { standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Issue 10 in Chromium: two saved stories, a search in other words than one of them, and that one
 * comes first, with its matched passage marked; the page fits a phone without sideways scrolling.
 */
let stack: StandardStack;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'story-search-screens');

beforeAll(async () => {
  [stack, browser] = await Promise.all([standardStack(), launchChromium()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const MIGRATION =
  'Last spring I led the migration of our billing system off a twenty-year-old Oracle database onto Postgres, one table at a time over three weekends.';
const NURSE =
  'On a night shift I noticed that a patient looked grey and quiet although his numbers were fine, called the rapid response team, and he was having a silent heart attack.';

/** A signed-up user with two saved stories (the conversation screen's own calls), and a page in their session. */
async function userWithTwoStories(width: number): Promise<Page> {
  const api = new ApiClient(stack.gatewayUrl);
  const registered = await api.post('/api/users/register', { email: uniqueEmail('search'), firstName: 'Grace', lastName: 'Hopper', password: GOOD_PASSWORD });
  expect(registered.status).toBe(201);
  for (const story of [MIGRATION, NURSE]) {
    const thread = await api.post('/api/conversation-threads');
    const saved = await api.post('/api/conversations', { threadId: thread.body.threadId, userMessage: story, aiResponse: 'What happened next?' });
    expect(saved.status).toBe(201);
  }
  const { page } = await openPage(browser, stack.gatewayUrl, width === 390 ? VIEWPORTS[1] : VIEWPORTS[0]);
  await shareSession(page, api, stack.gatewayUrl);
  return page;
}

/** Searches until the stories are indexed (the events travel through NATS) and `expected` is found; returns the result cards. */
async function searchFor(page: Page, query: string, expected: string) {
  const input = page.getByPlaceholder('Type your search query...');
  await input.fill(query);
  const results = page.getByRole('list').getByRole('article');
  await expect
    .poll(
      async () => {
        await input.press('Enter');
        await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
        return (await results.count()) > 0 && (await results.allInnerTexts()).some((text) => text.includes(expected));
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true);
  return results;
}

describe('story search in the browser', () => {
  it('finds the story a paraphrase describes first, marks the passage, and fits a phone', async () => {
    const page = await userWithTwoStories(1280);
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Search your stories' }).click();
    await page.waitForURL(/\/search$/);
    await page.getByRole('heading', { name: 'Search Your Stories' }).waitFor();

    // An empty query is refused with the specification's toast, and nothing is searched.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Please enter a search query' }).first().waitFor();

    const results = await searchFor(page, 'moving an old database to a new one', 'Postgres');
    // The empty query's toast went away once there was a query (issue 19, 8).
    expect(await page.getByTestId('toast').filter({ hasText: 'Please enter a search query' }).count()).toBe(0);
    // Only the story that matches: the nurse's story says nothing of databases (issue 19: search can say "nothing").
    expect(await results.count()).toBe(1);
    expect(await page.getByText('silent heart attack').count()).toBe(0);
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    const first = results.first();
    expect(await first.innerText()).toContain('Oracle database onto Postgres');
    expect(await first.getByRole('heading').innerText()).toMatch(/^conversation Story$/i);
    expect(await first.innerText()).toMatch(/Relevance score: \d\.\d{4}/);
    expect(await first.innerText()).toMatch(/less than a minute ago|1 minute ago/);
    expect(await first.locator('mark').innerText()).toContain('migration');
    await page.screenshot({ path: join(SHOTS, 'search-1280.png'), fullPage: true });
    await checkPage(page, 'search results, 1280 px');

    // Words that no story has: the empty state.
    await page.getByPlaceholder('Type your search query...').fill('zzqx vvwq');
    await page.getByPlaceholder('Type your search query...').press('Enter');
    await page.getByText('No stories found matching your search.').waitFor();
    await checkPage(page, 'search, nothing found');
  });

  it('works on a 390 px phone without sideways scrolling', async () => {
    const page = await userWithTwoStories(390);
    await page.goto('/search');
    const results = await searchFor(page, 'a nurse who saw that someone was in danger', 'heart attack');
    expect(await results.first().innerText()).toContain('silent heart attack');
    await checkPage(page, 'search results, 390 px');
    await page.screenshot({ path: join(SHOTS, 'search-390.png'), fullPage: true });
  });
});
