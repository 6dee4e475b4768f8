import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SKIP_QUESTION } from '@story/proto';
import type { StackHandle } from '@story/testing/test-stack';
import { checkPage, messages, openingQuestion, savedSnippet, signedInPage, VIEWPORTS, withBrowserStack, type Viewport } from '@story/testing/browser-kit';

/**
 * Skipping a question in interview practice (issue 38, 6): a Skip Question button under the
 * interviewer's question; it says the skip for the person, the interviewer moves on to the next
 * requirement (never the same question again), and the skip is not graded.
 */
const REQUIREMENTS = '- Lead cross-functional projects to on-time delivery\n- Improve operational processes with data';

let stack: StackHandle;
let browser: Browser;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
});

describe.each(VIEWPORTS)('skipping a practice question ($name)', (viewport: Viewport) => {
  it('Skip Question moves to the next requirement, asks nothing twice and grades nothing', async () => {
    const { page, api } = await signedInPage(browser, stack, viewport);
    const snippetId = await savedSnippet(api, REQUIREMENTS);
    await page.goto(`/interview-practice/practice?section=${encodeURIComponent(REQUIREMENTS)}&snippetId=${snippetId}`);
    await page.getByRole('button', { name: 'Start a text conversation' }).click();
    const opening = openingQuestion(page);
    await opening.waitFor();
    expect((await opening.innerText()).toLowerCase()).toContain('lead cross-functional projects to on-time delivery');

    const skip = page.getByRole('button', { name: SKIP_QUESTION.label });
    await skip.waitFor();
    await checkPage(page, `the opening question with Skip Question (${viewport.name})`);
    await page.screenshot({ path: `/tmp/practice-skip-before-${viewport.name}.png`, fullPage: true });

    await skip.click();
    await expect.poll(() => messages(page).count()).toBe(1);
    await page.getByText('Processing your message...').waitFor({ state: 'detached' });
    const exchange = await messages(page).nth(0).innerText();
    expect(exchange).toContain(SKIP_QUESTION.said);
    const reply = exchange.slice(exchange.indexOf(SKIP_QUESTION.said) + SKIP_QUESTION.said.length).toLowerCase();
    expect(reply).toContain('improve operational processes with data');
    expect(reply).not.toContain('lead cross-functional projects to on-time delivery');
    // The skip is no answer: once the exchange is saved, it still has no grade.
    await messages(page).nth(0).getByText('Saved').waitFor();
    expect(await messages(page).nth(0).getByTestId('feedback-line').count()).toBe(0);
    await checkPage(page, `after Skip Question (${viewport.name})`);
    await page.screenshot({ path: `/tmp/practice-skip-after-${viewport.name}.png`, fullPage: true });
    await page.close();
  });
});
