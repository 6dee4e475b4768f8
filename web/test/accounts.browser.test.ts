import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { startTestStack } from '@story/testing/test-stack';
import { GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { REPO_ROOT, type StackHandle } from '@story/testing/test-stack';
import { checkPage, fillSignupDetails, openPage, toastTexts } from '@story/testing/browser-kit';

/** Accounts end to end in Chromium against the whole running system (issue 2). */
let stack: StackHandle;
let browser: Browser;
const adminEmail = uniqueEmail('admin');

// Owns its stack: an admin changes the Starter plan's time limit, which every person on the stack would see.
beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack({ env: { ADMIN_EMAILS: adminEmail } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const newPage = (): Promise<{ context: BrowserContext; page: Page }> => openPage(browser, stack.gatewayUrl);

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await fillSignupDetails(page, email);
  expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('100');
  await checkPage(page, 'the details step, filled in');
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('accounts in the browser', () => {
  it('signs up, logs out, fails with a wrong password, and logs in', async () => {
    const { context, page } = await newPage();
    const email = uniqueEmail('grace');
    await signUp(page, email);
    await page.waitForURL('**/welcome');
    expect((await toastTexts(page)).join(' ')).toContain('Registration successful!');
    await checkPage(page, 'the welcome page after sign-up');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Your story is more than just a resume' }).waitFor();

    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('signup-login-step').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('signup-login-step').getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await checkPage(page, 'a failed login');

    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/welcome');
    await context.close();
  });

  it('shows the sign-up rules with the specification messages', async () => {
    const { context, page } = await newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByText('Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await checkPage(page, 'an address outside the allowed domains');
    await page.getByLabel('Email').fill(uniqueEmail('rules'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill('abcdefg1');
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('67');
    await context.close();
  });

  it('refuses a common password on the details step as it shows the other password rules', async () => {
    const { context, page } = await newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Password', { exact: true }).fill('P@ssw0rd2024');
    // The button is marked unavailable as soon as the rule has loaded; Enter still submits, as a person would.
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('This password is too common. Please choose another.').waitFor();
    await checkPage(page, 'a common password refused');
    // The form's own message under the field, before anything was sent (no toast from the server).
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await toastTexts(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    expect(await page.getByText('This password is too common. Please choose another.').count()).toBe(0);
    await context.close();
  });

  it('sends signed-out visitors of protected routes to /signup and shows the 404 screen', async () => {
    const { context, page } = await newPage();
    await page.goto('/admin');
    await page.waitForURL('**/signup');
    await page.goto('/definitely/not/a/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await checkPage(page, 'the not-found screen');
    await context.close();
  });

  it('keeps a non-admin out of the admin data', async () => {
    const { context, page } = await newPage();
    await signUp(page, uniqueEmail('plain'));
    await page.waitForURL('**/welcome');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin access required' }).waitFor();
    await checkPage(page, 'the admin page for a non-admin');
    expect(await page.getByRole('heading', { name: 'Registered Users' }).count()).toBe(0);
    const direct = await page.request.get('/api/users');
    expect(direct.status()).toBe(403);
    await context.close();
  });

  it('lets an admin change a time limit that a user sees at once', async () => {
    const user = await newPage();
    await signUp(user.page, uniqueEmail('learner'));
    await user.page.waitForURL('**/welcome');
    const before = await user.page.request.get('/api/user/time-limit');
    expect(await before.json()).toMatchObject({ timeLimit: 300 });

    const admin = await newPage();
    await signUp(admin.page, adminEmail);
    await admin.page.waitForURL('**/admin');
    await admin.page.getByRole('heading', { name: 'Registered Users' }).waitFor();
    await admin.page.getByRole('cell', { name: adminEmail }).waitFor();
    const minutes = admin.page.getByLabel('Time limit in minutes for Standard');
    expect(await minutes.inputValue()).toBe('5');
    await minutes.fill('2.5');
    await admin.page.getByRole('button', { name: 'Save Standard settings' }).click();
    await admin.page.getByText('Settings updated successfully').waitFor();
    await checkPage(admin.page, 'the admin dashboard after a save');
    await admin.page.screenshot({ path: '/tmp/admin-dashboard.png', fullPage: true });

    const after = await user.page.request.get('/api/user/time-limit');
    expect(await after.json()).toMatchObject({ timeLimit: 150 });
    await user.context.close();
    await admin.context.close();
  });
});

describe('a session that ends while the app is open', () => {
  it('sends the person back to sign in instead of failing their next action', async () => {
    const { context, page } = await newPage();
    await signUp(page, uniqueEmail('revoked'));
    await page.waitForURL('**/welcome');
    await page.goto('/recording?mode=new&type=text');
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    // Signed out elsewhere (another tab): the session is revoked on the server.
    const cookies = await context.cookies();
    const csrf = cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
    expect((await page.request.post('/api/users/logout', { headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
    // This tab still holds the (now revoked) cookie, as it would after a logout in another browser.
    await context.addCookies(cookies.filter((c) => c.name === 'session'));
    expect((await context.cookies()).some((c) => c.name === 'session')).toBe(true);
    await page.getByRole('textbox', { name: 'Your message' }).fill('I want to talk about my first job.');
    // The app learns that the session ended from this send, or from a request of its own just before it (then the
    // button is gone before the click): either way the person is sent to sign in.
    const send = page
      .getByRole('button', { name: 'Send Message' })
      .click()
      .catch(() => undefined);
    await page.waitForURL('**/signup');
    await context.close();
    await send;
  });
});

describe('the first page', () => {
  it('loads under 200 KB of compressed JavaScript (DESIGN.md budget)', async () => {
    const { context, page } = await newPage();
    const scripts = new Map<string, { encoding: string | undefined; bytes: Promise<number> }>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!path.endsWith('.js')) return;
      // What went over the wire: the encoded body as the gateway sent it.
      scripts.set(path, {
        encoding: response.headers()['content-encoding'],
        bytes: response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      });
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your story is more than just a resume' }).waitFor();
    await page.waitForLoadState('networkidle');
    const transferred = (await Promise.all([...scripts.values()].map((script) => script.bytes))).reduce((sum, bytes) => sum + bytes, 0);
    const uncompressed = [...scripts.keys()].reduce((sum, path) => sum + readFileSync(join(REPO_ROOT, 'web/dist', path)).length, 0);
    console.log(`first page: ${scripts.size} scripts, ${(transferred / 1024).toFixed(1)} KB transferred (${(uncompressed / 1024).toFixed(1)} KB uncompressed)`);
    expect(scripts.size).toBeGreaterThan(0);
    // Every script worth compressing (1 KB and up) came brotli-encoded.
    for (const [path, script] of scripts) {
      if (readFileSync(join(REPO_ROOT, 'web/dist', path)).length >= 1024) expect(script.encoding, path).toBe('br');
    }
    expect(transferred).toBeGreaterThan(0);
    expect(transferred).toBeLessThan(200 * 1024);
    // Apollo and the signed-in screens are not part of it.
    expect([...scripts.keys()].some((path) => /graphql-outlet|welcome|admin/.test(path))).toBe(false);
    await context.close();
  });
});
