import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '../../infra/src/test-stack.ts';
import type { StackHandle } from '../../infra/src/stack.ts';

/**
 * A page of a new signed-in user: the account is made through the API in the page's own cookie
 * jar, as the sign-up screen would. Returns the page and an API client with the same session.
 */
export async function signedInPage(browser: Browser, stack: StackHandle, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; api: ApiClient }> {
  const context = await browser.newContext({ baseURL: stack.gatewayUrl, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const api = new ApiClient(stack.gatewayUrl);
  const reply = await api.post('/api/users/register', { email: uniqueEmail('practice'), firstName: 'Grace', lastName: 'Hopper', password: GOOD_PASSWORD });
  if (reply.status !== 201) throw new Error(`registration answered ${reply.status}`);
  const origin = new URL(stack.gatewayUrl);
  await context.addCookies(
    ['session', 'csrf_token'].map((name) => ({ name, value: api.cookie(name) ?? '', domain: origin.hostname, path: '/', httpOnly: name === 'session', sameSite: 'Lax' as const })),
  );
  return { page, api };
}

/** Waits for a toast with this text. */
export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/** True when the page is no wider than its viewport (nothing scrolls sideways). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The messages of the conversation on /recording. */
export const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).getByRole('listitem');

/** Sends a typed message on /recording and waits for the AI's reply; returns the reply's text. */
export async function sendMessage(page: Page, text: string): Promise<string> {
  const before = await messages(page).count();
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => messages(page).count()).toBeGreaterThan(before);
  await page.getByText('Processing your message...').waitFor({ state: 'detached' });
  const item = await messages(page).last().innerText();
  expect(item).toContain(text);
  return item.slice(item.indexOf(text) + text.length);
}
