import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StandardStack } from '@story/testing/standard-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { LINKEDIN, pasted } from '@story/testing/fixtures/job-postings';
import {
  VIEWPORTS,
  checkPage,
  messages,
  openingQuestion,
  sendMessage,
  signedInPage,
  waitForToast as toast,
  withBrowserStack,
} from '@story/testing/browser-kit';

/**
 * Issue 9 end to end in Chromium: paste a messy description, review and confirm it, save a
 * snippet, hold a text practice conversation about it, read it under View Conversations, archive,
 * unarchive and delete — with the specification's texts, toasts and checks, at 1280 and 390 px.
 */
let stack: StandardStack;
let browser: Browser;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
});

const SNIPPET = '- Own the reliability of our ingestion pipeline\n- Mentor two to three engineers';
const INJECTION = '\n\n[click me](javascript:window.__pwned=1) and <img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script>';

/** Keeps a screenshot to look at, and checks the state as every browser test does (axe-core, no sideways scrolling). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/interview-practice-${name}.png`, fullPage: true });
  await checkPage(page, `interview practice: ${name}`);
}

describe('interview practice in the browser', () => {
  it('cleans, confirms, practises a snippet, lists its conversation, archives, unarchives and deletes', async () => {
    const { page, api } = await signedInPage(browser, stack);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'New job' }).click();
    await page.waitForURL(/\/interview-practice$/);

    // The start form's three checks, in order.
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await toast(page, 'Please enter the company name');
    await page.getByLabel('Company Name').fill('Nimbus Analytics');
    await submit.click();
    await toast(page, 'Please enter the job title');
    await page.getByLabel('Job Title').fill('Senior Backend Engineer');
    await page.getByLabel('Job Description').fill('   ');
    await submit.click();
    await toast(page, 'Please paste a job description');
    await page.getByLabel('Job Description').fill(pasted(LINKEDIN));
    await shoot(page, 'start-1280');
    await submit.click();

    // Review: Preview first, the posting's structure recovered and the site's buttons gone.
    await page.waitForURL(/\/interview-practice\/review\?description=/);
    const preview = page.getByTestId('markdown-preview');
    expect(await page.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    await preview.getByRole('heading', { name: "What you'll do" }).waitFor();
    expect(await preview.getByRole('listitem').count()).toBe(6);
    expect(await preview.innerText()).not.toMatch(/Easy Apply|Report this job|Show less/);
    await shoot(page, 'review-1280');

    // Edit: markdown with a javascript: link, raw HTML and a script renders inert in Preview.
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByLabel('Markdown');
    const cleaned = await editor.inputValue();
    expect(cleaned).toContain('## About the job');
    await editor.fill('   ');
    await page.getByRole('button', { name: 'Confirm Formatting' }).click();
    await toast(page, 'Formatted content cannot be empty');
    await editor.fill(cleaned + INJECTION);
    await page.getByRole('button', { name: 'Preview' }).click();
    const link = preview.getByText('click me');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBeNull();
    expect(await preview.locator('img, script').count()).toBe(0);

    // A snippet needs text first. (A description not saved yet is saved by Save Snippet first: issue 19, no-traps test.)
    const saveSnippet = page.getByRole('button', { name: 'Save Snippet to begin practice' });
    await saveSnippet.click();
    await toast(page, 'Please paste a section to practice');

    await page.getByRole('button', { name: 'Confirm Formatting' }).click();
    await toast(page, 'Job description formatting has been saved');
    await page.waitForURL(/\/interview-practice\/saved$/);

    // Saved: the card, its relative time, its inert markdown and "0 Snippets".
    const card = page.getByRole('article', { name: 'Senior Backend Engineer' });
    await card.getByText('Nimbus Analytics', { exact: true }).waitFor();
    await card.getByText('less than a minute ago').waitFor();
    expect(await card.getByText('click me').getAttribute('href')).toBeNull();
    await card.getByRole('button', { name: '0 Snippets' }).click();
    await card.getByText('No snippets saved yet. Click "Practice" to add snippets.').waitFor();
    await shoot(page, 'saved-1280');

    // Practice → review of the saved description → snippet → practice screen.
    await card.getByRole('button', { name: 'Practice' }).click();
    await page.waitForURL(/\/interview-practice\/review\?.*id=\d+/);
    await page.getByLabel('Section to practise').fill(SNIPPET);
    await saveSnippet.click();
    await page.waitForURL(/\/interview-practice\/practice\?section=.*snippetId=\d+/);
    const snippetId = Number(new URL(page.url()).searchParams.get('snippetId'));
    await page.getByRole('region', { name: 'Selected Requirements' }).getByText('Mentor two to three engineers').waitFor();
    await shoot(page, 'practice-1280');

    // A text practice conversation: the coach interviews for the snippet's requirements and follows up.
    await page.getByRole('button', { name: 'Start a text conversation' }).click();
    await page.waitForURL(/\/recording\?mode=new&context=.*snippetId=\d+&type=text/);
    // The interviewer asks first (issue 19); "I am ready" is answered with the question again.
    await openingQuestion(page).waitFor();
    expect(await openingQuestion(page).innerText()).toContain('Own the reliability of our ingestion pipeline');
    const intro = await sendMessage(page, 'Hi, I am ready to practise');
    expect(intro.toLowerCase()).toContain('own the reliability of our ingestion pipeline');
    const followUp = await sendMessage(page, 'At my last company we moved the ingestion pipeline to Kafka and we cut dropped events by 90%.');
    expect(followUp).toMatch(/what did you do yourself|which part of that was yours/i);
    await expect.poll(async () => (await api.get(`/api/snippet-conversations/${snippetId}`)).body).toHaveLength(1);
    await expect.poll(async () => (await api.get(`/api/snippet-conversations/${snippetId}`)).body[0].conversationHistory.length).toBe(3);
    // The page knows it too: until it does, leaving asks "Leave site?" (a navigation then is refused).
    await messages(page).nth(1).getByText('Saved', { exact: true }).waitFor();

    // View Conversations lists it.
    await page.goto('/interview-practice/saved');
    await card.getByRole('button', { name: '1 Snippets' }).click();
    await card.getByRole('button', { name: 'View Conversations' }).click();
    await page.waitForURL(`**/interview-practice/conversations/${snippetId}`);
    await page.getByText(/^Started less than a minute ago$/).waitFor();
    await page.getByText(/^Last updated less than a minute ago$/).waitFor();
    expect(await page.getByText('You:').count()).toBe(2);
    expect(await page.getByText('AI Response:').count()).toBe(3);
    await page.getByText('At my last company we moved the ingestion pipeline to Kafka').waitFor();
    await shoot(page, 'conversations-1280');
    await page.getByRole('button', { name: 'Back to Job Descriptions' }).click();

    // Archive, then unarchive from the archived list.
    await card.getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'Job description archived successfully');
    await page.getByText('No saved job descriptions yet.').waitFor();
    await page.getByRole('button', { name: 'View Archived Jobs' }).click();
    await page.waitForURL(/\/interview-practice\/archived$/);
    await shoot(page, 'archived-1280');
    await card.getByRole('button', { name: 'Unarchive' }).click();
    await toast(page, 'Job description unarchived successfully');
    await page.getByText('No archived job descriptions.').waitFor();
    await page.getByRole('button', { name: 'View Active Jobs' }).click();

    // Delete: Cancel keeps it, "Yes, delete it" removes it and its snippet's conversations.
    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this job description?' });
    await dialog.getByText('This action cannot be undone. This will permanently delete the job description.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card.waitFor();
    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
    await toast(page, 'Job description deleted successfully');
    await page.getByText('No saved job descriptions yet.').waitFor();
    expect((await api.get(`/api/snippet-conversations/${snippetId}`)).status).toBe(404);

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.context().close();
  });

  it('works on a phone without sideways scrolling', async () => {
    const { page, api } = await signedInPage(browser, stack, VIEWPORTS[1]);
    const confirmed = await api.post('/api/confirm-job-description', {
      formattedContent: `## A very long heading without spaces: ${'x'.repeat(120)}\n\n- Lead teams`,
      jobTitle: 'Staff Engineer',
      companyName: 'Acme',
    });
    const snippet = await api.post('/api/job-description-snippets', { jobDescriptionId: confirmed.body.id, snippetText: '- Lead teams' });
    await page.goto('/interview-practice');
    await page.getByRole('heading', { name: 'Practice for an Interview' }).waitFor();
    await shoot(page, 'start-390');
    await page.goto(`/interview-practice/review?description=${encodeURIComponent('## Role\n\n- Lead teams')}&companyName=Acme&jobTitle=Staff%20Engineer`);
    await page.getByTestId('markdown-preview').waitFor();
    await shoot(page, 'review-390');
    await page.goto('/interview-practice/saved');
    await page.getByRole('button', { name: '1 Snippets' }).click();
    await page.getByRole('button', { name: 'View Conversations' }).waitFor();
    await shoot(page, 'saved-390');
    await page.goto(`/interview-practice/conversations/${snippet.body.id}`);
    await page.getByText('No conversations found for this snippet.').waitFor();
    await shoot(page, 'conversations-390');
    await page.goto(`/interview-practice/practice?section=${encodeURIComponent('- Lead teams')}&snippetId=${snippet.body.id}`);
    await page.getByRole('button', { name: 'Start a text conversation' }).waitFor();
    await shoot(page, 'practice-390');
    await page.context().close();
  });

  it('refuses a description that is too long, and shows nothing of another user’s snippet', async () => {
    const { page } = await signedInPage(browser, stack);
    await page.goto('/interview-practice');
    await page.getByLabel('Company Name').fill('Acme');
    await page.getByLabel('Job Title').fill('Lead');
    await page.getByLabel('Job Description').fill('word '.repeat(40_000));
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Job description must be at most 50000 characters');
    expect(page.url()).toMatch(/\/interview-practice$/);

    const other = new ApiClient(stack.gatewayUrl);
    await other.post('/api/users/register', { email: uniqueEmail('other'), firstName: 'O', lastName: 'T', password: GOOD_PASSWORD });
    const theirs = await other.post('/api/confirm-job-description', { formattedContent: 'Secret role', jobTitle: 'Secret', companyName: 'Hidden' });
    const theirSnippet = await other.post('/api/job-description-snippets', { jobDescriptionId: theirs.body.id, snippetText: 'Their secret snippet' });
    await page.goto(`/interview-practice/conversations/${theirSnippet.body.id}`);
    await toast(page, 'Failed to load snippet data');
    expect(await page.getByText('Their secret snippet').count()).toBe(0);
    await page.goto('/interview-practice/conversations/abc');
    await toast(page, 'Failed to load snippet data');
    await page.goto('/interview-practice/saved');
    await page.getByText('No saved job descriptions yet.').waitFor();
    await page.context().close();
  });
});
