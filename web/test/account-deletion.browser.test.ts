import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { GOOD_PASSWORD, type ApiClient } from '@story/testing/api-client';
import type { StandardStack } from '@story/testing/standard-stack';
import { VIEWPORTS, checkPage, focused, signedInPage, waitForToast, withBrowserStack } from '@story/testing/browser-kit';

/** Deleting the account in Chromium against the whole running system (issue 24, point 3). */
let stack: StandardStack;
let browser: Browser;
withBrowserStack((s, b) => {
  stack = s;
  browser = b;
});

const SHOTS = '/tmp/acct-shots';
mkdirSync(SHOTS, { recursive: true });

const stillSignedIn = async (api: ApiClient) => (await api.get('/api/users/me')).status;

describe('deleting the account in the browser', () => {
  for (const viewport of VIEWPORTS) {
    it(`asks for the password in an alert dialog, says what was wrong, then deletes, signs out and says so (${viewport.name})`, async () => {
      const { page, api } = await signedInPage(browser, stack, viewport);
      await page.goto('/welcome');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.waitForURL('**/account');
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      await checkPage(page, `the account page (${viewport.name})`);
      await page.screenshot({ path: `${SHOTS}/account-${viewport.width}.png`, fullPage: true });

      // Escape cancels, and focus goes back to the button that opened it.
      const opener = page.getByRole('button', { name: 'Delete my account' });
      await opener.click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      expect((await focused(page)).tag).toBe('input');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await focused(page)).text).toBe('Delete my account');

      // Tab stays inside the dialog.
      await opener.click();
      await dialog.waitFor();
      await dialog.getByLabel('Your password').fill('not my password');
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') !== null)).toBe(true);
      }
      await checkPage(page, `the delete dialog (${viewport.name})`);
      await page.screenshot({ path: `${SHOTS}/dialog-${viewport.width}.png` });

      // A wrong password: the dialog closes so the server's message shows as a toast; nothing deleted, still signed in.
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await waitForToast(page, ACCOUNT_MESSAGES.accountDeletionPasswordWrong);
      await dialog.waitFor({ state: 'hidden' });
      await checkPage(page, `a wrong password (${viewport.name})`);
      await page.screenshot({ path: `${SHOTS}/wrong-password-${viewport.width}.png` });
      expect(await stillSignedIn(api)).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/account');

      await opener.click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Your password').inputValue()).toBe('');
      await dialog.getByLabel('Your password').fill(GOOD_PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForToast(page, ACCOUNT_MESSAGES.accountDeleted);
      // The toast's slide-in is over before the picture.
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/deleted-${viewport.width}.png` });
      expect(await stillSignedIn(api)).toBe(401);
      await page.goto('/account');
      await page.waitForURL((url) => url.pathname !== '/account');
      await page.context().close();
    });
  }
});
