import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StandardStack } from '@story/testing/standard-stack';
import { checkPage, messages, openPage, postFromPage, sendMessage, signInAs, waitForToast as toast, withBrowserStack } from '@story/testing/browser-kit';

/**
 * Issue 3 end to end in Chromium: start a text conversation, get a reply from the offline coach,
 * save, see the thread on /welcome, rename, delete, recover, continue.
 */
let stack: StandardStack;
let browser: Browser;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
});

/** A page of a new signed-in user (see browser-kit.ts). */
async function signedInPage(): Promise<Page> {
  const { page } = await openPage(browser, stack.gatewayUrl);
  // Sign up through the API in the page's own cookie jar, as the sign-up screen would.
  await signInAs(page, stack.gatewayUrl);
  return page;
}

/** `frames` frames of silent MPEG-1 Layer III (128 kbit/s, 44.1 kHz, mono): about 26 ms each. */
function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

describe('story conversations in the browser', () => {
  it('talks, saves, lists, renames, deletes, recovers and continues a thread', async () => {
    const page = await signedInPage();
    await page.goto('/welcome');
    // No saved thread yet: no "View saved conversations".
    await page.getByRole('heading', { name: 'Tell Your Story' }).waitFor();
    expect(await page.getByRole('button', { name: 'View saved conversations' }).count()).toBe(0);
    await checkPage(page, 'the welcome page, nothing saved yet');

    await page.getByRole('button', { name: 'Start a text conversation' }).click();
    await page.waitForURL(/\/recording\?mode=new&type=text/);
    expect(await page.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);

    const firstReply = await sendMessage(page, 'Last year I led the migration of our billing system to a new platform with a team of four engineers.');
    expect(firstReply).toContain('AI');
    expect(firstReply.length).toBeGreaterThan(40);
    // The coach reflects the person's own words back and asks one question.
    expect(firstReply.toLowerCase()).toMatch(/migration|billing|team|platform/);
    expect(firstReply).toContain('?');

    const secondReply = await sendMessage(page, 'We cut invoice errors by 40% and finished two weeks early.');
    expect(secondReply).not.toBe(firstReply);
    await checkPage(page, 'a text conversation');

    for (const item of await messages(page).all()) expect(await item.getAttribute('data-saved')).toBe('false');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Conversation saved successfully');
    for (const item of await messages(page).all()) expect(await item.getAttribute('data-saved')).toBe('true');

    // The thread shows on /welcome in saved-conversations mode, named after the story (issue 11).
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'View saved conversations' }).click();
    await page.getByText('Pick a conversation thread from the list below').waitFor();
    const active = page.getByRole('table', { name: 'Conversations', exact: true });
    const row = active.getByRole('row').filter({ hasText: 'Led the migration of our billing system' });
    await row.waitFor();
    await checkPage(page, 'the saved conversations');

    // Rename inline; saved on blur.
    await row.getByRole('button', { name: 'Edit title' }).click();
    const title = page.getByRole('textbox', { name: 'Conversation title' });
    await title.fill('Billing migration');
    await title.blur();
    await toast(page, 'Conversation title updated');
    const renamed = active.getByRole('row').filter({ hasText: 'Billing migration' });
    await renamed.waitFor();

    // Delete with the confirmation dialog; it moves to Deleted Conversations.
    await renamed.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this conversation?').waitFor();
    await checkPage(page, 'the delete confirmation');
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await toast(page, 'Conversation moved to deleted items');
    const deleted = page.getByRole('table', { name: 'Deleted Conversations' });
    await deleted.getByRole('row').filter({ hasText: 'Billing migration' }).waitFor();
    await active.getByText('No conversations found').waitFor();
    await checkPage(page, 'the deleted conversations');

    // Recover it.
    await deleted.getByRole('row').filter({ hasText: 'Billing migration' }).getByRole('button', { name: 'Recover' }).click();
    await toast(page, 'Conversation recovered successfully');
    await active.getByRole('row').filter({ hasText: 'Billing migration' }).waitFor();
    // The lists are refetched one by one: the deleted one empties a moment after.
    await expect.poll(() => page.getByRole('table', { name: 'Deleted Conversations' }).count()).toBe(0);

    // Continue it: the saved messages come back marked saved, and a new turn adds to the same thread.
    await active.getByRole('row').filter({ hasText: 'Billing migration' }).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/mode=continue&threadId=\d+/);
    const threadId = new URL(page.url()).searchParams.get('threadId');
    await checkPage(page, 'the choice of how to continue');
    await page.getByRole('button', { name: 'Continue with Text' }).click();
    await page.waitForURL(/type=text/);
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await expect.poll(() => messages(page).count()).toBe(2);
    for (const item of await messages(page).all()) expect(await item.getAttribute('data-saved')).toBe('true');
    await sendMessage(page, 'I learnt to plan rollbacks before every cut-over.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Conversation saved successfully');

    const items = await page.request.get(`/api/conversation-threads/${threadId}`);
    const saved = (await items.json()) as { userMessage: string }[];
    expect(saved.map((item) => item.userMessage)).toEqual([
      'Last year I led the migration of our billing system to a new platform with a team of four engineers.',
      'We cut invoice errors by 40% and finished two weeks early.',
      'I learnt to plan rollbacks before every cut-over.',
    ]);
    await page.screenshot({ path: '/tmp/conversation.png', fullPage: true });
    await page.context().close();
  });

  it('loads a saved thread without its audio and plays a saved reply from its URL (issue 7)', async () => {
    const page = await signedInPage();
    await page.goto('/welcome');
    const spoken = silentMp3(20);
    // Save a reply with audio as a voice conversation would: same origin, session cookie and CSRF token.
    const created = await postFromPage(page, '/api/conversation-threads');
    const { threadId } = created.json as { threadId: number };
    const saved = await postFromPage(page, '/api/conversations', {
      threadId,
      userMessage: 'I told the team first.',
      aiResponse: 'How did they take it?',
      audioResponse: spoken.toString('base64'),
    });
    expect(saved.status).toBe(201);

    const graphqlBodies: string[] = [];
    page.on('response', (response) => {
      // A body can be gone by the time it is read (the page moved on); only bodies that arrive count.
      if (response.url().endsWith('/graphql'))
        response.text().then(
          (text) => graphqlBodies.push(text),
          () => undefined,
        );
    });
    await page.goto(`/recording?mode=continue&threadId=${threadId}`);
    await page.getByRole('button', { name: 'Continue with Text' }).click();
    await expect.poll(() => messages(page).count()).toBe(1);
    await expect.poll(() => graphqlBodies.some((body) => body.includes('I told the team first.'))).toBe(true);
    const threadRead = graphqlBodies.find((body) => body.includes('I told the team first.')) ?? '';
    expect(threadRead).toContain(`/api/conversation-threads/${threadId}/messages/`);
    expect(threadRead).not.toContain(spoken.toString('base64').slice(0, 64));

    // The reply's audio loads in an audio element from that URL, with the page's own session.
    const audioUrl: string = JSON.parse(threadRead).data.thread.items[0].audioUrl;
    const loaded = await page.evaluate(
      (src) =>
        new Promise<{ duration: number }>((resolve, reject) => {
          const audio = new Audio(src);
          audio.addEventListener('loadedmetadata', () => resolve({ duration: audio.duration }));
          audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code ?? '?'}`)));
        }),
      audioUrl,
    );
    expect(loaded.duration).toBeGreaterThan(0.4);
    // Through the gateway too, only its owner gets it.
    const other = new ApiClient(stack.gatewayUrl);
    await other.post('/api/users/register', { email: uniqueEmail('listener'), firstName: 'O', lastName: 'T', password: GOOD_PASSWORD });
    expect((await other.get(audioUrl)).status).toBe(404);
    await page.context().close();
  });

  it('refuses an empty message with the specification toast and keeps other users out', async () => {
    const page = await signedInPage();
    await page.goto('/recording?mode=new&type=text');
    await page.getByRole('textbox', { name: 'Your message' }).fill('   ');
    await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
    expect(await messages(page).count()).toBe(0);
    await toast(page, 'Please enter some text before submitting.');
    await checkPage(page, 'an empty message refused');

    // Another user's thread id answers 404 and shows the load error.
    const other = new ApiClient(stack.gatewayUrl);
    await other.post('/api/users/register', { email: uniqueEmail('other'), firstName: 'O', lastName: 'T', password: GOOD_PASSWORD });
    const created = await other.post('/api/conversation-threads');
    expect(created.status).toBe(201);
    const foreign = await page.request.get(`/api/conversation-threads/${created.body.threadId}`);
    expect(foreign.status()).toBe(404);
    await page.goto(`/recording?mode=continue&threadId=${created.body.threadId}`);
    await toast(page, 'Failed to load previous conversations.');
    await checkPage(page, 'a thread that is not the user’s');
    await page.context().close();
  });
});
