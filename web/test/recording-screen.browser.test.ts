import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { standardStack, type StandardStack } from '@story/testing/standard-stack';
import { checkPage, focused, messages, onlyAt, openPage, sendMessage, signInAs, VIEWPORTS, waitForToast, type Viewport } from '@story/testing/browser-kit';

/**
 * Issue 11, part B: the conversation screen (/recording) in Chromium at 1280×800 and at 390×844,
 * with axe-core and the no-sideways-scrolling check on every state visited. A story is never lost
 * (a warning before leaving, the draft kept, no empty thread), the address after the first Save,
 * the title in view on phones, no choice of how to continue where there is nothing to continue,
 * a coach that follows the whole conversation, replies as large as the person's words, one polite
 * announcer for replies, and toasts clear of the message box and the Mute/Save row.
 */
let stack: StandardStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    standardStack(),
    // A fake microphone (a tone), so the voice panel records as it would for a person.
    launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const screenshot = (page: Page, name: string, viewport: Viewport) => page.screenshot({ path: join(tmpdir(), `recording-${name}-${viewport.width}.png`) });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  return box;
}

/** The reply's own words, from what `sendMessage` read after the person's message ("AI", the reply, its time). */
const replyOf = (after: string) => {
  // The answer's feedback line may come first (issue 12); the reply is the line after the "AI" label.
  const lines = after
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines[lines.indexOf('AI') + 1] ?? '';
};

/** What the page sent for each typed turn (the variables of GraphQL `ProcessText`), in order. */
function processTextBodies(page: Page): { text: string; conversationHistory: { role: string; content: string }[] }[] {
  const bodies: { text: string; conversationHistory: { role: string; content: string }[] }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables: { text: string; conversationHistory: { role: string; content: string }[] } };
    if (body.operationName === 'ProcessText') bodies.push(body.variables);
  });
  return bodies;
}

/** The page's main heading sits below the sticky header, inside the window: a person sees it. */
async function expectTitleInView(page: Page, where: string): Promise<void> {
  const [title, header] = await Promise.all([
    boxOf(page.getByRole('heading', { level: 1, name: 'Practice Conversations' }), 'the title'),
    boxOf(page.getByRole('banner'), 'the header'),
  ]);
  expect(title.y, where).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(title.y + title.height, where).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
}

/** A thread saved through the API with `count` exchanges. */
async function savedThread(api: ApiClient, count: number): Promise<number> {
  const created = await api.post('/api/conversation-threads');
  const threadId: number = created.body.threadId;
  for (let i = 1; i <= count; i += 1) {
    const saved = await api.post('/api/conversations', {
      threadId,
      userMessage: `Part ${i}: I rebuilt the night-shift rota for the ward, step ${i}.`,
      aiResponse: `What happened after step ${i}?`,
    });
    expect(saved.status).toBe(201);
  }
  return threadId;
}

describe.each(VIEWPORTS)('the conversation screen at $width px', (viewport) => {
  const onPhone = onlyAt(viewport, 'phone');
  onPhone('never loses a story: no thread before Save, a warning before leaving, the draft kept over a reload, the continue URL after Save', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const { api } = await signInAs(page, stack.gatewayUrl);
    const sent = processTextBodies(page);
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Start a text conversation' }).click();
    await page.waitForURL('**/recording?mode=new&type=text');
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await checkPage(page, 'a new text conversation');
    await expectTitleInView(page, 'a new text conversation');

    // The coach follows the whole conversation: the second reply answers both messages, with the first exchange sent as history.
    const first = replyOf(await sendMessage(page, 'first message'));
    expect(first).toContain('?');
    await expect.poll(() => page.getByTestId('announcer').innerText()).toContain('The AI replied:');
    const second = replyOf(await sendMessage(page, 'second message'));
    expect(second).not.toContain("Let's begin");
    expect(second).not.toBe(first);
    expect(sent.map((body) => body.text)).toEqual(['first message', 'second message']);
    expect(sent[0]?.conversationHistory).toEqual([]);
    const history = sent[1]?.conversationHistory ?? [];
    expect(history.map((turn) => turn.role)).toEqual(['user', 'assistant']);
    expect(history[0]?.content).toBe('first message');
    expect(first).toContain(history[1]?.content.slice(0, 40) || 'the first reply');

    // One polite live region reads the newest reply, once.
    const announcer = page.getByTestId('announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => announcer.innerText()).toBe(`The AI replied: ${second}`);
    expect(await page.locator('[aria-live="polite"]').filter({ hasText: 'The AI replied' }).count()).toBe(1);

    // A reply reads at least as large as the person's own words, and at least 16 px.
    const sizes = await messages(page)
      .last()
      .evaluate((item) => {
        const size = (element: Element | null) => (element ? parseFloat(getComputedStyle(element).fontSize) : 0);
        const [mine, reply] = item.querySelectorAll(':scope > div');
        return { mine: size(mine?.querySelector('p') ?? null), reply: size(reply?.querySelector('p') ?? null) };
      });
    expect(sizes.reply).toBeGreaterThanOrEqual(16);
    expect(sizes.reply).toBeGreaterThanOrEqual(sizes.mine);

    // Nothing is saved yet, so no thread exists: leaving now could not leave an empty one behind.
    expect((await api.get('/api/conversation-threads')).body).toEqual([]);
    await checkPage(page, 'a conversation with unsaved messages');
    await screenshot(page, 'text', viewport);

    // Home asks before leaving unsaved messages; staying keeps everything.
    await page.getByRole('button', { name: 'Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect((await focused(page)).text).toBe('Stay and keep talking');
    await checkPage(page, 'the warning before leaving');
    await screenshot(page, 'leave-warning', viewport);
    await dialog.getByRole('button', { name: 'Stay and keep talking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/recording');
    expect(await messages(page).count()).toBe(2);

    // The browser's Back asks the same question.
    await page.goBack({ timeout: 2000 }).catch(() => undefined);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay and keep talking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/recording');

    // Logout asks too (it goes through /logout); staying keeps the session.
    await page.getByRole('button', { name: 'Logout' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/recording');

    // Reloading with unsaved messages gets the browser's own question; what was typed comes back.
    await page.getByRole('textbox', { name: 'Your message' }).fill('A draft I have not sent yet');
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    expect(await messages(page).count()).toBe(2);

    // Save: the toast stays clear of the message box, Send and Save (a typed conversation has no Mute, issue 39); the URL becomes the thread's, in place.
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Conversation saved successfully');
    await page.waitForURL(/\/recording\?mode=continue&type=text&threadId=\d+$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    const threadId = new URL(page.url()).searchParams.get('threadId');
    const toast = page.getByTestId('toast').filter({ hasText: 'Conversation saved successfully' }).first();
    if (viewport.name === 'phone') {
      const toastBox = await boxOf(toast, 'the toast');
      for (const [name, locator] of [
        ['the message box', page.getByRole('textbox', { name: 'Your message' })],
        ['Send Message', page.getByRole('button', { name: 'Send Message' })],
        ['Save', page.getByRole('button', { name: 'Save', exact: true })],
      ] as const) {
        expect(overlaps(toastBox, await boxOf(locator, name)), name).toBe(false);
      }
      // Scrolled down to the message box, the Save row stays under the header and the toast under it.
      await page.getByRole('textbox', { name: 'Your message' }).scrollIntoViewIfNeeded();
      const [scrolledToast, save, header] = await Promise.all([
        boxOf(toast, 'the toast'),
        boxOf(page.getByRole('button', { name: 'Save', exact: true }), 'Save'),
        boxOf(page.getByRole('banner'), 'the header'),
      ]);
      expect(save.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(overlaps(scrolledToast, save)).toBe(false);
      expect(overlaps(scrolledToast, await boxOf(page.getByRole('textbox', { name: 'Your message' }), 'the message box'))).toBe(false);
    }
    await checkPage(page, 'a saved conversation with its toast');

    // The thread was made at the Save, with both exchanges: the list never shows an empty thread.
    const threads = (await api.get('/api/conversation-threads')).body as { id: number }[];
    expect(threads.map((thread) => String(thread.id))).toEqual([threadId]);
    expect(((await api.get(`/api/conversation-threads/${threadId}`)).body as unknown[]).length).toBe(2);

    // Saved: a reload asks nothing and shows the saved conversation, in text, with the draft still there.
    await page.getByRole('textbox', { name: 'Your message' }).fill('Next I would tell them about the audit');
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.accept();
    });
    await page.reload();
    await expect.poll(() => messages(page).count()).toBe(2);
    expect(asked).toEqual(['beforeunload']);
    for (const item of await messages(page).all()) expect(await item.getAttribute('data-saved')).toBe('true');
    expect(await page.getByRole('button', { name: 'Continue with Text' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe('Next I would tell them about the audit');
    await expectTitleInView(page, 'a saved conversation reloaded');

    // Sending the draft clears it for good.
    await sendMessage(page, 'Next I would tell them about the audit');
    // The reloaded (saved) exchanges go with the new message as its history.
    expect(
      sent
        .at(-1)
        ?.conversationHistory.map((turn) => turn.content)
        .filter((content, index) => index % 2 === 0),
    ).toEqual(['first message', 'second message']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Conversation saved successfully');
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('recording-draft:')))).toEqual([]);

    // All saved: Home goes straight home, and Back returns to the thread's own URL.
    await page.getByRole('button', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.goBack();
    await page.waitForURL(`**/recording?mode=continue&type=text&threadId=${threadId}`);
    await expect.poll(() => messages(page).count()).toBe(3);
    await context.close();
  });

  it('offers "Continue with Voice / Text" only for a thread with saved history, keeps the title in view, and fits voice and upload', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const { api } = await signInAs(page, stack.gatewayUrl);

    // An unknown thread, and another person's: said plainly, with the ways back; no choice offered.
    const other = new ApiClient(stack.gatewayUrl);
    await other.post('/api/users/register', { email: uniqueEmail('other'), firstName: 'O', lastName: 'T', password: GOOD_PASSWORD });
    const foreign = (await other.post('/api/conversation-threads')).body.threadId as number;
    for (const id of [999_999_999, foreign]) {
      await page.goto(`/recording?mode=continue&threadId=${id}`);
      const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'This conversation cannot be continued' });
      await alert.waitFor();
      await waitForToast(page, 'Failed to load previous conversations.');
      expect(await page.getByRole('button', { name: 'Continue with Voice' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);
      await checkPage(page, `a thread that cannot be continued (${id})`);
    }
    await page.getByRole('link', { name: 'Back to your conversations' }).click();
    await page.waitForURL('**/welcome?view=saved');

    // A thread with history: the choice, with the page opening at its title, not scrolled under the header.
    const saved = await savedThread(api, 6);
    await page.goto('/welcome?view=saved');
    // (Its only thread; the page scrolled down first, as a person reaching the row would.)
    const continueButton = page.getByRole('table', { name: 'Conversations', exact: true }).getByRole('button', { name: 'Continue', exact: true });
    await continueButton.scrollIntoViewIfNeeded();
    await continueButton.click();
    await page.waitForURL(`**/recording?mode=continue&threadId=${saved}`);
    await page.getByRole('button', { name: 'Continue with Text' }).waitFor();
    await expect.poll(() => messages(page).count()).toBe(6);
    await expectTitleInView(page, 'a thread with history');
    await checkPage(page, 'the choice of how to continue');
    await page.getByRole('button', { name: 'Continue with Text' }).click();
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await expectTitleInView(page, 'continuing in text');

    // An empty thread (made through the API, nothing saved): straight into a new conversation in it.
    const empty = (await api.post('/api/conversation-threads')).body.threadId as number;
    await page.goto(`/recording?mode=continue&threadId=${empty}`);
    await page.getByRole('heading', { name: 'Record your answer' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Voice' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await checkPage(page, 'an empty thread, recording');

    // Voice and upload fit the window (checkPage: no sideways scrolling) with the title in view.
    await page.goto('/recording?mode=new&type=voice');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await checkPage(page, 'a voice conversation, recording');
    await expectTitleInView(page, 'a voice conversation');
    await screenshot(page, 'voice', viewport);
    // Leaving while recording asks first: what is being said would be lost.
    await page.getByRole('button', { name: 'Home' }).click();
    const leaving = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leaving.getByText('You are recording.').waitFor();
    await leaving.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.goto('/recording?mode=new&type=upload');
    await page.getByText('Solo Voice Memo').waitFor();
    await checkPage(page, 'an upload conversation');
    await expectTitleInView(page, 'an upload conversation');
    await screenshot(page, 'upload', viewport);
    await context.close();
  });
});
