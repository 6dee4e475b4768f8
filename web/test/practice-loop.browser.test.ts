import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StandardStack } from '@story/testing/standard-stack';
import {
  checkPage,
  messages,
  onlyAt,
  openingQuestion,
  sendMessage,
  signedInPage,
  VIEWPORTS,
  withBrowserStack,
  type Viewport,
} from '@story/testing/browser-kit';
import { startTextPractice } from './practice-kit.ts';

/**
 * The practice loop as a job seeker meets it (issue 19): the interviewer asks first; what is not an
 * answer ("Hi, I'm ready") gets a fitting reply and no grade; a real answer is graded; "Answer this
 * again" puts the keyboard in the answer box; the practice, saved by itself, keeps the question first.
 */
const ANSWER =
  'At Harbor Logistics orders left late because pickers walked the whole floor. My goal was same-day dispatch above 95%. ' +
  'I pulled two weeks of pick data and moved the fastest 200 items next to the packing benches. Within a month pick time fell from 11 minutes to 7 and same-day dispatch rose from 82% to 97%.';

let stack: StandardStack;
let browser: Browser;

withBrowserStack((started, chromium) => {
  stack = started;
  browser = chromium;
});

const focusedElement = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    label: document.activeElement?.getAttribute('aria-label') ?? (document.activeElement as HTMLTextAreaElement | null)?.labels?.[0]?.textContent ?? '',
  }));

describe.each(VIEWPORTS)('the practice loop ($name)', (viewport: Viewport) => {
  const onPhone = onlyAt(viewport, 'phone');
  const onDesktop = onlyAt(viewport, 'desktop');
  it('the interviewer asks first; "I\'m ready" is answered, not graded; an answer is graded; Answer this again goes to the answer box', async () => {
    const { page, api } = await signedInPage(browser, stack, viewport);
    // Before the person says anything, the interviewer's question is on screen, about the first requirement.
    const { opening, snippetId } = await startTextPractice(page, api);
    const question = await opening.innerText();
    expect(question).toMatch(/AI · interviewer/i);
    expect(question.toLowerCase()).toContain('lead cross-functional projects to on-time delivery');
    expect(question).toMatch(/\?|\.$/m);
    expect(await messages(page).count()).toBe(0);
    // The question alone is nothing to save.
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await checkPage(page, `the opening question (${viewport.name})`);
    await page.screenshot({ path: `/tmp/practice-opening-${viewport.name}.png`, fullPage: true });

    // "Hi, I'm ready" is no answer: the interviewer asks the question again, and there is nothing to grade.
    const ready = await sendMessage(page, "Hi, I'm ready");
    expect(ready.toLowerCase()).toContain('on-time delivery');
    // A real answer is graded.
    await sendMessage(page, ANSWER);
    const answerLine = messages(page).nth(1).getByTestId('feedback-line');
    await answerLine.waitFor({ timeout: 15_000 });
    expect(await answerLine.innerText()).toMatch(/Feedback \d+\.\d\/10/);
    expect(await messages(page).nth(0).getByTestId('feedback-line').count()).toBe(0);
    expect(await messages(page).nth(0).getByRole('button', { name: 'Answer this again' }).count()).toBe(0);
    // Practice saves itself: the exchanges say "Saved".
    await messages(page).nth(1).getByText('Saved').waitFor();
    await checkPage(page, `an answer graded after a non-answer (${viewport.name})`);
    await page.screenshot({ path: `/tmp/practice-graded-${viewport.name}.png`, fullPage: true });

    // "Answer this again": the question is asked again and the keyboard is in the answer box.
    await messages(page).nth(1).getByRole('button', { name: 'Answer this again' }).click();
    await page.getByTestId('asked-again').waitFor();
    await expect.poll(() => focusedElement(page)).toEqual({ tag: 'TEXTAREA', label: 'Your message' });

    // The saved practice keeps the question first, as the coach's turn alone; its page shows it so.
    const saved = await api.get(`/api/snippet-conversations/${snippetId}`);
    const history = saved.body[0].conversationHistory as { userMessage: string; aiResponse: string; answerId?: string }[];
    expect(history.map((exchange) => exchange.userMessage)).toEqual(['', "Hi, I'm ready", ANSWER]);
    expect(history[0]?.aiResponse.length).toBeGreaterThan(20);
    expect(question).toContain(history[0]?.aiResponse);
    expect(history[1]?.answerId).toBeUndefined();
    expect(history[2]?.answerId).toMatch(/^[\w-]{8,}$/);
    await page.goto(`/interview-practice/conversations/${snippetId}`);
    const first = page.locator(`#exchange-${saved.body[0].id as number}-0`);
    await first.waitFor();
    expect(await first.innerText()).not.toContain('You:');
    expect(await first.innerText()).toContain('on-time delivery');
    await page.context().close();
  });

  onPhone(
    'a story told over turns is judged as a story: parts told earlier are quoted from their turn, no length target, no attempts; what to add next',
    async () => {
      const { page } = await signedInPage(browser, stack, viewport);
      await page.goto('/recording?type=text');
      await sendMessage(page, 'In 2022 I worked at a regional hospital where the night shift kept running out of blood test kits.');
      await sendMessage(page, 'I built a simple stock sheet, counted the kits every evening and set up a reorder with the supplier myself.');
      const line = messages(page).nth(1).getByTestId('feedback-line');
      await line.waitFor({ timeout: 15_000 });
      expect(await line.innerText()).not.toMatch(/attempt|Best/);
      await line.getByRole('button', { name: /Feedback/ }).click();
      const story = messages(page).nth(1).getByRole('region', { name: 'Story construction' });
      await story.waitFor();
      const told = await story.innerText();
      expect(told).toMatch(/across the 2 turns told so far/);
      // The situation was told in the first turn: it is quoted from there, with the coach's question it answered.
      expect(told).toMatch(/Situation:[\s\S]*From turn 1[\s\S]*regional hospital/);
      expect(told).toMatch(/Action:[\s\S]*(?:From this turn \(turn 2\)|“)[\s\S]*stock sheet/);
      expect(told).toMatch(/Result:\s*missing/);
      expect(told).toMatch(/What to add next: /);
      expect(await messages(page).nth(1).innerText()).not.toMatch(/target of 1–2 minutes|too short/i);
      await checkPage(page, `a story judged across turns (${viewport.name})`);
      await page.screenshot({ path: `/tmp/practice-story-${viewport.name}.png`, fullPage: true });
      await page.context().close();
    },
  );

  onDesktop('a story thread is not an interview: the person starts, and no opening question is asked', async () => {
    const { page } = await signedInPage(browser, stack, viewport);
    await page.goto('/recording?type=text');
    await page.getByRole('textbox', { name: 'Your message' }).waitFor();
    await page.getByText('Type a message to start your story.', { exact: false }).waitFor();
    expect(await openingQuestion(page).count()).toBe(0);
    await page.context().close();
  });
});
