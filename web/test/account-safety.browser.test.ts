import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { VIEWPORTS, checkPage, openPage, shareSession, waitForToast } from '@story/testing/browser-kit';
import { launchChromium } from '@story/testing/chromium';
import { startTestStack, type StackHandle } from '@story/testing/test-stack';

/**
 * Issue 39, points 5 and 6, in Chromium against the running system, at 1280 and 390 px, axe clean:
 * "Forgot Password?" through the link the auth service writes to its log (no SMTP_URL), which ends a
 * session open in another browser; and the admin's users table: search, pages, a plan change that
 * asks first, and monthly minutes whose problem shows in the row while its Save waits.
 * Its own stack: it reads the auth service's log, which the standard stack does not keep.
 */
let stack: StackHandle;
let browser: Browser;
const adminEmail = uniqueEmail('safety-admin');
const authLog: string[] = [];
const NEW_PASSWORD = 'Harbor!Lights42';

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startTestStack({
      services: ['auth', 'conversations', 'speech'],
      env: { ADMIN_EMAILS: adminEmail },
      logLevel: 'info',
      onOutput: (name, line) => {
        if (name === 'auth') authLog.push(line);
      },
    }),
    launchChromium(),
  ]);
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD })).status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The reset link the auth service logged for `email` (SMTP_URL is not set), once it is there. */
async function loggedResetLink(email: string): Promise<string> {
  const linkIn = (line: string): string | undefined => {
    if (!line.startsWith('{')) return undefined;
    const entry = JSON.parse(line) as { mail?: { to?: string; links?: string[] } };
    return entry.mail?.to === email ? entry.mail.links?.find((link) => link.includes('/reset-password#token=')) : undefined;
  };
  await expect.poll(() => authLog.map(linkIn).find(Boolean), { timeout: 15_000 }).toBeDefined();
  const links = authLog.map(linkIn).filter((link): link is string => link !== undefined);
  return links[links.length - 1] ?? '';
}

/** A person signed up through the API, and a page of theirs signed in (another browser context). */
async function personSignedInElsewhere(viewport: (typeof VIEWPORTS)[number]): Promise<{ email: string; elsewhere: Page }> {
  const email = uniqueEmail('forgetful');
  const api = new ApiClient(stack.gatewayUrl);
  expect((await api.post('/api/users/register', { email, firstName: 'Rosalind', lastName: 'Franklin', password: GOOD_PASSWORD })).status).toBe(201);
  const { page } = await openPage(browser, stack.gatewayUrl, viewport);
  await shareSession(page, api, stack.gatewayUrl);
  await page.goto('/welcome');
  await page.getByTestId('usage-meter').waitFor();
  return { email, elsewhere: page };
}

async function adminPage(viewport: (typeof VIEWPORTS)[number]): Promise<Page> {
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD })).status).toBe(200);
  const { page } = await openPage(browser, stack.gatewayUrl, viewport);
  await shareSession(page, admin, stack.gatewayUrl);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Registered Users' }).waitFor();
  return page;
}

describe('forgot password in the browser (issue 39, 6)', () => {
  for (const viewport of VIEWPORTS) {
    it(`resets the password through the logged link, which signs out a session open elsewhere, at ${viewport.width} px`, async () => {
      const { email, elsewhere } = await personSignedInElsewhere(viewport);
      const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);

      await page.goto('/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('signup-login-step').waitFor();
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await checkPage(page, `the forgot-password step at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/reset-forgot-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const sent = await page.getByTestId('signup-forgot-sent').innerText();
      expect(sent).toContain(`If an account exists for ${email}, we have sent it a link to reset the password.`);
      expect(sent).toContain('The link works once and expires in one hour.');
      await checkPage(page, `the link-sent answer at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/reset-sent-${viewport.width}.png`, fullPage: true });

      const link = await loggedResetLink(email);
      expect(link.startsWith(`${stack.gatewayUrl}/reset-password#token=`)).toBe(true);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await page.getByTestId('read-only-email').innerText()).toBe(email);
      await page.getByLabel('New password', { exact: true }).fill('harbor lights');
      // The button is unavailable while the password breaks a rule; Enter still submits, and the form says which rule.
      expect(await page.getByRole('button', { name: 'Reset password' }).isDisabled()).toBe(true);
      await page.getByLabel('New password', { exact: true }).press('Enter');
      await page.getByText('Password must contain at least one number').waitFor();
      await checkPage(page, `the new-password form with a refused password at ${viewport.width} px`);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('100');
      await page.screenshot({ path: `/tmp/reset-choose-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Reset password' }).click();

      await waitForToast(page, 'Your password has been reset. Please log in with your new password.');
      await page.getByTestId('signup-login-step').waitFor();
      expect(new URL(page.url()).search).toBe('?step=login');
      expect(await page.getByTestId('read-only-email').innerText()).toBe(email);
      await checkPage(page, `the login step after a reset at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/reset-login-${viewport.width}.png`, fullPage: true });

      // The other browser's session ended with the reset: its next load is sent back to sign in.
      await elsewhere.reload();
      await elsewhere.waitForURL((url) => url.pathname === '/signup');
      await elsewhere.getByTestId('signup-email-step').waitFor();
      await elsewhere.context().close();

      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/welcome');

      await context.close();

      // The link worked once: opened again (here in a browser signed in to nothing), it says so and offers a new one.
      const { context: later, page: again } = await openPage(browser, stack.gatewayUrl, viewport);
      await again.goto(link);
      await again.getByRole('heading', { name: 'This link no longer works' }).waitFor();
      await checkPage(again, `a used reset link at ${viewport.width} px`);
      await again.screenshot({ path: `/tmp/reset-used-${viewport.width}.png`, fullPage: true });
      await again.getByRole('button', { name: 'Ask for a new link' }).click();
      await again.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await later.close();
    });
  }

  it('gives an address without an account the very same answer, and logs no link for it', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, VIEWPORTS[1]);
    const nobody = uniqueEmail('nobody');
    await page.goto('/signup?step=forgot');
    await page.getByLabel('Email').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByTestId('signup-forgot-sent').innerText()).toContain(
      `If an account exists for ${nobody}, we have sent it a link to reset the password.`,
    );
    // A later request's link is logged, so this one's would be there by now.
    const later = uniqueEmail('later');
    const api = new ApiClient(stack.gatewayUrl);
    expect((await api.post('/api/users/register', { email: later, firstName: 'Lee', lastName: 'Later', password: GOOD_PASSWORD })).status).toBe(201);
    expect((await api.post('/api/users/password-reset', { email: later })).status).toBe(202);
    await loggedResetLink(later);
    expect(authLog.some((line) => line.includes(nobody))).toBe(false);
    await context.close();
  });
});

describe('the admin users table (issue 39, 5)', () => {
  beforeAll(async () => {
    const api = new ApiClient(stack.gatewayUrl);
    for (let i = 0; i < 21; i++) {
      const response = await api.post('/api/users/register', {
        email: uniqueEmail(`pager${i}`),
        firstName: 'Paige',
        lastName: `Turner ${i}`,
        password: GOOD_PASSWORD,
      });
      expect(response.status).toBe(201);
    }
  });

  for (const viewport of VIEWPORTS) {
    it(`asks before changing a person's plan, and searches, at ${viewport.width} px`, async () => {
      const email = uniqueEmail('lovelace');
      const person = new ApiClient(stack.gatewayUrl);
      expect((await person.post('/api/users/register', { email, firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD })).status).toBe(201);
      const planOf = async () => ((await person.get('/api/users/me')).body as { userType: string }).userType;
      const page = await adminPage(viewport);

      await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Users 1–1 of 1' }).waitFor();
      const select = page.getByRole('combobox', { name: `User type of ${email}` });
      expect(await select.inputValue()).toBe('standard');

      await select.selectOption('pro');
      const dialog = page.getByRole('alertdialog', { name: "Change Ada Lovelace's plan?" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Ada Lovelace (${email}) moves from Starter to Pro. Their monthly minutes and features change at once.`);
      await checkPage(page, `the plan-change confirmation at ${viewport.width} px`);
      await page.screenshot({ path: `/tmp/admin-confirm-${viewport.width}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await select.inputValue()).toBe('standard');
      expect(await planOf()).toBe('standard');

      await select.selectOption('pro');
      await dialog.getByRole('button', { name: 'Change plan' }).click();
      await waitForToast(page, `${email} is now on Pro`);
      expect(await select.inputValue()).toBe('pro');
      expect(await planOf()).toBe('pro');
      await page.getByRole('heading', { name: 'Registered Users' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/admin-users-${viewport.width}.png` });
    });

    it(`shows a wrong monthly minutes value in its row and holds its Save, at ${viewport.width} px`, async () => {
      const page = await adminPage(viewport);
      const minutes = page.getByRole('spinbutton', { name: 'Monthly minutes for Standard' });
      const save = page.getByRole('button', { name: 'Save Standard settings' });
      expect(await save.isDisabled()).toBe(false);
      await minutes.fill('-1');
      const row = page.getByTestId('user-type-row-standard');
      await row.getByText('Monthly minutes must be at least 0').waitFor();
      expect(await minutes.getAttribute('aria-invalid')).toBe('true');
      expect(await save.isDisabled()).toBe(true);
      await checkPage(page, `a wrong monthly minutes value at ${viewport.width} px`);
      await minutes.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/admin-minutes-${viewport.width}.png` });
      await minutes.fill('90.3');
      await row.getByText('Monthly minutes must be a whole or half number (such as 90 or 90.5)').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await minutes.fill('90.5');
      await row.getByText(/Monthly minutes must/).waitFor({ state: 'detached' });
      expect(await save.isDisabled()).toBe(false);
    });
  }

  it('pages through the users 20 at a time, and the table fits 1280 px', async () => {
    const page = await adminPage(VIEWPORTS[0]);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('paige turner');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Users 1–20 of 21' }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    const scroll = page.getByRole('group', { name: 'Registered Users' });
    const { scrollWidth, clientWidth } = await scroll.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('status').filter({ hasText: 'Users 21–21 of 21' }).waitFor();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody like this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No users match your search.').waitFor();
    await checkPage(page, 'a search that finds nobody');
  });
});
