import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_MESSAGES,
  exportedAccountSchema,
  exportedAnswerFeedbackSchema,
  exportedJobDescriptionSchema,
  exportedMockInterviewSchema,
  exportedPracticeSchema,
  exportedResumeVersionSchema,
  publicProfileResponseSchema,
  exportedSessionsSchema,
  exportedStoriesSchema,
  exportedThreadSchema,
  exportedUsageSchema,
} from '@story/proto';
import { startTestStack } from '@story/testing/test-stack';
import { type ApiClient, uniqueEmail, signedUpPerson } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';
import { leaveDataEverywhere, type LeftData } from './support/person-data.ts';

/**
 * Issue 24, point 1, across the running system: two people leave data in every service through the
 * gateway; one exports it (`GET /api/export`, streamed by auth from every service's pages over NATS).
 * The ZIP has every service's files, each parsing with its proto schema, the Markdown of each
 * conversation, the spoken reply's exact bytes, and nothing of the other person. A second export
 * while the first runs gets 409; signed out gets 401.
 */
let stack: StackHandle & { dataDir: string };
const audioDir = mkdtempSync(join(tmpdir(), 'export-'));
const adminEmail = uniqueEmail('export-admin');

// Owns its stack: it shortens the export's page timeout and kills the search service mid-export.
beforeAll(async () => {
  stack = await startTestStack({ env: { ADMIN_EMAILS: adminEmail, EXPORT_PAGE_TIMEOUT_MS: '2000' } });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(audioDir, { recursive: true, force: true });
});

const signUp = (email: string) => signedUpPerson(stack.gatewayUrl, email);

const exportOf = (client: ApiClient) => fetch(`${stack.gatewayUrl}/api/export`, { headers: { cookie: client.cookieHeader() } });

async function unzipped(client: ApiClient): Promise<Record<string, Uint8Array>> {
  const response = await exportOf(client);
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** An export's status, its body read to the end (an unread body would hold the export, and its lease, open). */
async function exportStatus(client: ApiClient): Promise<number> {
  const response = await exportOf(client);
  await response.arrayBuffer();
  return response.status;
}

const json = (files: Record<string, Uint8Array>, path: string): unknown => JSON.parse(strFromU8(files[path] ?? new Uint8Array()));
const folders = (files: Record<string, Uint8Array>) => [...new Set(Object.keys(files).map((path) => path.split('/')[0]))].sort();

describe('exporting everything a person keeps', () => {
  let ada: { client: ApiClient; id: number };
  let bob: { client: ApiClient; id: number };
  let adas: LeftData;

  beforeAll(async () => {
    const admin = await signUp(adminEmail);
    ada = await signUp(uniqueEmail('export-ada'));
    bob = await signUp(uniqueEmail('export-bob'));
    for (const person of [ada, bob]) expect((await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(200);
    adas = await leaveDataEverywhere(ada.client, 'ADA-MARKER', audioDir, 3_000_000);
    await leaveDataEverywhere(bob.client, 'BOB-MARKER', audioDir);
  }, 120_000);

  it(
    'gives a ZIP of every service’s files in their proto shapes, the Markdown of each conversation and the audio as uploaded, and nothing of anyone else',
    { timeout: 120_000 },
    async () => {
      // Feedback and stories come a moment after the answers, through events.
      const expected = ['README.md', 'auth', 'conversations', 'feedback', 'jobs', 'profile', 'search', 'speech'];
      await expect.poll(async () => folders(await unzipped(ada.client)), { timeout: 30_000, interval: 500 }).toEqual(expected);
      await expect
        .poll(async () => Object.keys(await unzipped(ada.client)).some((path) => path.startsWith('feedback/answers/')), { timeout: 30_000 })
        .toBe(true);

      const response = await exportOf(ada.client);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="story-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const paths = Object.keys(files);

      expect(strFromU8(files['README.md']!)).toContain('conversations/threads/<id>.json');
      const account = exportedAccountSchema.parse(json(files, 'auth/account.json'));
      expect(account.account.id).toBe(ada.id);
      expect(strFromU8(files['auth/account.json']!)).not.toMatch(/password|hash/i);
      expect(exportedSessionsSchema.parse(json(files, 'auth/sessions.json')).sessions.length).toBeGreaterThan(0);

      const thread = exportedThreadSchema.parse(json(files, `conversations/threads/${adas.threadId}.json`));
      expect(thread.messages.map((message) => message.userMessage)).toContain(adas.story);
      const audioFile = thread.messages.find((message) => message.id === adas.audioMessageId)?.audioFile;
      expect(audioFile).toBe(`conversations/threads/${adas.threadId}/audio/${adas.audioMessageId}.mp3`);
      expect(Buffer.from(files[audioFile!]!).equals(adas.audio)).toBe(true);
      const markdown = paths.filter((path) => /^conversations\/\d{4}-\d{2}-\d{2}-.+\.md$/.test(path)).map((path) => strFromU8(files[path]!));
      expect(markdown.length).toBeGreaterThanOrEqual(2);
      const threadMarkdown = markdown.find((text) => text.includes('The team was proud (ADA-MARKER).'));
      expect(threadMarkdown).toContain(adas.story);
      expect(threadMarkdown).toMatch(/\*\*You\*\* · \d+ \w+ \d{4}/);
      expect(threadMarkdown).toContain('**Coach**');
      expect(markdown.some((text) => text.includes('**Interviewer**') && text.includes(adas.story))).toBe(true);
      const practice = exportedPracticeSchema.parse(json(files, `conversations/practice/${adas.snippetId}.json`));
      expect(practice.conversations[0]?.conversationHistory[0]?.userMessage).toBe(adas.story);

      const job = exportedJobDescriptionSchema.parse(json(files, `jobs/job-descriptions/${adas.jobDescriptionId}.json`));
      expect(job.snippets.map((snippet) => snippet.id)).toEqual([adas.snippetId]);
      const answers = paths.filter((path) => path.startsWith('feedback/answers/'));
      const feedback = answers.map((path) => exportedAnswerFeedbackSchema.parse(json(files, path)).feedback);
      expect(feedback.some((one) => one.answer.includes('ADA-MARKER'))).toBe(true);
      expect(exportedMockInterviewSchema.parse(json(files, `feedback/mock-interviews/${adas.mockInterviewId}.json`)).mockInterview.id).toBe(
        adas.mockInterviewId,
      );
      expect(exportedResumeVersionSchema.parse(json(files, `profile/resumes/${adas.resumeId}/v1.json`)).resume).toMatchObject({
        id: adas.resumeId,
        version: 1,
      });
      const published = publicProfileResponseSchema.parse(json(files, 'profile/public-profile.json'));
      expect(published.profile).toMatchObject({ slug: adas.profileSlug, headline: 'Engineer ADA-MARKER' });
      expect(exportedUsageSchema.parse(json(files, 'speech/usage.json')).recordings.length).toBeGreaterThan(0);
      expect(exportedStoriesSchema.parse(json(files, 'search/stories.json')).stories.some((story) => story.content.includes('ADA-MARKER'))).toBe(true);

      // Nothing of Bob's, anywhere.
      for (const path of paths) expect(Buffer.from(files[path]!).includes('BOB-MARKER'), path).toBe(false);
    },
  );

  it('refuses a second export while one runs (409), and lets the next one run once it ended', { timeout: 60_000 }, async () => {
    // The first export's 3 MB of audio fills the connection while nobody reads it: it is still running.
    const first = await exportOf(ada.client);
    expect(first.status).toBe(200);
    const second = await exportOf(ada.client);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: EXPORT_MESSAGES.alreadyRunning });
    // Bob's export is his own: not refused.
    expect(await exportStatus(bob.client)).toBe(200);
    const files = unzipSync(new Uint8Array(await first.arrayBuffer()));
    expect(Object.keys(files)).toContain(`conversations/threads/${adas.threadId}/audio/${adas.audioMessageId}.mp3`);
    await expect.poll(() => exportStatus(ada.client), { timeout: 5_000 }).toBe(200);
  });

  it('releases the lease when the reader goes away mid-download', { timeout: 60_000 }, async () => {
    const gone = new AbortController();
    const first = await fetch(`${stack.gatewayUrl}/api/export`, { headers: { cookie: ada.client.cookieHeader() }, signal: gone.signal });
    expect(first.status).toBe(200);
    gone.abort();
    await expect.poll(() => exportStatus(ada.client), { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it('fails the download, rather than end a ZIP without a part, when a service does not answer; the next export runs', { timeout: 60_000 }, async () => {
    const search = stack.processes.find((process) => process.name === 'search')?.child;
    expect(search?.pid).toBeTruthy();
    // Search stops answering (paused, not gone): its page times out after everything before it was streamed.
    search!.kill('SIGSTOP');
    try {
      const response = await exportOf(ada.client);
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    } finally {
      search!.kill('SIGCONT');
    }
    await expect.poll(() => exportStatus(ada.client), { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it('is for signed-in people only (401)', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/export`);
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('message');
  });
});
