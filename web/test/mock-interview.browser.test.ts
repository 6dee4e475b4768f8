import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_INTERVIEW_MESSAGES as M } from '@story/proto';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '@story/testing/test-stack';
import { checkPage, recordedSeconds, signedInPage, startVoiceBench, VIEWPORTS, waitForToast, type Viewport } from '@story/testing/browser-kit';

/**
 * Mock interviews in Chromium against the whole system (issue 23): planned from a saved description
 * and its requirement snippets, the story-fit step, a typed interview with its one follow-up, a whole
 * voice interview with the fake microphone (the interviewer's lines spoken, word by word), a reload
 * that resumes at the current question, a second tab refused with the API's message, the report and
 * the readiness board; every screen axe-clean at 1280 and 390 px, with screenshots in /tmp/mock-shots.
 */
const SPOKEN =
  'At Harbor our orders waited two days at the warehouse. My task was to cut the wait without new staff. ' +
  'I measured every step, moved the packing benches and trained the team. Within six weeks the wait fell from two days to four hours.';
const WEAK_ANSWER = 'I helped the team with the change and everybody was happy with it in the end.';
/** A follow-up answered without a number either: the report has something to say about it. */
const WEAK_FOLLOW_UP = 'It went well overall and the team liked the new way of working.';
const STRONG_ANSWER =
  'At Harbor orders waited two days at the warehouse and customers complained. My task was to cut the wait without hiring. ' +
  'I measured each step, moved the packing benches next to the fastest products and trained the team on the new flow. ' +
  'Within six weeks the wait fell from 48 hours to 4 hours and complaints dropped by 70 percent.';
/** A saved story told about the warehouse requirement, in its words (improve, warehouse processes, data). */
const SAVED_STORY =
  'At Harbor I improved our warehouse processes with data: orders waited two days, so I measured each step and moved the packing benches next to the fastest products. ' +
  'Within six weeks the wait fell from 48 hours to 4 hours.';
const REQUIREMENTS = [
  'Lead cross-functional projects from plan to launch',
  'Improve warehouse processes with data',
  'Manage a team of ten shift supervisors',
  'Own the weekly operations budget',
  'Communicate clearly with suppliers and customers',
];
/** The requirements saved as snippets too (the start form offers them as checkboxes). */
const SNIPPETS = REQUIREMENTS.slice(0, 2);
const SHOTS = '/tmp/mock-shots';
const dir = mkdtempSync(join(tmpdir(), 'mock-browser-'));
const adminEmail = uniqueEmail('mockadmin');
let stack: StackHandle;
let browser: Browser;

// Owns its stack: Starter replies by voice and gets mock interviews here, which every person on the stack would see.
// The speech worker runs the scripted engines: this tests the interview's screens and turns, not recognition (the real
// engines are tested by voice.browser, transcribe.nats and live-sessions.nats); whatever the microphone records with
// voice in it is heard as SPOKEN, and the interviewer's lines are spoken as a hum as long as festival's.
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ stack, browser } = await startVoiceBench(dir, SPOKEN, adminEmail, { scripted: {} }));
  // Mock interviews (and their report's PDF) are the Pro plan's: the admin gives them to everybody for this test, with spoken replies.
  const admin = new ApiClient(stack.gatewayUrl);
  expect((await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD })).status).toBe(200);
  const opened = await admin.patch('/api/user-type-settings/standard', {
    timeLimit: 300,
    responseType: 'text_and_voice',
    features: { mockInterviews: true, resume: true, pdfExport: true },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A screenshot of the whole page, named by screen and width. */
async function shoot(page: Page, name: string, viewport: Viewport): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
}

/** A new person with a saved description (Operations Lead at Harbor) and its requirements saved as snippets; the description's id. */
async function personWithDescription(viewport: Viewport, permissions: string[] = []): Promise<{ page: Page; api: ApiClient; jobDescriptionId: number }> {
  const { page, api } = await signedInPage(browser, stack, viewport, { permissions });
  page.setDefaultTimeout(30_000);
  const confirmed = await api.post('/api/confirm-job-description', {
    formattedContent: `## Role\n\n${REQUIREMENTS.map((line) => `- ${line}`).join('\n')}`,
    jobTitle: 'Operations Lead',
    companyName: 'Harbor',
  });
  expect(confirmed.status).toBe(201);
  const jobDescriptionId = confirmed.body.id as number;
  for (const snippetText of SNIPPETS) expect((await api.post('/api/job-description-snippets', { jobDescriptionId, snippetText })).status).toBe(201);
  return { page, api, jobDescriptionId };
}

const progress = (page: Page) => page.getByText(/^Question \d of \d|questions asked$/).first();
const interviewerLine = (page: Page) => page.getByTestId('interviewer-line');

/** On the start screen: the form filled in (the description is already chosen by the card's link), then planned; waits for the story-fit step. */
async function planFromStart(page: Page, mode: 'Voice' | 'Text', questions: number, thinkSeconds: number): Promise<number> {
  await page.getByRole('spinbutton', { name: 'Questions' }).fill(String(questions));
  await page.getByRole('spinbutton', { name: 'Think time (seconds)' }).fill(String(thinkSeconds));
  await page.getByRole('radio', { name: new RegExp(`^${mode}:`) }).check();
  await page.getByRole('button', { name: 'Plan my interview' }).click();
  await page.waitForURL(/\/interview-practice\/mock\/\d+\/prepare$/, { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Question 1', exact: true }).waitFor();
  return Number(/mock\/(\d+)\/prepare/.exec(page.url())?.[1]);
}

/** Types an answer to the current turn (skipping the think time) and waits until the interviewer moved on. */
async function answerInWriting(page: Page, text: string): Promise<void> {
  const before = await progress(page).innerText();
  const now = page.getByRole('button', { name: 'Answer now' });
  if (await now.isVisible()) await now.click();
  await page.getByLabel('Your answer').fill(text);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect.poll(() => progress(page).innerText(), { timeout: 30_000 }).not.toBe(before);
}

/** Answers typed until question `n` (1-based) is being asked: each answer and follow-up without numbers. */
async function answerUntilQuestion(page: Page, n: number): Promise<void> {
  for (let turn = 0; turn < 12 && !(await progress(page).innerText()).startsWith(`Question ${n} of`); turn += 1) {
    const followUp = (await progress(page).innerText()).includes('follow-up');
    await answerInWriting(page, followUp ? WEAK_FOLLOW_UP : WEAK_ANSWER);
  }
  expect(await progress(page).innerText()).toMatch(new RegExp(`^Question ${n} of`));
}

/** Finish interview (confirmed when questions remain), then the report. */
async function finishToReport(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Finish interview|See your report)$/ }).click();
  const dialog = page.getByRole('alertdialog');
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'Finish interview' }).click();
  await page.waitForURL(/\/report$/, { timeout: 60_000 });
  await page.getByTestId('overall-score').waitFor();
}

describe.each(VIEWPORTS)('a typed mock interview at $width px', (viewport) => {
  it('starts from a saved description, shows the story fit, asks one follow-up, reports and shows readiness', async () => {
    const { page, jobDescriptionId } = await personWithDescription(viewport);
    await page.goto('/interview-practice/saved');
    await page.getByRole('button', { name: 'Mock interview' }).click();
    await page.waitForURL(/\/interview-practice\/mock\/new\?jobDescriptionId=/);
    await page.getByText(REQUIREMENTS[0] ?? '').waitFor();
    await checkPage(page, `start at ${viewport.width}`);
    await shoot(page, 'start', viewport);

    // The API's own rule, told before anything is sent.
    await page.getByRole('spinbutton', { name: 'Questions' }).fill('4');
    await page.getByRole('button', { name: 'Plan my interview' }).click();
    await waitForToast(page, M.questionCount);
    // None checked: every requirement of the description is asked about.
    await page.getByRole('checkbox', { name: REQUIREMENTS[1] }).check();
    await page.getByRole('checkbox', { name: REQUIREMENTS[1] }).uncheck();
    const id = await planFromStart(page, 'Text', 5, 10);

    // Story fit: each question has stories that fit, or "No story yet: tell one", which opens a story about its requirement.
    const fits = page.getByRole('list', { name: /^Stories for question/ });
    const tellOne = page.getByRole('link', { name: M.noStoryYet });
    expect((await fits.count()) + (await tellOne.count())).toBeGreaterThanOrEqual(5);
    if ((await tellOne.count()) > 0) expect(await tellOne.first().getAttribute('href')).toMatch(/^\/welcome\?requirement=/);
    await checkPage(page, `story fit at ${viewport.width}`);
    await shoot(page, 'prepare', viewport);

    await page.getByRole('button', { name: 'Start the interview' }).click();
    await page.waitForURL(new RegExp(`/interview-practice/mock/${id}$`));
    await expect.poll(() => progress(page).innerText()).toBe('Question 1 of 5');
    await page.getByTestId('think-countdown').waitFor();
    await checkPage(page, `interview at ${viewport.width}`);
    await shoot(page, 'interview', viewport);

    // Answers without a number until the one follow-up comes (a warm-up question may have none): it asks for the result, in numbers.
    for (let turn = 0; turn < 4 && !(await progress(page).innerText()).includes('follow-up'); turn += 1) await answerInWriting(page, WEAK_ANSWER);
    const followUp = await progress(page).innerText();
    expect(followUp).toMatch(/^Question [1-4] of 5, follow-up$/);
    await expect.poll(() => interviewerLine(page).innerText()).toContain('What was the result, in numbers?');
    const asked = Number(/^Question (\d)/.exec(followUp)?.[1]);
    // One follow-up only: answered without a number again, the interviewer moves on to the next question.
    await answerInWriting(page, WEAK_FOLLOW_UP);
    await expect.poll(() => progress(page).innerText()).toBe(`Question ${asked + 1} of 5`);
    await shoot(page, 'interview-answering', viewport);

    await finishToReport(page);
    await shoot(page, 'report', viewport);
    await expect.poll(() => page.getByTestId('report-question').count()).toBe(5);
    expect(await page.getByTestId('work-on').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('report-question').first().innerText()).toContain(WEAK_ANSWER);
    expect(await page.getByText('Assessment:').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('You did not answer this question.').count()).toBe(5 - asked);
    await checkPage(page, `report at ${viewport.width}`);
    await shoot(page, 'report', viewport);
    // The report as a PDF (issue 24, 2).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect(
      readFileSync(await (await download).path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The readiness board: the practised requirements have a best score and their attempts.
    await page.getByRole('link', { name: 'See your readiness for this job' }).click();
    await page.waitForURL(new RegExp(`/interview-practice/readiness/${jobDescriptionId}$`));
    await page.getByTestId('readiness-row').first().waitFor();
    const rows = await page.getByTestId('readiness-row').allInnerTexts();
    expect(
      rows.some((row) => /\d\.\d \/ 10/.test(row) && /[1-9]\d* attempts?/.test(row)),
      rows.join('\n'),
    ).toBe(true);
    await checkPage(page, `readiness at ${viewport.width}`);
    await shoot(page, 'readiness', viewport);
    await page.context().close();
  }, 240_000);
});

describe('a mock interview over the network', () => {
  it('resumes at the current question after a reload, and tells a second tab that the question was answered (409)', async () => {
    const { page, api, jobDescriptionId } = await personWithDescription(VIEWPORTS[0]);
    const planned = await api.post('/api/mock-interviews', { jobDescriptionId, questionCount: 5, thinkSeconds: 0, mode: 'text' });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const id = planned.body.id as number;
    await page.goto(`/interview-practice/mock/${id}`);
    await answerInWriting(page, STRONG_ANSWER);
    const asked = await progress(page).innerText();
    expect(asked).toMatch(/^Question (1 of 5, follow-up|2 of 5)$/);
    const line = await interviewerLine(page).innerText();

    await page.reload();
    await expect.poll(() => progress(page).innerText()).toBe(asked);
    // The same question (the line after an answer may open with "Thank you. Next question:").
    const again = (await interviewerLine(page).innerText()).replace('The interviewer', '').trim();
    expect(line).toContain(again);

    // Another tab answers this turn first: this one is refused with the API's message and reads the interview again.
    const current = (await api.get(`/api/mock-interviews/${id}`)).body as { currentIndex: number; expecting: string };
    const other = await api.post(`/api/mock-interviews/${id}/answers`, { questionIndex: current.currentIndex, part: current.expecting, text: STRONG_ANSWER });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    await page.getByLabel('Your answer').fill(STRONG_ANSWER);
    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Reload to continue' }).first().waitFor();
    await expect.poll(() => progress(page).innerText()).not.toBe(asked);
    await page.context().close();
  }, 120_000);

  it('shows a saved story that fits a question, pins it, and reminds of it while the question is asked', async () => {
    const { page, api, jobDescriptionId } = await personWithDescription(VIEWPORTS[0]);
    const thread = await api.post('/api/conversation-threads');
    const saved = await api.post('/api/conversations', { threadId: thread.body.threadId, userMessage: SAVED_STORY, aiResponse: 'What happened next?' });
    expect(saved.status).toBe(201);
    await expect
      .poll(async () => JSON.stringify((await api.post('/api/story-query', { query: 'warehouse packing benches' })).body), { timeout: 30_000, interval: 500 })
      .toContain('packing benches');
    const planned = await api.post('/api/mock-interviews', { jobDescriptionId, questionCount: 5, thinkSeconds: 0, mode: 'text' });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const id = planned.body.id as number;
    await page.goto(`/interview-practice/mock/${id}/prepare`);
    const pin = page.getByRole('button', { name: 'Pin' }).first();
    await pin.waitFor();
    await pin.click();
    await waitForToast(page, M.pinned);
    await page.getByRole('button', { name: 'Unpin' }).waitFor();
    await checkPage(page, 'story fit with a story');
    await shoot(page, 'prepare-fit', VIEWPORTS[0]);
    const pinnedQuestion = (planned.body.questions as { index: number; storyFit: unknown[] }[]).find((question) => question.storyFit.length > 0)?.index ?? 0;

    await page.goto(`/interview-practice/mock/${id}`);
    if (pinnedQuestion > 0) await answerUntilQuestion(page, pinnedQuestion + 1);
    await expect.poll(() => page.getByRole('complementary', { name: 'Your story for this question' }).innerText()).toContain('packing benches');
    await page.context().close();
  }, 120_000);

  it('opens a story conversation for a requirement from "No story yet: tell one"', async () => {
    for (const viewport of VIEWPORTS) {
      const { page } = await signedInPage(browser, stack, viewport);
      await page.goto(`/welcome?requirement=${encodeURIComponent(REQUIREMENTS[0] ?? '')}`);
      await page.waitForURL(/\/recording\?/);
      await expect.poll(() => page.getByTestId('requirement-story-banner').innerText()).toBe(`Telling a story for: “${REQUIREMENTS[0]}”`);
      await expect
        .poll(() => page.getByRole('list', { name: 'Messages' }).innerText(), { timeout: 30_000 })
        .toContain(`Let's find a story that shows “${REQUIREMENTS[0]}”`);
      await checkPage(page, `story for a requirement at ${viewport.width}`);
      await shoot(page, 'tell-one', viewport);
      await page.context().close();
    }
  }, 120_000);
});

describe('a voice mock interview', () => {
  it('runs three questions by voice with the fake microphone, the interviewer speaking each line, and reports two unanswered', async () => {
    const { page } = await personWithDescription(VIEWPORTS[0], ['microphone']);
    await page.goto('/interview-practice/saved');
    await page.getByRole('button', { name: 'Mock interview' }).click();
    await page.getByText(REQUIREMENTS[0] ?? '').waitFor();
    await planFromStart(page, 'Voice', 5, 2);
    await page.getByRole('button', { name: 'Start the interview' }).click();
    await expect.poll(() => progress(page).innerText()).toBe('Question 1 of 5');

    for (let turn = 0; turn < 8 && !(await progress(page).innerText()).startsWith('Question 4 of'); turn += 1) {
      const before = await progress(page).innerText();
      // The interviewer's line is spoken: its words are marked one after another as they are said.
      await interviewerLine(page).locator('mark').waitFor({ timeout: 60_000 });
      if (turn === 0) await shoot(page, 'interview-voice', VIEWPORTS[0]);
      // The think time, then the recording starts by itself; a pause never ends it: Stop does.
      await page.getByTestId('think-countdown').waitFor();
      await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 30_000 });
      // A few seconds of the microphone's voice, read from the recorder's own clock ("Recorded 0:03 of 5:00").
      await expect.poll(() => recordedSeconds(page)).toBeGreaterThanOrEqual(3);
      if (turn === 0) await checkPage(page, 'voice interview, recording');
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => progress(page).innerText(), { timeout: 90_000 }).not.toBe(before);
    }
    expect(await progress(page).innerText()).toBe('Question 4 of 5');
    await interviewerLine(page).locator('mark').waitFor({ timeout: 60_000 });

    await finishToReport(page);
    await expect.poll(() => page.getByTestId('report-question').count()).toBe(5);
    expect(await page.getByText('3 of 5 questions answered').count()).toBe(1);
    expect(await page.getByText('You did not answer this question.').count()).toBe(2);
    const answered = page.getByTestId('report-question').filter({ has: page.getByLabel('Your answer', { exact: true }) });
    expect(await answered.count()).toBe(3);
    expect((await answered.first().innerText()).toLowerCase()).toContain('warehouse');
    await checkPage(page, 'voice report');
    await page.context().close();
  }, 400_000);
});
