import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD } from '@story/testing/api-client';
import { reserveAdminEmail, type StandardStack } from '@story/testing/standard-stack';
import { VIEWPORTS, checkPage, savedSnippet, signedInPage, waitForToast, withBrowserStack } from '@story/testing/browser-kit';

/**
 * Issue 24, 2 in Chromium: "Download PDF" on a saved thread (the saved-conversations list) and on a
 * snippet's conversation history, at 1280 and 390 px; the download is a PDF, and a refusal is told in
 * a toast in the service's words. Screenshots go to `PDF_SCREENSHOT_DIR` (default /tmp/pdf-shots).
 * PDFs are the Pro plan's (issue 36): the admin puts each new person on Pro before they ask for one.
 */
let stack: StandardStack;
let browser: Browser;
let adminEmail: string;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
  adminEmail = reserveAdminEmail(stack);
});

/** Puts the person of `api` on Pro, as an admin does on /admin (the first admin call signs the admin up). */
async function onPro(api: ApiClient): Promise<void> {
  const admin = new ApiClient(stack.gatewayUrl);
  const signedIn = await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD });
  if (signedIn.status !== 200) {
    expect((await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD })).status).toBe(201);
  }
  const me = await api.get('/api/users/me');
  expect((await admin.patch(`/api/users/${me.body.id}`, { userType: 'pro' })).status).toBe(200);
}

const SHOTS = process.env.PDF_SCREENSHOT_DIR ?? '/tmp/pdf-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

/** Clicks the button and gives the first bytes of what the browser downloads. */
async function downloadedStart(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ start: string; name: string }> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await (await download).path();
  return { start: readFileSync(file).subarray(0, 5).toString('latin1'), name: (await download).suggestedFilename() };
}

/** A saved thread of two exchanges, titled `title`, made through the API; its id. */
async function savedThread(api: ApiClient, title: string): Promise<number> {
  const created = await api.request('POST', '/api/conversation-threads');
  expect(created.status).toBe(201);
  const threadId = created.body.threadId as number;
  for (const [userMessage, aiResponse] of [
    ['I moved our café’s till to the cloud — “the big switch”.', 'What did you do first?'],
    ['I sat with each shift for a week.', 'What did you learn there?'],
  ]) {
    expect((await api.request('POST', '/api/conversations', { threadId, userMessage, aiResponse })).status).toBe(201);
  }
  expect((await api.request('PATCH', `/api/conversation-threads/${threadId}/title`, { title })).status).toBe(200);
  return threadId;
}

describe('conversation PDFs in the browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`downloads a thread’s PDF and a snippet practice’s PDF at ${viewport.width} px`, async () => {
      const { page, api } = await signedInPage(browser, stack, viewport);
      await onPro(api);
      await savedThread(api, 'The big switch');

      await page.goto('/welcome?view=saved');
      const row = page.getByRole('table', { name: 'Conversations', exact: true }).getByRole('row').filter({ hasText: 'The big switch' });
      await row.waitFor();
      await checkPage(page, `the saved conversations with their PDF buttons at ${viewport.width} px`);
      await shot(page, `threads-${viewport.width}`);
      const thread = await downloadedStart(page, row.getByRole('button', { name: 'Download PDF of The big switch' }));
      expect(thread).toEqual({ start: '%PDF-', name: 'The-big-switch.pdf' });

      const snippetId = await savedSnippet(api, 'Lead cross-functional teams through change');
      const history = [
        { userMessage: 'I led the café’s move to a new till.', aiResponse: 'How did you bring the night shift along?', timestamp: new Date().toISOString() },
      ];
      expect((await api.request('POST', '/api/snippet-conversations', { snippetId, conversationHistory: history })).status).toBe(201);
      await page.goto(`/interview-practice/conversations/${snippetId}`);
      await page.getByText('How did you bring the night shift along?').waitFor();
      await checkPage(page, `a snippet's conversation history with its PDF button at ${viewport.width} px`);
      await shot(page, `snippet-conversations-${viewport.width}`);
      const practice = await downloadedStart(page, page.getByRole('button', { name: 'Download PDF' }));
      expect(practice.start).toBe('%PDF-');
      expect(practice.name).toBe('Interview-practice-Lead-cross-functional-teams-through.pdf');

      // A refusal is told in the service's words.
      await page.route('**/api/snippet-conversations/*/pdf*', (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Snippet not found' }) }),
      );
      await page.getByRole('button', { name: 'Download PDF' }).click();
      await waitForToast(page, 'Snippet not found');
      await page.close();
    });
  }
});
