import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { VIEWPORTS, checkPage, fillSignupDetails, messages, openPage, shareSession, waitForToast } from '@story/testing/browser-kit';
import { launchChromium } from '@story/testing/chromium';
import { reserveAdminEmail, standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Issue 39 in Chromium, at 1280 and 390 px, every state axe clean: a visitor chooses Pro on the
 * pricing block and signs up, landing on the plan page with Pro asked for; /welcome names their plan
 * (Starter), what it includes and the request waiting; a Starter person is refused the mock
 * interview with the plan's sentence and the way to the plan that has it, and has no mute control
 * (their replies are text); an admin, in a second browser context, grants the request on /admin; the
 * person's next page tells them once, /welcome and /account say Pro, and an uploaded answer's reply
 * is spoken (the reply's audio plays, its words marked as they are said).
 * Shares the standard stack: the plans keep their defaults (Pro speaks replies), the admin is the file's own.
 */
const SPOKEN = 'I led the migration of our checkout database to a new system. We finished two weeks early and the error rate dropped by eighty percent.';
const SHOTS = process.env.PLAN_SCREENSHOT_DIR ?? '/tmp/plan-shots';
const dir = mkdtempSync(join(tmpdir(), 'plan-requests-browser-'));
let stack: StandardStack;
let browser: Browser;
let adminEmail: string;

beforeAll(async () => {
  execFileSync('flite', ['-voice', 'rms', '-t', SPOKEN, '-o', join(dir, 'spoken.wav')]);
  mkdirSync(SHOTS, { recursive: true });
  // The reply plays by itself, as after a person's click would allow it.
  [stack, browser] = await Promise.all([standardStack(), launchChromium(['--autoplay-policy=no-user-gesture-required'])]);
  adminEmail = reserveAdminEmail(stack);
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD })).status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe('choosing a plan, its request and its grant, in the browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`choose Pro, sign up, see the request, the admin grants it, the person sees Pro and hears a spoken reply at ${viewport.width} px`, async () => {
      const w = viewport.width;
      const { context: personContext, page } = await openPage(browser, stack.gatewayUrl, viewport);

      // The pricing block's "Choose Pro", then sign-up: the plan page with Pro asked for.
      await page.goto('/');
      await page.getByRole('link', { name: 'Choose Pro' }).click();
      await page.waitForURL('**/signup?plan=pro');
      const email = uniqueEmail('chooses-pro');
      await fillSignupDetails(page, email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/plans?plan=pro');
      const waiting = page.getByTestId('plan-request-waiting');
      await waiting.waitFor();
      expect(await waiting.innerText()).toMatch(/^You asked for the Pro plan on [A-Z][a-z]{2} \d{1,2}, \d{4}\. It is waiting for an admin\.$/);
      expect(await page.getByTestId('current-plan').innerText()).toBe('You are on the Starter plan.');
      const proCard = page.getByTestId('plan-card-pro');
      expect(await proCard.getByRole('heading', { level: 3 }).innerText()).toMatch(/^Pro\s*Asked for$/);
      expect(await proCard.getByText('Asked for: waiting for an admin.').count()).toBe(1);
      // One request at a time: no other plan can be asked for meanwhile.
      expect(await page.getByRole('button', { name: /^Ask for / }).count()).toBe(0);
      await checkPage(page, `/plans with Pro asked for at ${w} px`);
      await shot(page, `plans-requested-${w}`);

      // /welcome names the plan, what it includes, the minutes and the request waiting.
      await page.goto('/welcome');
      const plan = page.getByRole('region', { name: 'Your plan', exact: true });
      await plan.getByTestId('current-plan').waitFor();
      expect(await plan.getByTestId('current-plan').innerText()).toBe('You are on the Starter plan ($5 per month)');
      expect(await plan.getByRole('list', { name: 'Starter includes' }).innerText()).toContain('Text-only AI replies');
      await plan.getByRole('meter', { name: '0 of 120 minutes used this month' }).waitFor();
      expect(await plan.getByTestId('plan-request-waiting').innerText()).toContain('You asked for the Pro plan on');
      await checkPage(page, `/welcome on Starter with Pro asked for at ${w} px`);
      await shot(page, `welcome-starter-${w}`);

      // Locked means locked, and says why: the mock interview's start page, then the way to the plan that has it.
      await page.goto('/interview-practice/mock/new');
      const locked = page.getByTestId('feature-locked');
      await locked.waitFor();
      expect(await locked.innerText()).toBe('Mock interviews are part of the Pro plan.');
      expect(await page.getByRole('button', { name: 'Plan my interview' }).count()).toBe(0);
      await checkPage(page, `/interview-practice/mock/new locked at ${w} px`);
      await shot(page, `mock-locked-${w}`);
      await page.getByRole('link', { name: 'See the plans' }).click();
      await page.waitForURL('**/plans?features=mockInterviews');
      expect(await page.getByTestId('feature-locked').innerText()).toBe('Mock interviews are part of the Pro plan.');
      await page.getByTestId('plan-card-pro').getByText('Asked for: waiting for an admin.').waitFor();

      // Starter's replies are text: nothing to mute on a spoken conversation's screen.
      await page.goto('/recording?mode=new&type=upload');
      await page.getByText('Solo Voice Memo').waitFor();
      await page.getByTestId('usage-meter').waitFor();
      expect(await page.getByRole('button', { name: 'Mute spoken replies' }).count()).toBe(0);

      // The admin, in a browser of their own, grants the request on /admin, after confirming it.
      const { context: adminContext, page: adminPage } = await openPage(browser, stack.gatewayUrl, viewport);
      const admin = new ApiClient(stack.gatewayUrl);
      expect((await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD })).status).toBe(200);
      await shareSession(adminPage, admin, stack.gatewayUrl);
      await adminPage.goto('/admin');
      const row = adminPage.getByTestId(`plan-request-${email}`);
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Grace Hopper[\s\S]*Starter[\s\S]*Pro/);
      await checkPage(adminPage, `/admin with a plan request at ${w} px`);
      await shot(adminPage, `admin-requests-${w}`);
      await row.getByRole('button', { name: 'Grant Pro to Grace Hopper' }).click();
      const dialog = adminPage.getByRole('alertdialog', { name: 'Move Grace Hopper to Pro?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Grace Hopper (${email}) goes from Starter to Pro at once, an upgrade. They are told on their next page.`);
      await checkPage(adminPage, `/admin confirming a grant at ${w} px`);
      await dialog.getByRole('button', { name: 'Grant Pro' }).click();
      await waitForToast(adminPage, `${email} is now on Pro`);
      await row.waitFor({ state: 'detached' });
      await adminContext.close();

      // The person's next page tells them, once; /welcome says Pro, with voice replies.
      await page.goto('/welcome');
      const notice = page.getByTestId('plan-decision');
      await notice.waitFor();
      expect(await notice.getByRole('status').innerText()).toBe('Your request was granted: you are now on the Pro plan.');
      await plan.getByTestId('current-plan').waitFor();
      expect(await plan.getByTestId('current-plan').innerText()).toBe('You are on the Pro plan ($12 per month)');
      const includes = await plan.getByRole('list', { name: 'Pro includes' }).innerText();
      expect(includes).toContain('AI replies in text and voice');
      expect(includes).toContain('Mock interviews');
      expect(await plan.getByTestId('plan-request-waiting').count()).toBe(0);
      await checkPage(page, `/welcome told of the grant at ${w} px`);
      await shot(page, `welcome-granted-${w}`);
      await page.goto('/account');
      await page.getByRole('region', { name: 'Your plan', exact: true }).getByTestId('current-plan').waitFor();
      expect(await page.getByTestId('current-plan').innerText()).toBe('You are on the Pro plan ($12 per month)');
      expect(await page.getByTestId('plan-decision').count()).toBe(0);
      await checkPage(page, `/account on Pro at ${w} px`);
      await shot(page, `account-pro-${w}`);

      // On Pro, replies are spoken: an uploaded answer's reply plays by itself, its words marked as they are said.
      await page.goto('/recording?mode=new&type=upload');
      await page.getByRole('button', { name: 'Mute spoken replies' }).waitFor();
      await page.locator('input[type=file]').setInputFiles(join(dir, 'spoken.wav'));
      await expect.poll(() => messages(page).count(), { timeout: 90_000 }).toBe(1);
      await page.getByRole('button', { name: 'Stop reply' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('spoken-reply').locator('mark').waitFor();
      await checkPage(page, `/recording speaking a Pro reply at ${w} px`);
      await shot(page, `spoken-reply-${w}`);
      await personContext.close();
    }, 240_000);
  }
});
