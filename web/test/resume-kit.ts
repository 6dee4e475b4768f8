import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiClient } from '@story/testing/api-client';

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
