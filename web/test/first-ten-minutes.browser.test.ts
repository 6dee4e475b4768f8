import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { startTestStack } from '@story/testing/test-stack';
import { GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '@story/testing/test-stack';
import { checkPage, focused, onlyAt, openPage, signInAs, toastTexts, VIEWPORTS, waitForToast, type Viewport } from '@story/testing/browser-kit';

/**
 * Issue 11, part A: what a new user trips over in the first ten minutes, fixed and checked in
 * Chromium at 1280×800 and at 390×844, with axe-core and the no-sideways-scrolling check on every
 * page state visited. The thread lists, the legal pages, sign-up and the admin page.
 */
let stack: StackHandle;
let browser: Browser;
const adminEmail = uniqueEmail('admin');

// Owns its stack: the gateway's timeouts are shortened for the slow-service screens.
beforeAll(async () => {
  [stack, browser] = await Promise.all([
    // Short timeouts, so that a service that stops answering fails a load or a rename within the test.
    // (GraphQL mutations wait as long as AI work does.)
    startTestStack({ env: { ADMIN_EMAILS: adminEmail, UPSTREAM_READ_TIMEOUT_MS: '2500', UPSTREAM_WRITE_TIMEOUT_MS: '2500', UPSTREAM_AI_TIMEOUT_MS: '4000' } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const screenshot = (page: Page, name: string, viewport: Viewport) =>
  page.screenshot({ path: join(tmpdir(), `first-ten-minutes-${name}-${viewport.width}.png`), fullPage: true });

/** The right edge of an element is inside the window: a person sees it without scrolling sideways. */
async function expectInView(page: Page, locator: ReturnType<Page['getByRole']>, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(width);
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
}

/**
 * Runs `during` while the conversations service does not answer (paused, as a hung process would
 * be): the gateway times its calls out and the app sees a real failure. It answers again afterwards.
 */
async function pausedConversations(during: () => Promise<void>): Promise<void> {
  const conversations = stack.processes.find((process) => process.name === 'conversations');
  if (!conversations) throw new Error('no conversations process in the stack');
  conversations.child.kill('SIGSTOP');
  try {
    await during();
  } finally {
    conversations.child.kill('SIGCONT');
  }
}

/** Types a message on the text conversation screen and waits for the coach's reply. */
async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
  await page.getByText('Processing your message...').waitFor({ state: 'detached' });
}

describe.each(VIEWPORTS)('the first ten minutes at $width px', (viewport) => {
  const onPhone = onlyAt(viewport, 'phone');
  const onDesktop = onlyAt(viewport, 'desktop');
  it('says who we are: name and logo, "Sign in", a way in on every plan, a footer with Terms and Privacy, a skip link', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your story is more than just a resume' }).waitFor();
    await checkPage(page, 'the landing page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Story Platform' }).isVisible()).resolves.toBe(true);
    // Each plan leads to sign-up with that plan chosen (issue 21, 6).
    for (const [plan, userType] of [
      ['Starter', 'standard'],
      ['Essentials', 'plus'],
      ['Pro', 'pro'],
    ] as const) {
      const choose = page.getByRole('link', { name: `Choose ${plan}` });
      expect(await choose.getAttribute('href')).toBe(`/signup?plan=${userType}`);
      await expectInView(page, choose, `Choose ${plan}`);
    }
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');

    // The first Tab reaches "Skip to main content", which shows and moves focus to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect((await focused(page)).text).toBe('Skip to main content');
    await expectInView(page, skip, 'the skip link');
    await page.keyboard.press('Enter');
    expect((await focused(page)).tag).toBe('main');

    // Returning visitors sign in from the landing page.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/signup?step=login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await checkPage(page, 'the login step');
    await context.close();
  });

  onPhone('opens the Terms and the Privacy Policy from sign-up and keeps what was typed; each step is a URL that Back returns from', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const email = uniqueEmail('reader');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await checkPage(page, 'the email step');

    await page.getByTestId('signup-email-step').getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    // The route change put focus on the page's heading.
    expect((await focused(page)).text).toBe('Terms of Service');
    await checkPage(page, 'the Terms of Service');
    await page.goBack();
    await page.getByTestId('signup-email-step').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByTestId('signup-email-step').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const policy = await page.getByRole('main').innerText();
    for (const said of ['Your account', 'conversations', 'spoken reply', 'Story vectors', '30 days', 'What goes to OpenAI', 'no button yet'])
      expect(policy).toContain(said);
    await checkPage(page, 'the Privacy Policy');
    // Its own Back returns to the form, which still has the address.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('signup-email-step').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    // The details step is a URL of its own, showing the whole address; the browser's Back returns to the email step.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/signup?step=details');
    await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
    const shown = page.getByTestId('read-only-email');
    expect(await shown.innerText()).toBe(email);
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectInView(page, shown, 'the read-only e-mail');
    await page.getByLabel('First name').fill('Ada');
    await checkPage(page, 'the details step');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/signup' && url.search === '');
    await page.getByTestId('signup-email-step').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.goForward();
    await page.getByRole('heading', { name: 'What is your name?' }).waitFor();
    // The step's own Back button goes back the same way.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('signup-email-step').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/signup?step=login');
    await page.goBack();
    await page.getByTestId('signup-email-step').waitFor();
    await context.close();
  });

  onDesktop('does not carry a failed sign-in’s toast into the app, and sends a signed-in person on from "Get Started"', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const email = uniqueEmail('returning');
    await signInAs(page, stack.gatewayUrl, email);
    await context.clearCookies();

    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/signup?step=login');
    expect(await page.getByTestId('read-only-email').innerText()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('signup-login-step').getByText('Invalid email or password').waitFor();
    await checkPage(page, 'the login step with its error');
    expect((await toastTexts(page)).length).toBeGreaterThan(0);
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/welcome');
    await page.getByRole('heading', { name: 'Tell Your Story' }).waitFor();
    expect(await toastTexts(page)).toEqual([]);

    // Signed in: "Get Started" and the plans lead into the app, and /signup itself sends them on.
    await page.goto('/');
    // Once the session is known (a moment after the page loads), the link leads into the app.
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/welcome');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Tell Your Story' }).waitFor();
    // After the route change, focus is on the page's main heading.
    await expect.poll(async () => (await focused(page)).text).toBe('Welcome');
    await page.goto('/signup');
    await page.waitForURL('**/welcome');
    await context.close();
  });

  it('names a thread after the story once saved, lists threads as cards on phones, and keeps saved mode in the history', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    await signInAs(page, stack.gatewayUrl);
    await page.goto('/recording?mode=new&type=text');
    await sendMessage(page, 'Last year I led the migration of our billing system to a new platform with a team of four engineers.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Conversation saved successfully');

    await page.getByRole('button', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/welcome' && url.search === '');
    await checkPage(page, 'the welcome page');
    await screenshot(page, 'welcome', viewport);
    await page.getByRole('button', { name: 'View saved conversations' }).click();
    await page.waitForURL('**/welcome?view=saved');
    await expect.poll(async () => (await focused(page)).text).toBe('Pick a conversation thread from the list below');
    const row = page.getByRole('table', { name: 'Conversations', exact: true }).getByRole('row').filter({ hasText: 'Led the migration of our billing system' });
    await row.waitFor();
    await checkPage(page, 'the saved conversations');
    await screenshot(page, 'welcome-saved', viewport);
    for (const name of ['Edit title', 'Continue', 'Delete']) await expectInView(page, row.getByRole('button', { name }), `the ${name} button`);
    // On a card, its time says what it is (the column headers are not shown).
    if (viewport.name === 'phone') await expect(row.getByText('Last updated').isVisible()).resolves.toBe(true);

    // Back leaves saved mode; Forward returns to it.
    await page.goBack();
    await page.getByRole('button', { name: 'View saved conversations' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goForward();
    await row.waitFor();
    await context.close();
  });

  onPhone('keeps a title whose save failed, returns focus to the title after a rename, and confirms a delete in an alert dialog', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const { api } = await signInAs(page, stack.gatewayUrl);
    const created = await api.post('/api/conversation-threads');
    expect(
      (
        await api.post('/api/conversations', {
          threadId: created.body.threadId,
          userMessage: 'I rebuilt the onboarding guide for new nurses.',
          aiResponse: 'How?',
        })
      ).status,
    ).toBe(201);
    await page.goto('/welcome?view=saved');
    const table = page.getByRole('table', { name: 'Conversations', exact: true });
    const nurses = table.getByRole('row').filter({ hasText: 'Rebuilt the onboarding guide for new nurses' });
    await nurses.waitFor();

    // A rename the service cannot take (it stopped answering) keeps what was typed, focused, to try again.
    await nurses.getByRole('button', { name: 'Edit title' }).click();
    const titleBox = page.getByRole('textbox', { name: 'Conversation title' });
    await titleBox.fill('Onboarding nurses');
    await pausedConversations(async () => {
      await titleBox.press('Enter');
      await waitForToast(page, 'Failed to update conversation title');
    });
    expect(await titleBox.inputValue()).toBe('Onboarding nurses');
    expect((await focused(page)).label).toBe('Conversation title');
    await checkPage(page, 'a rename that failed');

    // Enter again, with the service back: the rename is saved and focus returns to the (new) title.
    await titleBox.press('Enter');
    await waitForToast(page, 'Conversation title updated');
    const renamed = table.getByRole('row').filter({ hasText: 'Onboarding nurses' });
    await renamed.waitFor();
    await expect.poll(async () => (await focused(page)).text).toBe('Onboarding nurses');

    // The delete confirmation is an alert dialog that keeps focus on its choices; Escape cancels.
    await renamed.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this conversation?' });
    await dialog.waitFor();
    expect((await focused(page)).text).toBe("No, let's not delete");
    await checkPage(page, 'the delete confirmation');
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), key).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).text).toBe('Delete');
    await renamed.waitFor();
    await context.close();
  });

  onDesktop('shows a failed thread list as an error with Retry, not as "No conversations found"', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    const { api } = await signInAs(page, stack.gatewayUrl);
    const created = await api.post('/api/conversation-threads');
    await api.post('/api/conversations', { threadId: created.body.threadId, userMessage: 'I trained the new support team.', aiResponse: 'How?' });
    await pausedConversations(async () => {
      await page.goto('/welcome?view=saved');
      const failure = page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to load conversation threads' });
      await failure.waitFor();
      expect(await page.getByText('No conversations found').count()).toBe(0);
      await checkPage(page, 'a thread list that failed to load');
    });
    await page.getByRole('main').getByRole('alert').filter({ hasText: 'Failed to load conversation threads' }).getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Conversations', exact: true }).getByRole('row').filter({ hasText: 'Trained the new support team' }).waitFor();
    expect(await page.getByRole('main').getByText('Failed to load conversation threads', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('fits the admin page, with its Save buttons on screen', async () => {
    const { context, page } = await openPage(browser, stack.gatewayUrl, viewport);
    // The first test of each size signs the admin up; the second signs in.
    const api = await signInAs(page, stack.gatewayUrl, adminEmail).catch(() => undefined);
    if (!api) {
      await page.goto('/signup?step=login');
      await page.getByLabel('Email').fill(adminEmail);
      await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/admin');
    }
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Registered Users' }).waitFor();
    await checkPage(page, 'the admin page');
    await screenshot(page, 'admin', viewport);
    for (const userType of ['Standard', 'Plus', 'Pro'])
      await expectInView(page, page.getByRole('button', { name: `Save ${userType} settings` }), `Save ${userType}`);
    await expectInView(page, page.getByRole('cell', { name: adminEmail }), 'the admin’s e-mail');
    await page.getByLabel('Time limit in minutes for Plus').fill('7.5');
    await page.getByRole('button', { name: 'Save Plus settings' }).click();
    await waitForToast(page, 'Settings updated successfully');
    await checkPage(page, 'the admin page with a toast');
    await context.close();
  });
});

describe('toasts on a phone', () => {
  it('show under the header and never over the message box or Send', async () => {
    const phone = VIEWPORTS[1];
    const { context, page } = await openPage(browser, stack.gatewayUrl, phone);
    await signInAs(page, stack.gatewayUrl);
    await page.goto('/recording?mode=new&type=text');
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('   ');
    await box.press('Enter');
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();
    await checkPage(page, 'the conversation screen with a toast');
    await screenshot(page, 'recording', phone);
    const [toastBox, headerBox, messageBox, sendBox] = await Promise.all([
      toast.boundingBox(),
      page.getByRole('banner').boundingBox(),
      box.boundingBox(),
      page.getByRole('button', { name: 'Send Message' }).boundingBox(),
    ]);
    if (!toastBox || !headerBox || !messageBox || !sendBox) throw new Error('an element has no box');
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    const overlaps = (a: typeof toastBox, b: typeof toastBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(toastBox, messageBox)).toBe(false);
    expect(overlaps(toastBox, sendBox)).toBe(false);
    await context.close();
  });
});
