import { convertedAudio, spokenWav } from './test-audio.ts';
import { scriptedSpeechEnv, type ScriptedSpeechOptions } from './scripted-speech.ts';
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoSidewaysScroll, launchChromium } from './chromium.ts';
import { startTestStack } from './test-stack.ts';
import { standardStack, type StackAddress, type StandardStack } from './standard-stack.ts';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from './api-client.ts';
import type { StackHandle } from './test-stack.ts';

/**
 * The browser project's standard stack and a Chromium of the file's own before its tests (hands both
 * to `started`), the browser closed after them: the set-up most browser test files share.
 */
export function withBrowserStack(started: (stack: StandardStack, browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [stack, launched] = await Promise.all([standardStack(), launchChromium()]);
    browser = launched;
    started(stack, launched);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** The two windows every screen is checked at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * Inside `describe.each(VIEWPORTS)`: a test registered at one of the two widths only. What a screen
 * looks like (it fits, nothing is off screen, axe) is checked at both widths; what a flow does is
 * the same at both, so such a test runs once, most of them on the phone, where layouts break first.
 */
export function onlyAt(viewport: Viewport, width: Viewport['name']): (name: string, body: () => Promise<void>, timeout?: number) => void {
  return (name, body, timeout) => {
    if (viewport.name === width) it(name, body, timeout);
  };
}

/** What a page's context may do beyond the defaults: `permissions` it was granted (e.g. `microphone`). */
export interface PageOptions {
  permissions?: string[];
}

/** A fresh browser context (its own cookies) at the viewport, and its page. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = VIEWPORTS[0],
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: viewport.width, height: viewport.height }, ...options });
  const page = await context.newPage();
  // A ceiling for a state the page announces, not a measure of speed: the suite's own load on two cores can hold a page for seconds.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Gives an API client's session (and its CSRF token) to the page's browser context. */
export async function shareSession(page: Page, api: ApiClient, baseURL: string): Promise<void> {
  const origin = new URL(baseURL);
  await page.context().addCookies(
    ['session', 'csrf_token'].map((name) => ({
      name,
      value: api.cookie(name) ?? '',
      domain: origin.hostname,
      path: '/',
      httpOnly: name === 'session',
      sameSite: 'Lax' as const,
    })),
  );
}

/** Registers an account through the API and gives its session to the page's context, as signing up would. */
export async function signInAs(page: Page, baseURL: string, email = uniqueEmail('story')): Promise<{ email: string; api: ApiClient }> {
  const api = new ApiClient(baseURL);
  const reply = await api.post('/api/users/register', { email, firstName: 'Maya', lastName: 'Angelou', password: GOOD_PASSWORD });
  expect(reply.status).toBe(201);
  await shareSession(page, api, baseURL);
  return { email, api };
}

/** A new person on `plan` (an admin moves them), with a page of theirs at the viewport (`options`: its permissions…). */
export async function personOnPlan(
  browser: Browser,
  stack: StackAddress,
  admin: ApiClient,
  viewport: Viewport,
  plan: 'standard' | 'plus' | 'pro',
  options: PageOptions = {},
): Promise<{ page: Page; api: ApiClient; close: () => Promise<void> }> {
  const api = new ApiClient(stack.gatewayUrl);
  const registered = await api.post('/api/users/register', { email: uniqueEmail('person'), firstName: 'Grace', lastName: 'Hopper', password: GOOD_PASSWORD });
  expect(registered.status).toBe(201);
  if (plan !== 'standard') {
    const moved = await admin.patch(`/api/users/${registered.body.user.id}`, { userType: plan });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const { context, page } = await openPage(browser, stack.gatewayUrl, viewport, options);
  await shareSession(page, api, stack.gatewayUrl);
  return { page, api, close: () => context.close() };
}

/**
 * POST `body` to `path` from inside the page, as the app itself does (same origin, the session
 * cookie and the CSRF token); the status and the JSON answer (null when there is none).
 */
export async function postFromPage(page: Page, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('csrf_token='))
          ?.slice('csrf_token='.length) ?? '';
      const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf };
      const response = await fetch(path, { method: 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
    },
    { path, body },
  );
}

/** On /signup: `email` entered, then the details step filled in as Grace Hopper with a strong password (not yet submitted). */
export async function fillSignupDetails(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
}

/**
 * What every page state a browser test visits must pass: no axe-core violation (colour contrast
 * included) and no sideways scrolling. `where` names the state in a failure.
 */
export async function checkPage(page: Page, where: string): Promise<void> {
  // Every page has its main landmark with a level-one heading: wait for it, so that a page still
  // loading (a spinner after a navigation) is not what gets checked.
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await expectNoAxeViolations(page, where);
  await expectNoSidewaysScroll(page, where);
}

/** The open toasts' texts. */
export const toastTexts = (page: Page) => page.getByTestId('toast').allInnerTexts();

/** Waits for a toast that says `text`. */
export const waitForToast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/** The accessible text of the focused element and its tag, to check where focus went. */
export async function focused(page: Page): Promise<{ tag: string; text: string; label: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName.toLowerCase() ?? '', text: active?.textContent?.trim() ?? '', label: active?.getAttribute('aria-label') ?? null };
  });
}

/** A page of a new signed-in user at the viewport, and an API client with the same session. */
export async function signedInPage(
  browser: Browser,
  stack: StackAddress,
  viewport: Viewport = VIEWPORTS[0],
  options: PageOptions = {},
): Promise<{ page: Page; api: ApiClient }> {
  const { page } = await openPage(browser, stack.gatewayUrl, viewport, options);
  const { api } = await signInAs(page, stack.gatewayUrl);
  return { page, api };
}

/** A saved job description (Operations Lead at Harbor) with one snippet of `requirements`, made through the API; the snippet's id. */
export async function savedSnippet(api: ApiClient, requirements: string): Promise<number> {
  const confirmed = await api.post('/api/confirm-job-description', {
    formattedContent: `## Role\n\n${requirements}`,
    jobTitle: 'Operations Lead',
    companyName: 'Harbor',
  });
  expect(confirmed.status).toBe(201);
  const snippet = await api.post('/api/job-description-snippets', { jobDescriptionId: confirmed.body.id, snippetText: requirements });
  return snippet.body.id as number;
}

/**
 * The exchanges of the conversation on /recording with the person's words (the list's own items: an
 * answer's opened feedback has lists too), not the interviewer's opening question (`openingQuestion`).
 */
export const messages = (page: Page) => page.getByRole('list', { name: 'Messages' }).locator(':scope > li:not([data-opening])');

/** The interviewer's opening question of a practice, which comes before the person says anything (issue 19). */
export const openingQuestion = (page: Page) => page.getByRole('list', { name: 'Messages' }).locator(':scope > li[data-opening]');

/** Sends a typed message on /recording and waits for the AI's reply; returns the reply's text. */
export async function sendMessage(page: Page, text: string): Promise<string> {
  const before = await messages(page).count();
  const toasts = page.getByTestId('toast');
  const toastsBefore = new Set(await toasts.allInnerTexts());
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
  // The message joins the list; a refusal says so in a toast, and the test fails at once with its words.
  const outcome = async () => {
    if ((await messages(page).count()) > before) return 'sent';
    const refused = (await toasts.allInnerTexts()).filter((toast) => !toastsBefore.has(toast));
    return refused.length > 0 ? `refused: ${refused.join(' | ')}` : 'waiting';
  };
  await expect.poll(outcome).not.toBe('waiting');
  expect(await outcome()).toBe('sent');
  await page.getByText('Processing your message...').waitFor({ state: 'detached' });
  const item = await messages(page).last().innerText();
  expect(item).toContain(text);
  return item.slice(item.indexOf(text) + text.length);
}

/** The seconds the recorder says it has recorded (its timer's label, "Recorded 0:03 of 5:00"). */
export async function recordedSeconds(page: Page): Promise<number> {
  const label = (await page.getByRole('timer', { name: /^Recorded / }).getAttribute('aria-label')) ?? '';
  const [minutes = 0, seconds = 0] = (/Recorded (\d+):(\d+)/.exec(label) ?? []).slice(1).map(Number);
  return minutes * 60 + seconds;
}

/** How long the fake microphone's file lasts (`voiceChromium`'s `microphone.wav` in `dir`), in seconds. */
export function microphoneSeconds(dir: string): number {
  const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(dir, 'microphone.wav')]);
  return Number(probed.toString().trim());
}

/**
 * Waits while the fake microphone says its words once, by the recorder's own clock (whole seconds): until it
 * shows the microphone file's length, rounded up. Chromium plays the file in a loop from when it is opened.
 */
export async function speakOnce(page: Page, dir: string): Promise<void> {
  const seconds = Math.ceil(microphoneSeconds(dir));
  await expect.poll(() => recordedSeconds(page), { timeout: (seconds + 30) * 1000 }).toBeGreaterThanOrEqual(seconds);
}

/**
 * A Chromium whose fake microphone says `spoken` (flite's `rms` voice, not the replies' voice, then a
 * second of silence, since Chromium plays the file in a loop). `dir` keeps the recordings: `spoken.wav`
 * and the microphone's `microphone.wav`. Gives the browser and the recording it speaks (`spoken.wav`'s
 * bytes are the ones a script names, `scriptSpeech` or `scriptedSpeechEnv`).
 */
export async function voiceChromium(dir: string, spoken: string): Promise<{ browser: Browser; wav: string }> {
  const wav = spokenWav(spoken);
  copyFileSync(wav, join(dir, 'spoken.wav'));
  copyFileSync(convertedAudio(wav, 'wav', ['-af', 'apad=pad_dur=1', '-ar', '48000', '-ac', '1']), join(dir, 'microphone.wav'));
  const browser = await launchChromium([
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${join(dir, 'microphone.wav')}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  return { browser, wav };
}

/**
 * The whole stack and a Chromium whose fake microphone says `spoken` (`voiceChromium`), with an admin
 * who made the standard user type reply with voice. `dir` keeps the recordings (`spoken.wav`).
 * `scripted`: the speech worker runs the scripted engines (for tests of screens, not of recognition),
 * hearing `spoken` in `spoken.wav` and in whatever the microphone records.
 */
export async function startVoiceBench(
  dir: string,
  spoken: string,
  adminEmail: string,
  options: { scripted?: ScriptedSpeechOptions } = {},
): Promise<{ stack: StackHandle; browser: Browser }> {
  const engines = options.scripted ? scriptedSpeechEnv(dir, [{ audio: spokenWav(spoken), words: spoken }], { defaultWords: spoken, ...options.scripted }) : {};
  const [stack, { browser }] = await Promise.all([startTestStack({ env: { ADMIN_EMAILS: adminEmail, ...engines } }), voiceChromium(dir, spoken)]);
  // Replies are spoken for the standard user type.
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD })).status).toBe(201);
  expect((await admin.patch('/api/user-type-settings/standard', { timeLimit: 120, responseType: 'text_and_voice' })).status).toBe(200);
  return { stack, browser };
}
