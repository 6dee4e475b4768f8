import { mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, exportedThreadSchema } from '@story/proto';
import type { ApiClient } from '@story/testing/api-client';
import type { StandardStack } from '@story/testing/standard-stack';
import { VIEWPORTS, checkPage, signedInPage, waitForToast, withBrowserStack } from '@story/testing/browser-kit';

/**
 * Exporting everything in Chromium against the whole running system (issue 24, point 1): "Download my
 * data" on /account downloads a ZIP holding the person's thread; while another export of theirs runs,
 * the server's 409 is a toast. Screenshots at 1280 and 390 px.
 */
let stack: StandardStack;
let browser: Browser;
withBrowserStack((s, b) => {
  stack = s;
  browser = b;
});

const SHOTS = '/tmp/export-shots';
mkdirSync(SHOTS, { recursive: true });

/** `bytes` bytes of silent MP3 frames. */
function silentMp3(bytes: number): Buffer {
  const audio = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += 417) audio.set([0xff, 0xfb, 0x90, 0xc0].slice(0, bytes - at), at);
  return audio;
}

/** A thread named by its first message, one message with 3 MB of spoken reply (so an export takes a while when nobody reads it). */
async function savedThread(api: ApiClient, words: string): Promise<number> {
  const threadId = (await api.post('/api/conversation-threads')).body.threadId as number;
  const saved = await api.post('/api/conversations', {
    threadId,
    userMessage: words,
    aiResponse: 'What happened next?',
    audioResponse: silentMp3(3_000_000).toString('base64'),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return threadId;
}

async function downloadedZip(page: Page): Promise<{ name: string; files: Record<string, Uint8Array> }> {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await (await download).path();
  return { name: (await download).suggestedFilename(), files: unzipSync(new Uint8Array(readFileSync(file))) };
}

describe('exporting everything in the browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`downloads a ZIP with the person's thread, and says so when an export of theirs already runs (${viewport.name})`, { timeout: 90_000 }, async () => {
      const { page, api } = await signedInPage(browser, stack, viewport);
      const words = `The warehouse move I led (${viewport.name})`;
      const threadId = await savedThread(api, words);
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Export your data', level: 2 }).waitFor();
      await checkPage(page, `the account page with its export (${viewport.name})`);
      await page.screenshot({ path: `${SHOTS}/account-${viewport.width}.png`, fullPage: true });

      const { name, files } = await downloadedZip(page);
      expect(name).toMatch(/^story-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const thread = exportedThreadSchema.parse(JSON.parse(strFromU8(files[`conversations/threads/${threadId}.json`]!)));
      expect(thread.messages[0]?.userMessage).toBe(words);
      expect(Object.keys(files).some((path) => path.endsWith('.md') && strFromU8(files[path]!).includes(words))).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Download my data' }).isEnabled()).toBe(true);

      // Another export of theirs, started elsewhere and not read yet: this one is refused, in the server's words.
      const elsewhere = await fetch(`${stack.gatewayUrl}/api/export`, { headers: { cookie: api.cookieHeader() } });
      expect(elsewhere.status).toBe(200);
      await page.getByRole('button', { name: 'Download my data' }).click();
      await waitForToast(page, EXPORT_MESSAGES.alreadyRunning);
      await page.waitForTimeout(400);
      await checkPage(page, `an export already running (${viewport.name})`);
      await page.screenshot({ path: `${SHOTS}/already-running-${viewport.width}.png` });
      await elsewhere.arrayBuffer();
      await page.context().close();
    });
  }

  it('shows the export being prepared: the button waits, disabled', { timeout: 60_000 }, async () => {
    const { page, api } = await signedInPage(browser, stack, VIEWPORTS[0]);
    await savedThread(api, 'A long story');
    await page.goto('/account');
    // The browser's reads are slowed, so the preparing state lasts long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 1_000_000, uploadThroughput: -1 });
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download my data' }).click();
    const busy = page.getByRole('button', { name: 'Preparing your export…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/preparing-1280.png` });
    await download;
    await page.getByRole('button', { name: 'Download my data' }).waitFor();
    await page.context().close();
  });
});
