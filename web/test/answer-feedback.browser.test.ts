import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@story/testing/chromium';
import { SPOKEN_ANSWER_PARTS, makeSpokenAnswerWav } from '@story/testing/spoken-answer';
import { scriptSpeech, standardStack, type StandardStack } from '@story/testing/standard-stack';
import type { ApiClient } from '@story/testing/api-client';
import { checkPage, messages, onlyAt, openingQuestion, savedSnippet, sendMessage, signedInPage, VIEWPORTS, type Viewport } from '@story/testing/browser-kit';

/**
 * Feedback on answers in Chromium (issue 12): a typed practice answer gets its feedback line (score,
 * STAR chips), which opens into the full feedback and marks the quoted words in the answer; "Answer
 * this again" asks the same question, the new attempt is scored (the first attempt's line follows
 * live: "attempt 1 of 2", no longer Best) and the snippet's progress chart shows both attempts (with a table for screen readers); an uploaded spoken answer shows its delivery.
 * What is checked is the screens: the speech worker runs the scripted engines (the recording measured
 * by ffmpeg, its words the script's, placed where its voice is, so its pause shows); delivery feedback
 * from real recognition is answer-feedback.stack's.
 */
const REQUIREMENTS = '- Lead cross-functional projects to on-time delivery\n- Improve operational processes with data';
const WEAK = 'We changed a few things and it got better.';
const STRONG =
  'At Harbor Logistics orders left late because pickers walked the whole floor. My goal was same-day dispatch above 95%. ' +
  'I pulled two weeks of pick data and moved the fastest 200 items next to the packing benches. Within a month pick time fell from 11 minutes to 7 and same-day dispatch rose from 82% to 97%.';

const dir = mkdtempSync(join(tmpdir(), 'feedback-browser-'));
let stack: StandardStack;
let browser: Browser;
let wav = '';

beforeAll(async () => {
  wav = makeSpokenAnswerWav(dir);
  [stack, browser] = await Promise.all([standardStack(), launchChromium()]);
  scriptSpeech(stack, [{ audio: wav, words: SPOKEN_ANSWER_PARTS.join(' ') }]);
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const feedbackLine = (page: Page, index: number) => messages(page).nth(index).getByTestId('feedback-line');

/** A saved job description with one snippet of REQUIREMENTS, made through the API; the snippet's id. */
const snippetOf = (api: ApiClient): Promise<number> => savedSnippet(api, REQUIREMENTS);

describe.each(VIEWPORTS)('feedback on answers ($name)', (viewport: Viewport) => {
  const onPhone = onlyAt(viewport, 'phone');
  it('a typed practice answer: the line appears, opens with the quotes marked; Answer this again; the progress chart', async () => {
    const { page, api } = await signedInPage(browser, stack, viewport);
    const snippetId = await snippetOf(api);
    await page.goto(`/recording?mode=new&context=${encodeURIComponent(REQUIREMENTS)}&snippetId=${snippetId}&type=text`);
    // The interviewer asks first (issue 19); the weak answer answers that question.
    await openingQuestion(page).waitFor();
    await sendMessage(page, WEAK);
    await feedbackLine(page, 0).waitFor({ timeout: 15_000 });
    const line = feedbackLine(page, 0);
    expect(await line.innerText()).toMatch(/Feedback \d+\.\d\/10/);
    const chips = line.getByRole('group', { name: 'STAR parts' });
    expect(await chips.locator('[data-present]').count()).toBe(4);
    expect(await chips.textContent()).toMatch(/Situation: missing/);

    const toggle = line.getByRole('button', { name: /Feedback/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const details = messages(page).nth(0).getByRole('region', { name: 'Story construction' });
    await details.waitFor();
    expect(await details.innerText()).toMatch(/Situation:\s*missing/);
    expect(await messages(page).nth(0).getByRole('region', { name: 'Assessment' }).innerText()).toMatch(/Ownership \d+\/10/);
    expect(await messages(page).nth(0).locator('mark').count()).toBeGreaterThan(0);
    await checkPage(page, `typed feedback open (${viewport.name})`);
    await page.screenshot({ path: `/tmp/feedback-typed-${viewport.name}.png`, fullPage: true });

    // Answer this again: the coach's question that the weak answer answered, asked again; a second attempt, the better one marked Best.
    await line.getByRole('button', { name: 'Answer this again' }).click();
    await page.getByTestId('asked-again').waitFor();
    await sendMessage(page, STRONG);
    await feedbackLine(page, 1).waitFor({ timeout: 15_000 });
    await expect.poll(async () => feedbackLine(page, 1).innerText()).toMatch(/Best/);
    expect(await feedbackLine(page, 1).innerText()).toMatch(/attempt 2 of 2/);
    expect(await messages(page).nth(1).getByTestId('asked-again').count()).toBe(1);
    // Best moves live (issue 19, 2): the first attempt's line now counts two attempts, and is not Best, without a reload.
    await expect.poll(async () => feedbackLine(page, 0).innerText()).toMatch(/attempt 1 of 2/);
    expect(await feedbackLine(page, 0).innerText()).not.toMatch(/Best/);
    await checkPage(page, `answered again (${viewport.name})`);
    // Practice saves itself; until the page knows, leaving asks "Leave site?" first.
    await messages(page).nth(1).getByText('Saved', { exact: true }).waitFor();

    await page.goto(`/interview-practice/conversations/${snippetId}`);
    await page.getByRole('heading', { name: 'Progress' }).waitFor();
    await page.getByTestId('progress-chart').first().waitFor();
    const table = page.getByRole('table', { name: /Overall score of each attempt/ }).last();
    await expect.poll(async () => table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').last().innerText()).toMatch(/2\s+\d+\.\d.*Best/s);
    await checkPage(page, `progress (${viewport.name})`);
    await page.screenshot({ path: `/tmp/feedback-progress-${viewport.name}.png`, fullPage: true });
    await page.context().close();
  }, 120_000);

  onPhone(
    'a spoken answer (an uploaded WAV with fillers and a pause): the delivery appears',
    async () => {
      const { page } = await signedInPage(browser, stack, viewport);
      await page.goto('/recording?mode=new&type=upload');
      await page.getByText('Solo Voice Memo').waitFor();
      await page.locator('input[type=file]').setInputFiles(wav);
      await expect.poll(() => messages(page).count(), { timeout: 100_000 }).toBe(1);
      await feedbackLine(page, 0).waitFor({ timeout: 15_000 });
      await feedbackLine(page, 0)
        .getByRole('button', { name: /Feedback/ })
        .click();
      const delivery = messages(page).nth(0).getByRole('region', { name: 'Delivery' });
      await delivery.waitFor();
      const text = await delivery.innerText();
      expect(text).toMatch(/\d+ words per minute/);
      expect(text).toMatch(/Long pauses: \d\.\d s after/);
      // A story thread's turn is part of a story, not an interview answer: no 1–2 minute target (issue 19, 3).
      expect(text).not.toMatch(/target of 1–2 minutes/);
      await checkPage(page, `spoken feedback open (${viewport.name})`);
      await page.screenshot({ path: `/tmp/feedback-spoken-${viewport.name}.png`, fullPage: true });
      await page.context().close();
    },
    150_000,
  );
});
