import { zipSync, strToU8 } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackAddress } from '@story/testing/standard-stack';
import { openPage, shareSession, type Viewport } from '@story/testing/browser-kit';

/** The résumé the tests upload, as plain text: one weak bullet a saved story can make stronger. */
export const RESUME_LINES = {
  name: 'Grace Hopper',
  checkout: 'Worked on the checkout page',
  release: 'Responsible for the release process',
  typo: 'Wrote the relase notes for every release',
  fixed: 'Wrote the release notes for every release',
  /** A bullet with its number and result: no suggestion. */
  strong: 'Built an internal reporting tool used by 40 analysts',
};

export const RESUME_TEXT = `${RESUME_LINES.name}
grace.hopper@example.com | +1 555 0100 | Arlington, VA

SUMMARY
Software engineer who ships careful, well-tested web applications.

EXPERIENCE
Senior Software Engineer, Acme Retail — Remote
March 2021 – Present
- ${RESUME_LINES.checkout}
- ${RESUME_LINES.release}
- ${RESUME_LINES.typo}

Software Engineer, Initech — Austin, TX
June 2017 – February 2021
- ${RESUME_LINES.strong}
- Fixed bugs

EDUCATION
Yale University — PhD Mathematics, 1934

SKILLS
TypeScript, React, Node.js, SQL, COBOL
`;

/** The story a suggestion stands on: the number the checkout bullet lacks. */
export const CHECKOUT_STORY =
  'Last year at Acme Retail I worked on the checkout page. The page was slow, so I profiled it and split the bundle, and we cut the load time from 3 seconds to 800 milliseconds, which lifted completed orders.';

/** The same résumé as a DOCX (a WordprocessingML package), one paragraph a line, padded with `padBytes` of an unused part. */
export function resumeDocx(text: string, padBytes = 0): Buffer {
  const escape = (line: string) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${escape(line)}</w:t></w:r></w:p>`)
    .join('');
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
    ),
  };
  // Stored, not compressed: bytes that make the upload take a moment on a throttled connection.
  if (padBytes > 0) files['word/media/padding.bin'] = [Uint8Array.from({ length: padBytes }, (_, i) => (i * 7919) % 251), { level: 0 }];
  return Buffer.from(zipSync(files));
}

/** The résumé as a PDF, printed by Chromium from HTML. */
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
