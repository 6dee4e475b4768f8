import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES, MESSAGES } from '@story/proto';
import { UPLOAD_STEP_MIN_MS } from '../src/features/recording/lib/upload-steps.ts';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { reserveAdminEmail, scriptSpeech, standardStack, type StandardStack } from '@story/testing/standard-stack';
import {
  checkPage,
  focused,
  messages,
  onlyAt,
  openPage,
  sendMessage,
  personOnPlan,
  voiceChromium,
  VIEWPORTS,
  waitForToast,
  type Viewport,
} from '@story/testing/browser-kit';

/**
 * Issue 19, point 8, "no traps on the way", in Chromium at 1280 and 390 px with axe-core on every
 * state: the review screen's selection fills the snippet box and Save Snippet confirms first; its
 * preview scrolls from the keyboard; the common-password rule is in the live checklist; error toasts
 * close once what they complained about is put right; the mute button says what it will do; the
 * spoken word's mark stands out from its bubble; auto-saved practice says "Saved"; Send Message waits
 * for words; the countdown shows its 0 and every upload step shows; Watch Demo shows a demo.
 * These are screens: on the standard stack the speech worker runs the scripted engines (real audio,
 * the words of SPOKEN for spoken.wav, a reply spoken as a hum with its words marked in time); the voice
 * flow with the real engines is voice.browser's. Each person is on Pro, whose replies are spoken.
 */
const SPOKEN = 'I led the migration of our checkout database to a new system. We finished two weeks early.';
const dir = mkdtempSync(join(tmpdir(), 'no-traps-browser-'));
let stack: StandardStack;
let browser: Browser;
let admin: ApiClient;

beforeAll(async () => {
  let wav: string;
  [stack, { browser, wav }] = await Promise.all([standardStack(), voiceChromium(dir, SPOKEN)]);
  scriptSpeech(stack, [{ audio: wav, words: SPOKEN }]);
  admin = new ApiClient(stack.gatewayUrl);
  const registered = await admin.post('/api/users/register', { email: reserveAdminEmail(stack), firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD });
  expect(registered.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A signed-in page at the viewport (with the microphone allowed unless `permissions` says otherwise). */
async function userPage(viewport: Viewport, permissions: string[] = ['microphone']): Promise<{ page: Page; api: ApiClient }> {
  // A new person on Pro, whose replies are spoken (the mute button, the spoken word's mark).
  return personOnPlan(browser, stack, admin, viewport, 'pro', { permissions });
}

/** Keeps a screenshot to look at and runs the checks of every browser test (axe-core, no sideways scrolling). */
async function look(page: Page, name: string, viewport: Viewport): Promise<void> {
  await page.screenshot({ path: `/tmp/no-traps-${name}-${viewport.width}.png`, fullPage: true });
  await checkPage(page, `${name} at ${viewport.width} px`);
}

const toastSaying = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/**
 * Waits for the error toast that says `text` and holds the mouse over it, which stops it closing
 * by itself: when it goes, it went because the problem was put right.
 */
async function holdToast(page: Page, text: string): Promise<Locator> {
  const toast = toastSaying(page, text).first();
  await toast.waitFor();
  await toast.hover();
  return toast;
}

/** The toast saying `text` is gone, at once (well inside its own 5 seconds). */
const expectToastGone = (page: Page, text: string) => expect.poll(() => toastSaying(page, text).count(), { timeout: 1500 }).toBe(0);

/** WCAG's contrast ratio of two computed CSS colours (`rgb(...)`). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** What the frame watcher reads: the countdown's number, or the upload bar's value and whether its percentage is written. */
type Watched = 'countdown' | 'uploadSteps';

/**
 * Records, frame by frame as the page paints, what is on screen of `watched`, as a list of
 * distinct values with how long each was on screen.
 */
async function watchFrames(page: Page, watched: Watched): Promise<void> {
  await page.addInitScript((key: Watched) => {
    const seen: { value: string; from: number; to: number; ended: boolean }[] = [];
    Object.assign(window, { [key]: seen });
    const read = (): string | null => {
      if (key === 'countdown') {
        const line = [...document.querySelectorAll('p')].find((element) => element.textContent?.includes('Recording starting soon...'));
        return line ? (line.querySelector('strong')?.textContent ?? '') : null;
      }
      const bar = document.querySelector('progress');
      return bar ? `${bar.value} ${bar.parentElement?.innerText.includes(`${bar.value}%`) ? 'shown' : 'unwritten'}` : null;
    };
    const frame = () => {
      const value = read();
      const now = performance.now();
      const last = seen.at(-1);
      if (last && !last.ended) last.to = now;
      if (last && !last.ended && last.value !== value) last.ended = true;
      if (value !== null && (!last || last.ended)) seen.push({ value, from: now, to: now, ended: false });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, watched);
}

/**
 * A busy page: every render React schedules (its scheduler posts to a MessageChannel) comes `ms` late,
 * while the page's frames go on.
 */
async function delayRenders(page: Page, ms: number): Promise<void> {
  await page.addInitScript((late: number) => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort['postMessage']>) {
      setTimeout(() => post.apply(this, args), late);
    } as MessagePort['postMessage'];
  }, ms);
}

/** What `watchFrames` saw: each value once, in order, with the milliseconds it stayed on screen. */
async function framesSeen(page: Page, name: Watched): Promise<{ value: string; ms: number }[]> {
  const seen = await page.evaluate((key) => (window as unknown as Record<string, { value: string; from: number; to: number }[]>)[key] ?? [], name);
  return seen.map(({ value, from, to }) => ({ value, ms: Math.round(to - from) }));
}

/** A long job description, so that its preview scrolls. */
const LONG_DESCRIPTION = [
  '## About the role',
  '',
  ...Array.from({ length: 40 }, (_, i) => `- Responsibility number ${i + 1}: keep the ingestion pipeline healthy and well documented`),
].join('\n');

/** Opens the review screen of a new (unsaved) long description; returns its preview. */
async function openReview(page: Page): Promise<Locator> {
  await page.goto(`/interview-practice/review?description=${encodeURIComponent(LONG_DESCRIPTION)}&companyName=Nimbus&jobTitle=Data%20Engineer`);
  const preview = page.getByTestId('markdown-preview');
  await preview.getByText('Responsibility number 40').waitFor({ state: 'attached' });
  return preview;
}

/** Selects list items `from` to `to` of the preview with the mouse, as a person would. */
async function selectItems(page: Page, preview: Locator, from: number, to: number): Promise<void> {
  // In the middle of the window, clear of the header and of a toast under it on phones.
  await preview.getByText(`Responsibility number ${from}:`).evaluate((item) => item.scrollIntoView({ block: 'center' }));
  const first = await preview.getByText(`Responsibility number ${from}:`).boundingBox();
  const last = await preview.getByText(`Responsibility number ${to}:`).boundingBox();
  if (!first || !last) throw new Error('the list items have no box');
  await page.mouse.move(first.x + 1, first.y + 4);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2, { steps: 5 });
  await page.mouse.move(last.x + last.width - 1, last.y + last.height - 4, { steps: 5 });
  await page.mouse.up();
}

describe.each(VIEWPORTS)('no traps on the way at $width px', (viewport) => {
  const onPhone = onlyAt(viewport, 'phone');
  const onDesktop = onlyAt(viewport, 'desktop');
  it('review: the preview scroll area is reachable by keyboard (axe scrollable-region-focusable)', async () => {
    const { page } = await userPage(viewport);
    const preview = await openReview(page);
    expect(await preview.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await look(page, 'review', viewport);
    // The preview is the next stop after Confirm Formatting, and the keyboard scrolls it.
    await page.getByRole('button', { name: 'Confirm Formatting' }).focus();
    await page.keyboard.press('Tab');
    expect(await preview.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => preview.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await look(page, 'review-scrolled', viewport);
    await page.context().close();
  });

  onPhone('review: text selected in the preview fills the snippet box', async () => {
    const { page } = await userPage(viewport);
    const preview = await openReview(page);
    // An empty box is refused with the specification's words; the selection fills it and the toast goes.
    await page.getByRole('button', { name: 'Save Snippet to begin practice' }).click();
    await toastSaying(page, MESSAGES.snippetEmpty).first().waitFor();
    await selectItems(page, preview, 2, 3);
    const box = page.getByLabel('Section to practise');
    await expect.poll(() => box.inputValue()).toContain('Responsibility number 3: keep the ingestion pipeline healthy and well documented');
    expect(await box.inputValue()).toContain('Responsibility number 2:');
    expect(await box.inputValue()).not.toContain('Responsibility number 4');
    await expectToastGone(page, MESSAGES.snippetEmpty);
    await look(page, 'review-selected', viewport);
    // Typing in the box and selecting there leaves it as typed.
    await box.fill('- My own words');
    await box.selectText();
    expect(await box.inputValue()).toBe('- My own words');
    await page.context().close();
  });

  onDesktop('review: "Save Snippet" before "Confirm Formatting" confirms first, with the specification’s texts', async () => {
    const { page, api } = await userPage(viewport);
    const preview = await openReview(page);
    const saveSnippet = page.getByRole('button', { name: 'Save Snippet to begin practice' });
    await selectItems(page, preview, 2, 3);
    await saveSnippet.click();
    await waitForToast(page, 'Job description formatting has been saved');
    await page.waitForURL(/\/interview-practice\/practice\?section=.*snippetId=\d+/);
    expect(new URL(page.url()).searchParams.get('section')).toContain('Responsibility number 2:');
    await page.getByRole('region', { name: 'Selected Requirements' }).getByText('Responsibility number 3:').waitFor();
    await look(page, 'snippet-saved', viewport);
    const descriptions = async () => (await api.get('/api/formatted-job-descriptions')).body as { id: number; formattedContent: string; companyName: string }[];
    const [saved] = await descriptions();
    expect(saved).toMatchObject({ formattedContent: LONG_DESCRIPTION, companyName: 'Nimbus' });

    // Back on the review screen, it is that description: a second snippet joins it, no copy is made.
    await page.goBack();
    await page.waitForURL(new RegExp(`/interview-practice/review\\?.*id=${saved?.id}`));
    await page.getByLabel('Section to practise').fill('- Responsibility number 7');
    await saveSnippet.click();
    await page.waitForURL(/\/interview-practice\/practice\?section=.*snippetId=\d+/);
    expect(await descriptions()).toHaveLength(1);
    expect((await api.get(`/api/job-description-snippets/${saved?.id}`)).body).toHaveLength(2);

    // A blank description is still refused with the specification's words, and nothing is saved.
    await page.goto(`/interview-practice/review?description=${encodeURIComponent('## Role')}&companyName=Acme&jobTitle=Lead`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Markdown').fill('   ');
    await page.getByLabel('Section to practise').fill('- Lead teams');
    await saveSnippet.click();
    await toastSaying(page, MESSAGES.formattedContentEmpty).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/interview-practice/review');
    expect(await descriptions()).toHaveLength(1);
    await page.context().close();
  });

  onPhone('sign-up: the common-password rule is in the live checklist with the other three', async () => {
    const { page } = await openPage(browser, stack.gatewayUrl, viewport);
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('checklist'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    const rule = checklist.getByRole('listitem').filter({ hasText: 'not a common password' });
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Password', { exact: true }).fill('P@ssw0rd2024');
    // The three rules of the specification are met; the fourth says why Continue is not available.
    for (const item of ['8 characters minimum', 'a number', 'a symbol'])
      expect(await checklist.getByRole('listitem').filter({ hasText: item }).getAttribute('data-met')).toBe('true');
    // (The rule comes in a chunk of its own a moment after the step opens.)
    await expect.poll(() => page.getByRole('button', { name: 'Continue' }).getAttribute('aria-disabled')).toBe('true');
    expect(await rule.getAttribute('data-met')).toBe('false');
    expect(await rule.innerText()).toContain('not a common password');
    await look(page, 'signup-common', viewport);
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    expect(await rule.getAttribute('data-met')).toBe('true');
    expect(await page.getByRole('button', { name: 'Continue' }).getAttribute('aria-disabled')).toBeNull();
    await page.context().close();
  });

  onDesktop('error toasts go away once the thing they complained about is fixed', async () => {
    const { page } = await userPage(viewport, []);
    // The interview start form's three checks, each put right in turn.
    await page.goto('/interview-practice');
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await holdToast(page, 'Please enter the company name');
    await page.getByLabel('Company Name').fill('Nimbus');
    await expectToastGone(page, 'Please enter the company name');
    await submit.click();
    await holdToast(page, 'Please enter the job title');
    await page.getByLabel('Job Title').fill('Data Engineer');
    await expectToastGone(page, 'Please enter the job title');
    await submit.click();
    await holdToast(page, 'Please paste a job description');
    await page.getByLabel('Job Description').fill('We need a data engineer.');
    await expectToastGone(page, 'Please paste a job description');

    // A blank message sent with Enter; words typed put it right.
    await page.goto('/recording?mode=new&type=text');
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('   ');
    await box.press('Enter');
    await holdToast(page, MESSAGES.textEmpty);
    await box.fill('   I led the team');
    await expectToastGone(page, MESSAGES.textEmpty);

    // A failed load: Retry loads it, and the toast about it goes.
    let failures = 1;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'Threads' && failures > 0) {
        failures -= 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' });
        return;
      }
      await route.fallback();
    });
    await page.goto('/welcome');
    await holdToast(page, 'Failed to load conversations');
    await look(page, 'load-failed', viewport);
    await page.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
    await expectToastGone(page, 'Failed to load conversations');
    await page.unroute('**/graphql');

    // The microphone refused, then allowed: once recording starts, its toast goes.
    await page.goto('/recording?mode=new&type=voice');
    await holdToast(page, CONVERSATION_MESSAGES.microphoneFailed);
    await page.context().grantPermissions(['microphone']);
    await page.getByRole('button', { name: 'Start recording' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await expectToastGone(page, CONVERSATION_MESSAGES.microphoneFailed);
    await look(page, 'microphone-allowed', viewport);
    await page.context().close();
  });

  onPhone('"Send Message" is disabled for blank text', async () => {
    const { page } = await userPage(viewport);
    await page.goto('/recording?mode=new&type=text');
    const box = page.getByRole('textbox', { name: 'Your message' });
    const send = page.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true);
    await box.fill('   \n ');
    expect(await send.isDisabled()).toBe(true);
    await look(page, 'blank-message', viewport);
    await box.fill('Hi');
    expect(await send.isDisabled()).toBe(false);
    await page.context().close();
  });

  onDesktop('the mute button says what pressing it will do and has aria-pressed', async () => {
    const { page } = await userPage(viewport);
    // Where replies can be spoken (issue 39: a typed conversation's replies are never spoken, so it has no mute).
    await page.goto('/recording?mode=new&type=upload');
    const mute = page.getByRole('button', { name: 'Mute spoken replies', exact: true });
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await mute.click();
    const unmute = page.getByRole('button', { name: 'Unmute spoken replies', exact: true });
    expect(await unmute.getAttribute('aria-pressed')).toBe('true');
    expect(await mute.count()).toBe(0);
    await look(page, 'muted', viewport);
    await unmute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  onPhone('auto-saved practice shows "Saved"', async () => {
    const { page, api } = await userPage(viewport);
    const description = await api.post('/api/confirm-job-description', { formattedContent: '## Role\n\n- Lead teams', jobTitle: 'Lead', companyName: 'Acme' });
    const snippet = await api.post('/api/job-description-snippets', { jobDescriptionId: description.body.id, snippetText: '- Lead teams' });
    await page.goto(`/recording?mode=new&context=${encodeURIComponent('- Lead teams')}&snippetId=${snippet.body.id}&type=text`);
    await sendMessage(page, 'I led a team of five through a rewrite.');
    await expect.poll(async () => ((await api.get(`/api/snippet-conversations/${snippet.body.id}`)).body as unknown[]).length).toBe(1);
    const exchange = messages(page).first();
    await exchange.getByText('Saved', { exact: true }).waitFor();
    expect(await exchange.getAttribute('data-saved')).toBe('true');
    // Nothing is left to save, and nothing to warn about on leaving.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await look(page, 'auto-saved', viewport);
    await page.getByRole('button', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/welcome');
    await page.context().close();
  });

  onDesktop('the countdown shows 3, 2, 1 and 0 with "Recording starting soon..."', async () => {
    const { page } = await userPage(viewport);
    await watchFrames(page, 'countdown');
    await delayRenders(page, 500);
    await page.goto('/recording?mode=new&type=voice');
    await page.locator('p', { hasText: 'Recording starting soon...' }).locator('strong', { hasText: /^0$/ }).waitFor();
    await page.screenshot({ path: `/tmp/no-traps-countdown-0-${viewport.width}.png` });
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    const countdown = await framesSeen(page, 'countdown');
    expect(countdown.map((step) => step.value)).toEqual(['3', '2', '1', '0']);
    // Each number stays long enough to read, and the whole countdown is the specification's 3 seconds, on a
    // page whose renders come half a second late.
    for (const step of countdown) expect(step.ms, `countdown ${step.value}`).toBeGreaterThanOrEqual(500);
    expect(countdown.reduce((sum, step) => sum + step.ms, 0)).toBeLessThan(3600);
    await checkPage(page, `recording after the countdown at ${viewport.width} px`);
    await page.context().close();
  });

  onPhone('each upload step (25/50/75/90 %) is visible', async () => {
    const { page } = await userPage(viewport);
    page.setDefaultTimeout(30_000);
    await watchFrames(page, 'uploadSteps');
    // A busy page: every render React schedules comes 500 ms late, while frames go on; each step's time on
    // screen must count from when it is there, not from when it was asked for.
    await delayRenders(page, 500);
    // The answer comes at once, as from the fastest server: the steps still show, each in its turn.
    await page.route('**/api/transcribe', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ transcript: 'I led the migration of our checkout database.', aiResponse: 'What was your own part in it?' }),
      }),
    );
    await page.goto('/recording?mode=new&type=upload');
    await page.locator('input[type=file]').setInputFiles(join(dir, 'spoken.wav'));
    await page.getByText('Uploading your audio file...').or(page.getByText('Transcribing your audio...')).first().waitFor();
    await look(page, 'upload-step', viewport);
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    const steps = await framesSeen(page, 'uploadSteps');
    expect(steps.map((step) => step.value)).toEqual(['25 shown', '50 shown', '75 shown', '90 shown']);
    // Each step is on screen its whole time (a frame's rounding aside), counted from when it is there.
    for (const step of steps) expect(step.ms, `upload step ${step.value}`).toBeGreaterThanOrEqual(UPLOAD_STEP_MIN_MS - 10);
    await page.context().close();
  });

  onPhone('the highlighted spoken word has at least 3:1 contrast with its bubble', async () => {
    const { page } = await userPage(viewport);
    page.setDefaultTimeout(30_000);
    await page.goto('/recording?mode=new&type=upload');
    await page.locator('input[type=file]').setInputFiles(join(dir, 'spoken.wav'));
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    // The reply speaks by itself: the word being said stands out from its bubble (3:1) and reads on its mark (4.5:1).
    // Read in one go inside the page, as soon as a word is marked: the mark moves from word to word,
    // and a mark read after it moved is detached (no styles at all).
    const marked = await page.waitForFunction(() => {
      const element = document.querySelector('[data-testid="spoken-reply"] mark');
      if (!element) return null;
      const background = (node: Element | null): string => {
        for (let current = node; current; current = current.parentElement) {
          const colour = getComputedStyle(current).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return 'rgb(255, 255, 255)';
      };
      return {
        mark: background(element),
        bubble: background(element.closest('[data-testid="spoken-reply"]')?.parentElement ?? null),
        text: getComputedStyle(element).color,
      };
    });
    const colours = await marked.jsonValue();
    if (!colours) throw new Error('no word was marked');
    expect(contrast(colours.mark, colours.bubble)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.text, colours.mark)).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: `/tmp/no-traps-spoken-word-${viewport.width}.png` });
    await checkPage(page, `a reply being spoken at ${viewport.width} px`);
    await page.context().close();
  });

  it('"Watch Demo" shows a short walkthrough of a sample conversation', async () => {
    const { page } = await openPage(browser, stack.gatewayUrl, viewport);
    await page.goto('/');
    const watch = page.getByRole('button', { name: 'Watch Demo' });
    await watch.click();
    const demo = page.getByRole('dialog', { name: 'A sample conversation' });
    await demo.waitFor();
    await demo.getByText('Step 1 of 4').waitFor();
    await look(page, 'demo', viewport);
    const next = demo.getByRole('button', { name: 'Next' });
    for (const step of [2, 3, 4]) {
      await next.click();
      await demo.getByText(`Step ${step} of 4`).waitFor();
    }
    expect(await demo.getByRole('list', { name: 'Sample conversation' }).getByRole('listitem').count()).toBe(4);
    await demo.getByRole('link', { name: 'Get Started' }).waitFor();
    expect((await focused(page)).text).toBe('Get Started');
    await look(page, 'demo-end', viewport);
    await page.keyboard.press('Escape');
    await demo.waitFor({ state: 'hidden' });
    expect((await focused(page)).text).toBe('Watch Demo');
    await page.context().close();
  });
});
