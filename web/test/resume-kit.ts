import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackAddress } from '@story/testing/standard-stack';
import { openPage, shareSession, type Viewport } from '@story/testing/browser-kit';

/** A résumé's text as a PDF, printed by Chromium from HTML. */
export async function resumePdf(browser: Browser, text: string): Promise<Buffer> {
  const page = await browser.newPage();
  const html = text
    .split('\n')
    .map((line) => `<p style="margin:0 0 4px">${line.replaceAll('&', '&amp;').replaceAll('<', '&lt;') || '&nbsp;'}</p>`)
    .join('');
  await page.setContent(`<html><body style="font-family: sans-serif; font-size: 12px">${html}</body></html>`);
  const pdf = await page.pdf({ format: 'A4' });
  await page.close();
  return pdf;
}

/** A new person on `plan` (an admin moves them), with a page of theirs at the viewport. */
export async function personOnPlan(
  browser: Browser,
  stack: StackAddress,
  admin: ApiClient,
  viewport: Viewport,
  plan: 'standard' | 'plus' | 'pro',
): Promise<{ page: Page; api: ApiClient; close: () => Promise<void> }> {
  const api = new ApiClient(stack.gatewayUrl);
  const registered = await api.post('/api/users/register', { email: uniqueEmail('resume'), firstName: 'Grace', lastName: 'Hopper', password: GOOD_PASSWORD });
  expect(registered.status).toBe(201);
  if (plan !== 'standard') {
    const moved = await admin.patch(`/api/users/${registered.body.user.id}`, { userType: plan });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
  await shareSession(page, api, stack.gatewayUrl);
  return { page, api, close: () => context.close() };
}

/** Saves `story` as a conversation (the conversation screen's own calls) and waits until search finds it; its thread id. */
export async function savedStory(api: ApiClient, story: string, query: string): Promise<number> {
  const thread = await api.post('/api/conversation-threads');
  const saved = await api.post('/api/conversations', { threadId: thread.body.threadId, userMessage: story, aiResponse: 'What happened next?' });
  expect(saved.status).toBe(201);
  await expect
    .poll(async () => JSON.stringify((await api.post('/api/story-query', { query })).body), { timeout: 20_000, interval: 300 })
    .toContain('800 milliseconds');
  return thread.body.threadId as number;
}
