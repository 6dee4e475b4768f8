import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SKIP_QUESTION } from '@story/proto';
import type { StandardStack } from '@story/testing/standard-stack';
import { checkPage, messages, openingQuestion, sendMessage, signedInPage, VIEWPORTS, withBrowserStack, type Viewport } from '@story/testing/browser-kit';
import { REQUIREMENTS, snippetOf, startTextPractice } from './practice-kit.ts';

/**
 * The practice loop as a job seeker met it in issue 38, tried again. Skipping (6): a Skip Question
 * button under the interviewer's question; it says the skip for the person, the interviewer moves on
 * to the next requirement (never the same question again), and the skip is not graded. Judgment (3,
 * 4): a result told without numbers is a result; saying one has not done it is heard, quoted, and
 * scored low, so the requirement is never Ready from it.
 */
let stack: StandardStack;
let browser: Browser;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
});

describe.each(VIEWPORTS)('skipping a practice question ($name)', (viewport: Viewport) => {
  it('Skip Question moves to the next requirement, asks nothing twice and grades nothing', async () => {
    const { page, api } = await signedInPage(browser, stack, viewport);
    const { opening } = await startTextPractice(page, api);
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

  it('hears a result without numbers, and an admission as an admission', async () => {
    const { page, api } = await signedInPage(browser, stack, viewport);
    const snippetId = await snippetOf(api);
    const practice = `/recording?mode=new&context=${encodeURIComponent(REQUIREMENTS)}&snippetId=${snippetId}&type=text`;
    await page.goto(practice);
    await openingQuestion(page).waitFor();
    await sendMessage(
      page,
      'At Harbor Logistics our dispatch system went down on a Friday evening during peak season. I was the shift lead, so it was on me to get orders moving. ' +
        'I called the design and IT leads together, checked the logs and found the label printer queue had filled up, and we set up a manual pick list. We restored the service in two hours.',
    );
    const told = messages(page).nth(0).getByTestId('feedback-line');
    await told.waitFor({ timeout: 20_000 });
    expect(await told.getByRole('group', { name: 'STAR parts' }).textContent()).toMatch(/Result: told/);
    await messages(page).nth(0).getByText('Saved', { exact: true }).waitFor();

    // A new practice: the first question answered by saying it was never done.
    await page.goto(practice);
    await openingQuestion(page).waitFor();
    const reply = await sendMessage(
      page,
      'I have not led cross-functional projects myself. I helped my manager collect the numbers for her weekly report and kept the spreadsheet tidy.',
    );
    // The coach does not take the admission for how it turned out.
    expect(reply).not.toMatch(/how it landed|the outcome was|where it ended up/);
    const admitted = messages(page).nth(0).getByTestId('feedback-line');
    await admitted.waitFor({ timeout: 20_000 });
    const score = Number(/Feedback (\d+\.\d)\/10/.exec(await admitted.innerText())?.[1] ?? '10');
    expect(score).toBeLessThan(5);
    await admitted.getByRole('button', { name: /Feedback/ }).click();
    const assessment = messages(page).nth(0).getByRole('region', { name: 'Assessment' });
    await assessment.waitFor();
    const notes = await assessment.innerText();
    expect(notes).toMatch(/Relevance [0-3]\/10:[^]*I have not led cross-functional projects myself/);
    // The admission is quoted once, by the note that hears it, never as evidence of a strength.
    expect(notes.match(/I have not led cross-functional projects myself/g)?.length).toBe(1);
    await checkPage(page, `an admission heard (${viewport.name})`);
    await page.screenshot({ path: `/tmp/practice-admission-${viewport.name}.png`, fullPage: true });
    await page.close();
  });
});
