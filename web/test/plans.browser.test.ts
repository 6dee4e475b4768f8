import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '@story/testing/test-stack';
import { VIEWPORTS, checkPage, fillSignupDetails, openPage, shareSession, signInAs, waitForToast } from '@story/testing/browser-kit';

/**
 * Plans in Chromium against the whole system (issue 21): an admin takes interview practice out of
 * Starter; a Starter person's /welcome shows the month's meter ("0 of 120 minutes used this month",
 * a meter named by that text) and interview practice locked with the sentence naming Essentials,
 * at 1280 and 390 px, axe clean. The landing page's "Choose Pro" leads to sign-up with Pro requested.
 */
let stack: StackHandle;
let browser: Browser;
const adminEmail = uniqueEmail('plans-admin');

// Owns its stack: an admin takes interview practice from the Starter plan, which every person on the stack would see.
beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startTestStack({ services: ['auth', 'conversations', 'speech'], env: { ADMIN_EMAILS: adminEmail } }),
    launchChromium(),
  ]);
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD })).status).toBe(201);
  const locked = await admin.patch('/api/user-type-settings/standard', { timeLimit: 300, responseType: 'text', features: { interviewPractice: false } });
  expect(locked.status, JSON.stringify(locked.body)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('plans in the browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows the month's meter and a locked feature on /welcome at ${viewport.width} px`, async () => {
      const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
      await signInAs(page, stack.gatewayUrl);
      await page.goto('/welcome');
      const meter = page.getByRole('meter', { name: '0 of 120 minutes used this month' });
      await meter.waitFor();
      expect(await meter.getAttribute('max')).toBe('7200');
      await page.getByText('0 of 120 minutes used this month').waitFor();
      const locked = page.getByTestId('feature-locked');
      await locked.waitFor();
      expect(await locked.innerText()).toBe('Interview practice is part of the Essentials plan.');
      expect(await page.getByRole('button', { name: 'New job' }).count()).toBe(0);
      await checkPage(page, `/welcome with the meter and a locked feature at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/plans-welcome-${viewport.width}.png`, fullPage: true });
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`lets the admin set what each plan includes on /admin, which the plan's people get at once, at ${viewport.width} px`, async () => {
      const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
      const admin = new ApiClient(stack.gatewayUrl);
      await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD });
      await shareSession(page, admin, stack.gatewayUrl);
      const person = new ApiClient(stack.gatewayUrl);
      await person.post('/api/users/register', { email: uniqueEmail('starter'), firstName: 'Sam', lastName: 'Starter', password: GOOD_PASSWORD });
      const mockInterviews = async () => ((await person.get('/api/usage')).body as { features: { mockInterviews: boolean } }).features.mockInterviews;
      expect(await mockInterviews()).toBe(false);

      await page.goto('/admin');
      await page.getByRole('heading', { name: 'What Each Plan Includes' }).waitFor();
      // Interview practice was taken out of Starter before these tests: the page shows it so.
      expect(await page.getByRole('checkbox', { name: 'Interview practice in Starter' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Interview practice in Essentials' }).isChecked()).toBe(true);
      const box = page.getByRole('checkbox', { name: 'Mock interviews in Starter' });
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await waitForToast(page, 'Mock interviews added to Starter');
      expect(await box.isChecked()).toBe(true);
      expect(await mockInterviews()).toBe(true);
      await checkPage(page, `/admin with the plans' features at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/plans-admin-features-${viewport.width}.png`, fullPage: true });
      // And back: the other tests expect Starter without mock interviews.
      await box.uncheck();
      await waitForToast(page, 'Mock interviews removed from Starter');
      expect(await mockInterviews()).toBe(false);
      await context.close();
    });
  }

  it('Choose Pro on the landing page signs up with Pro requested, which the admin sees', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl);
    await page.goto('/');
    await page.getByRole('link', { name: 'Choose Pro' }).click();
    await page.waitForURL('**/signup?plan=pro');
    const email = uniqueEmail('chooser');
    await fillSignupDetails(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Issue 39: the plan page, with the request made.
    await page.waitForURL('**/plans?plan=pro');
    const admin = new ApiClient(stack.gatewayUrl);
    await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD });
    const users = await admin.get('/api/users');
    expect(users.body.find((user: { email: string }) => user.email === email)).toMatchObject({ userType: 'standard', requestedPlan: 'pro' });
    await context.close();
  });
});
