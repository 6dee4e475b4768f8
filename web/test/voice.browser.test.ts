import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '@story/testing/test-stack';
import { CONVERSATION_MESSAGES, SPEECH_MESSAGES } from '@story/proto';
import { messages, openingQuestion, postFromPage, signedInPage, speakOnce, startVoiceBench, VIEWPORTS, waitForToast } from '@story/testing/browser-kit';

/**
 * Voice end to end in Chromium (issue 8): a fake microphone plays a WAV spoken by flite's `rms`
 * voice (not the replies' voice); the recording streams to the speech service while it is made,
 * Stop shows the transcript and the coach's reply, which is spoken with its words highlighted.
 * Uploads of a WAV and an MP3 work; a text file renamed `.mp3` is refused with the spec's message.
 */
const SPOKEN = 'I led the migration of our checkout database to a new system. We finished two weeks early and the error rate dropped by eighty percent.';
const dir = mkdtempSync(join(tmpdir(), 'voice-browser-'));
const adminEmail = uniqueEmail('voiceadmin');
let stack: StackHandle;
let browser: Browser;

// Owns its stack: Starter replies by voice here and its time limit changes, which every person on the stack would see.
beforeAll(async () => {
  ({ stack, browser } = await startVoiceBench(dir, SPOKEN, adminEmail));
  execFileSync('lame', ['--silent', join(dir, 'spoken.wav'), join(dir, 'spoken.mp3')]);
  writeFileSync(join(dir, 'notes.mp3'), 'These are my notes, not a recording.');
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A signed-in page; without `microphone`, Chromium refuses the microphone as a person who said no would. */
async function voicePage(permissions: string[] = ['microphone']): Promise<Page> {
  const { page } = await signedInPage(browser, stack, VIEWPORTS[0], { permissions });
  page.setDefaultTimeout(30_000);
  return page;
}

/** Waits while the fake microphone speaks the answer once: until the recorder's clock has recorded its length. */
const speak = (page: Page) => speakOnce(page, dir);

/**
 * Lets the test read the answers of `/finish` as the page gets them: the page's fetch is wrapped so
 * that a copy of the body (`tee`) is read aside, line by line; the page reads its own copy as it comes.
 * (Chromium keeps no body of a response the page read as a stream.)
 */
async function readFinishAnswers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { type: string; lines: string[]; done: boolean }[] = [];
    Object.assign(window, { finishAnswers: seen });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith('/finish') || !response.body) return response;
      const [mine, theirs] = response.body.tee();
      const answer = { type: response.headers.get('content-type') ?? '', lines: [] as string[], done: false };
      seen.push(answer);
      void new Response(theirs).text().then((text) => {
        answer.lines = text.split('\n').filter(Boolean);
        answer.done = true;
      });
      return new Response(mine, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
}

/** The last answer of `/finish` the page got, once all of it came. */
async function finishAnswer(page: Page): Promise<{ type: string; lines: string[] }> {
  const read = () => page.evaluate(() => (window as unknown as { finishAnswers: { type: string; lines: string[]; done: boolean }[] }).finishAnswers.at(-1));
  await expect.poll(async () => (await read())?.done, { timeout: 30_000 }).toBe(true);
  const answer = await read();
  return { type: answer?.type ?? '', lines: answer?.lines ?? [] };
}

/** The calls the page made to the speech service. */
function speechCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/transcribe')) calls.push(`${request.method()} ${path.replace(/\/\d+\//, '/{id}/')}`);
  });
  return calls;
}

describe('voice conversations in the browser', () => {
  it('records with the microphone, streams while recording, shows the transcript and speaks the reply with its words highlighted', async () => {
    const page = await voicePage();
    const calls = speechCalls(page);
    await readFinishAnswers(page);
    await page.goto('/recording?mode=new&type=voice');
    await page.getByText('Recording starting soon...').waitFor();
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.waitFor();
    await page.getByRole('timer').waitFor();

    // The recorder works from the keyboard: pause, resume, and Restart's confirmation.
    await page.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Restart' }).click();
    // Confirmations are alert dialogs (issue 11).
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to restart?' });
    await dialog.waitFor();
    await dialog.getByText('If you restart, conversations that are not yet transcribed will be lost.').waitFor();
    await dialog.getByRole('button', { name: "No, let's continue" }).click();

    // The waveform moves with the voice: its tallest bar stands well above the flat line of silence.
    const tallestBar = () =>
      page.getByTestId('waveform').evaluate((canvas: HTMLCanvasElement) => {
        const { width, height } = canvas;
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
        let tallest = 0;
        for (let x = 0; x < width; x++) {
          let painted = 0;
          for (let y = 0; y < height; y++) if ((pixels[(y * width + x) * 4 + 3] ?? 0) > 0) painted++;
          tallest = Math.max(tallest, painted);
        }
        return height > 0 ? tallest / height : 0;
      });
    await expect.poll(tallestBar, { timeout: 10_000 }).toBeGreaterThan(0.25);

    await speak(page);
    await stop.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Processing your recording...').waitFor();
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    const exchange = await messages(page).first().innerText();
    expect(exchange.toLowerCase()).toMatch(/database|weeks|percent/);

    // The reply plays by itself: its words are marked as they are said, and a click stops it.
    const stopReply = page.getByRole('button', { name: 'Stop reply' });
    await stopReply.waitFor();
    await page.getByTestId('spoken-reply').locator('mark').waitFor();
    expect(await page.getByTestId('announcer').innerText()).toContain('You said:');
    const finished = await finishAnswer(page);
    expect(finished.type).toContain('application/x-ndjson');
    const lines = finished.lines.map(
      (line) => JSON.parse(line) as { audioParts?: number; audioResponse?: string; wordTimings?: unknown[]; audioPart?: { audioResponse: string } },
    );
    const first = lines[0];
    expect(first?.audioParts).toBeGreaterThanOrEqual(2);
    expect(lines).toHaveLength(first?.audioParts ?? 0);
    // The marked word goes on into the second piece: the pieces play one after another, in step with their words.
    const markedWord = () => page.getByTestId('spoken-reply').evaluate((reply) => [...reply.children].findIndex((word) => word.querySelector('mark') !== null));
    await expect.poll(markedWord, { timeout: 30_000 }).toBeGreaterThanOrEqual(first?.wordTimings?.length ?? 1);
    await stopReply.click();
    await page.getByRole('button', { name: 'Play reply' }).waitFor();

    expect(calls[0]).toBe('POST /api/transcribe/sessions');
    expect(calls.filter((call) => call.endsWith('/chunks')).length).toBeGreaterThanOrEqual(8);
    expect(calls.at(-1)).toBe('POST /api/transcribe/sessions/{id}/finish');
    expect(calls).not.toContain('POST /api/transcribe');

    // No thread exists until the Save (issue 11: none is left empty), which makes it and puts it in the address.
    expect(await (await page.request.get('/api/conversation-threads')).json()).toEqual([]);
    // Saved with its spoken reply, named by reference: the Save sends no audio (issue 20, 5).
    const saveBodies: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (request.method() === 'POST' && (body.includes('saveConversation') || new URL(request.url()).pathname === '/api/conversations')) saveBodies.push(body);
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Conversation saved successfully');
    expect(saveBodies).toHaveLength(1);
    expect(saveBodies[0]).toContain('audioId');
    expect(saveBodies[0]).not.toContain('audioResponse');
    expect(saveBodies[0]?.length).toBeLessThan(4096);
    await page.waitForURL(/\/recording\?mode=continue&type=voice&threadId=\d+$/);
    const [thread] = (await (await page.request.get('/api/conversation-threads')).json()) as { id: number }[];
    expect(thread).toBeDefined();
    // The saved speech is the whole reply: every piece, one after another.
    const [item] = (await (await page.request.get(`/api/conversation-threads/${thread?.id}`)).json()) as { audioUrl: string | null }[];
    const saved = await (await page.request.get(item?.audioUrl ?? '/none')).body();
    const pieces = [first?.audioResponse ?? '', ...lines.slice(1).map((line) => line.audioPart?.audioResponse ?? '')].map((base64) =>
      Buffer.from(base64, 'base64'),
    );
    expect(saved.length).toBeGreaterThan(pieces[0]?.length ?? 0);
    expect(saved.equals(Buffer.concat(pieces))).toBe(true);
    await page.screenshot({ path: '/tmp/voice-recording.png', fullPage: true });
    await page.context().close();
  });

  it('says why when the microphone is refused, records nothing, and records once it is allowed', async () => {
    const page = await voicePage([]);
    const calls = speechCalls(page);
    await page.goto('/recording?mode=new&type=voice');
    await waitForToast(page, CONVERSATION_MESSAGES.microphoneFailed);
    // Back to the start, not stuck in a countdown or a recording that hears nothing.
    const start = page.getByRole('button', { name: 'Start recording' });
    await start.waitFor();
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(calls).toEqual([]);
    // Allowed now, the same page records.
    await page.context().grantPermissions(['microphone']);
    await start.click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page.getByRole('timer').waitFor();
    await page.context().close();
  });

  it('warns before the time limit, stops at it with the specification’s notice, and answers what was recorded', async () => {
    const admin = new ApiClient(stack.gatewayUrl);
    await admin.post('/api/users/login', { email: adminEmail, password: GOOD_PASSWORD });
    expect((await admin.patch('/api/user-type-settings/standard', { timeLimit: 15, responseType: 'text_and_voice' })).status).toBe(200);
    try {
      const page = await voicePage();
      await page.goto('/recording?mode=new&type=voice');
      await page.getByRole('timer').waitFor();
      expect(await page.getByRole('timer').innerText()).toContain('/ 0:15');
      await page.getByRole('alert').filter({ hasText: '5 seconds left: recording stops at your time limit.' }).waitFor();
      await page.getByTestId('toast').filter({ hasText: 'Time Limit Reached' }).filter({ hasText: 'Recording stopped due to time limit' }).first().waitFor();
      await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
      await page.context().close();
    } finally {
      expect((await admin.patch('/api/user-type-settings/standard', { timeLimit: 120, responseType: 'text_and_voice' })).status).toBe(200);
    }
  });

  it('sends the recording whole when streaming fails, and still answers', async () => {
    const page = await voicePage();
    const calls = speechCalls(page);
    await page.route('**/api/transcribe/sessions/*/chunks*', (route) =>
      route.fulfill({ status: 410, contentType: 'application/json', body: '{"message":"gone"}' }),
    );
    await page.goto('/recording?mode=new');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await speak(page);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    expect((await messages(page).first().innerText()).toLowerCase()).toMatch(/database|weeks|percent/);
    expect(calls.at(-1)).toBe('POST /api/transcribe');
    await page.context().close();
  });

  it('uploads a WAV and an MP3 (the first reply speaks, Mute silences the next), and refuses a text file renamed .mp3 with the specification’s message', async () => {
    const page = await voicePage();
    await page.goto('/recording?mode=new&type=upload');
    await page.getByText('Solo Voice Memo').waitFor();
    const chooser = page.locator('input[type=file]');
    await chooser.setInputFiles(join(dir, 'spoken.wav'));
    await page.getByText('Uploading your audio file...').or(page.getByText('Transcribing your audio...')).first().waitFor();
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    expect((await messages(page).first().innerText()).toLowerCase()).toMatch(/database|weeks|percent/);

    // The newest reply speaks by itself; Mute stops it, and the next reply stays silent until asked.
    const stopReply = page.getByRole('button', { name: 'Stop reply' });
    const playReply = page.getByRole('button', { name: 'Play reply' });
    await stopReply.waitFor();
    const mute = page.getByRole('button', { name: 'Mute spoken replies' });
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => stopReply.count()).toBe(0);

    await page.getByRole('button', { name: 'Choose Different File' }).waitFor();
    await chooser.setInputFiles(join(dir, 'spoken.mp3'));
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => playReply.count()).toBe(2);
    await page.waitForTimeout(1500);
    expect(await stopReply.count()).toBe(0);
    // Muted or not, a click plays a reply.
    await playReply.last().click();
    await stopReply.waitFor();
    await stopReply.click();
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('false');

    await chooser.setInputFiles(join(dir, 'notes.mp3'));
    await waitForToast(page, 'The file "notes.mp3" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.');
    expect(await messages(page).count()).toBe(2);
    await page.screenshot({ path: '/tmp/voice-upload.png', fullPage: true });
    await page.context().close();
  });

  it('practises an interview answer by voice: the interviewer asks first, aloud, then the recorder starts; the exchange is saved to the snippet (issues 9, 19)', async () => {
    const page = await voicePage();
    await page.goto('/welcome');
    const snippetText = '- Lead database migrations without downtime';
    // A saved description and snippet, made as the review screen makes them: same origin, session and CSRF token.
    const description = await postFromPage(page, '/api/confirm-job-description', {
      formattedContent: `## Role\n\n${snippetText}`,
      jobTitle: 'Database Lead',
      companyName: 'Nimbus',
    });
    const snippet = await postFromPage(page, '/api/job-description-snippets', { jobDescriptionId: (description.json as { id: number }).id, snippetText });
    const snippetId = (snippet.json as { id: number }).id;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/transcribe') && request.method() === 'POST') sent.push(request.postData() ?? '');
    });

    await readFinishAnswers(page);
    await page.goto(`/interview-practice/practice?section=${encodeURIComponent(snippetText)}&snippetId=${snippetId}`);
    await page.getByRole('button', { name: 'Start a voice conversation' }).click();
    await page.waitForURL(/\/recording\?mode=new&context=.*snippetId=\d+/);

    // The interviewer asks first: the question is on screen and spoken before anything is recorded.
    const opening = openingQuestion(page);
    await opening.waitFor();
    const question = await opening.getByTestId('opening-question').innerText();
    expect(question.toLowerCase()).toContain('lead database migrations without downtime');
    await opening.getByRole('button', { name: 'Stop reply' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).count()).toBe(0);
    expect(await page.getByText(SPEECH_MESSAGES.countdownStarting).count()).toBe(0);
    // Once it has been said, the recorder starts by itself.
    await opening.getByRole('button', { name: 'Play reply' }).waitFor({ timeout: 30_000 });
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await stop.waitFor();
    await speak(page);
    await stop.click();
    await expect.poll(() => messages(page).count(), { timeout: 60_000 }).toBe(1);
    // The snippet's requirements went with the recording, so the coach interviews for them, and the question came first in the history.
    expect(sent.some((body) => body.includes('Lead database migrations without downtime'))).toBe(true);
    expect(sent.some((body) => body.includes('"role":"assistant"') && body.includes('without downtime'))).toBe(true);

    // Each practice exchange saves itself to the snippet's conversation, transcript and reply, after the interviewer's question.
    const saved = async () =>
      page.evaluate(
        async (id) =>
          (await (await fetch(`/api/snippet-conversations/${id}`)).json()) as { conversationHistory: { userMessage: string; aiResponse: string }[] }[],
        snippetId,
      );
    await expect.poll(async () => (await saved())[0]?.conversationHistory.length ?? 0, { timeout: 15_000 }).toBe(2);
    const [asked, exchange] = (await saved())[0]?.conversationHistory ?? [];
    expect(asked).toMatchObject({ userMessage: '' });
    expect(asked?.aiResponse.toLowerCase()).toContain('without downtime');
    expect(exchange?.userMessage.toLowerCase()).toMatch(/database|weeks|percent/);
    expect(exchange?.aiResponse.trim()).not.toBe('');

    // Words the recogniser was unsure of are underlined, as many as the speech service marked (issue 19, 4).
    const heard = JSON.parse((await finishAnswer(page)).lines[0] ?? '{}') as {
      transcript: string;
      answerId: string;
      transcriptWords?: { word: string; uncertain: boolean }[];
    };
    expect(heard.transcriptWords?.length).toBe(heard.transcript.split(/\s+/).filter(Boolean).length);
    const unsure = heard.transcriptWords?.filter((word) => word.uncertain).length ?? 0;
    const answer = messages(page).nth(0);
    expect(await answer.locator('.unsure').count()).toBe(unsure);
    expect(await answer.getByText('may be misheard').count()).toBe(unsure > 0 ? 1 : 0);
    await answer.screenshot({ path: '/tmp/voice-unsure-words.png' });

    // The person corrects the transcript: an empty one is refused and nothing is lost; their words are scored again and saved.
    await answer.getByRole('button', { name: 'Correct transcript' }).click();
    const box = answer.getByRole('textbox', { name: 'What you said' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await box.inputValue()).toBe(heard.transcript);
    await box.fill('   ');
    await answer.getByRole('button', { name: 'Save correction' }).click();
    await answer.getByRole('alert').filter({ hasText: 'Transcript cannot be empty' }).waitFor();
    const corrected =
      'I led the migration of our checkout database to a new system without downtime. We finished two weeks early and the error rate dropped by eighty percent.';
    await box.fill(corrected);
    // One way per resource (issue 20): the correction goes through GraphQL's correctAnswer.
    const throughGraphql = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('correctAnswer'));
    await answer.getByRole('button', { name: 'Save correction' }).click();
    await throughGraphql;
    await waitForToast(page, 'Transcript corrected.');
    await answer.getByText('without downtime. We finished').waitFor();
    expect(await answer.locator('.unsure').count()).toBe(0);
    const rescored = await page.evaluate(
      async (id) => (await (await fetch(`/api/feedback/${id}`)).json()) as { answer: string; corrected: boolean; uncertain: unknown[] },
      heard.answerId,
    );
    expect(rescored).toMatchObject({ answer: corrected, corrected: true, uncertain: [] });
    await expect.poll(async () => (await saved())[0]?.conversationHistory[1]?.userMessage, { timeout: 15_000 }).toBe(corrected);
    expect(await saved()).toHaveLength(1);

    // And it is listed under the snippet's conversations.
    await page.goto(`/interview-practice/conversations/${snippetId}`);
    await page
      .getByText(exchange?.aiResponse.slice(0, 40) ?? 'missing')
      .first()
      .waitFor();
    await page.context().close();
  });
});
