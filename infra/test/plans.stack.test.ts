import { convertedAudio, spokenWav } from '@story/testing/test-audio';
import { scriptedSpeechEnv } from '@story/testing/scripted-speech';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendarMonthOf, monthlyMinutesUsedMessage, usageMeterText, usageResponseSchema } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

/**
 * Issue 21 through the gateway, everything real but the recogniser (nats-server, auth, conversations,
 * the speech front with its SQLite ledger, a speech worker with the scripted engines: ffmpeg measures
 * each recording, which is what is metered, and the script says its words): an admin gives Starter
 * one minute a month; a person records twice within it (live sessions of about 37 s each, the second
 * finished past the limit), is refused on the third with the month's message, and sees the meter's numbers.
 * The stack is this file's own: it changes Starter's minutes for everyone.
 */
const SENTENCE = 'I led the migration of our checkout database to a new system. We finished two weeks early and the error rate dropped.';
const dir = mkdtempSync(join(tmpdir(), 'plans-stack-'));
const adminEmail = uniqueEmail('plans-admin');
let stack: StackHandle;
let recording: Buffer;

const SAID = Array(5).fill(SENTENCE).join(' ');

// Owns its stack: an admin changes the Starter plan's minutes, which every person on the stack would see.
beforeAll(async () => {
  const webm = convertedAudio(spokenWav(SAID), 'webm', ['-c:a', 'libopus', '-b:a', '48k']);
  recording = readFileSync(webm);
  const engines = scriptedSpeechEnv(dir, [{ audio: webm, words: SAID }]);
  stack = await startTestStack({ services: ['auth', 'conversations', 'speech'], env: { ADMIN_EMAILS: adminEmail, ...engines } });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const signUp = async (email: string, requestedPlan?: string) => {
  const client = new ApiClient(stack.gatewayUrl);
  const response = await client.post('/api/users/register', { email, firstName: 'Zora', lastName: 'Hurston', password: GOOD_PASSWORD, requestedPlan });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { client, id: response.body.user.id as number };
};

/** One live recording as the web app makes it: open, a chunk a piece, finish. */
async function record(client: ApiClient, recordingId: string): ReturnType<ApiClient['post']> {
  const opened = await client.post('/api/transcribe/sessions', { mimeType: 'audio/webm;codecs=opus', recordingId });
  if (opened.status !== 201) return opened;
  const size = Math.ceil(recording.length / 6);
  const chunks = Array.from({ length: 6 }, (_, i) => recording.subarray(i * size, (i + 1) * size)).filter((chunk) => chunk.length > 0);
  for (const [seq, chunk] of chunks.entries()) {
    const sent = await fetch(`${stack.gatewayUrl}/api/transcribe/sessions/${opened.body.sessionId}/chunks?seq=${seq}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        cookie: `session=${client.cookie('session')}; csrf_token=${client.cookie('csrf_token')}`,
        'x-csrf-token': client.cookie('csrf_token') ?? '',
      },
      body: new Uint8Array(chunk),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
  }
  return client.post(`/api/transcribe/sessions/${opened.body.sessionId}/finish`, { chunkCount: chunks.length, conversationHistory: [], recordingId });
}

describe('plans through the whole stack', () => {
  it('one minute a month: two recordings, the third refused with the message, the meter showing the minutes', async () => {
    const admin = await signUp(adminEmail);
    const person = await signUp(uniqueEmail('plans'), 'pro');
    const set = await admin.client.patch('/api/user-type-settings/standard', { timeLimit: 300, responseType: 'text', monthlyMinutes: 1 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ userType: 'standard', monthlyMinutes: 1 });

    const fresh = usageResponseSchema.parse((await person.client.get('/api/usage')).body);
    const month = calendarMonthOf(new Date());
    expect(fresh).toMatchObject({ userType: 'standard', monthlyMinutes: 1, usedSeconds: 0, periodEnd: month.end.toISOString() });
    expect(fresh.features).toMatchObject({ interviewPractice: true, mockInterviews: false });

    const first = await record(person.client, 'stack-rec-0001');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.transcript).toBe(SAID);
    const afterOne = usageResponseSchema.parse((await person.client.get('/api/usage')).body);
    expect(afterOne.usedSeconds).toBeGreaterThan(20);
    expect(afterOne.usedSeconds).toBeLessThan(60);
    // A minute begun counts as used (issue 39, 7): the meter never says 0 once anything was recorded.
    expect(usageMeterText(afterOne.usedSeconds, afterOne.monthlyMinutes)).toBe('1 of 1 minutes used this month');

    const second = await record(person.client, 'stack-rec-0002');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const afterTwo = usageResponseSchema.parse((await person.client.get('/api/usage')).body);
    expect(afterTwo.usedSeconds).toBeGreaterThan(60);
    expect(afterTwo.usedSeconds).toBeLessThanOrEqual(120);
    // The second recording was let in with time left and counted whole: more than the plan's minute, as the meter says.
    expect(usageMeterText(afterTwo.usedSeconds, afterTwo.monthlyMinutes)).toBe('2 of 1 minutes used this month');

    const third = await record(person.client, 'stack-rec-0003');
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ message: monthlyMinutesUsedMessage(1, month.end) });
    expect(third.body.message).toMatch(/^You have used your 1 minutes for this month\. They renew on 1 [A-Z][a-z]+\.$/);
    const upload = new FormData();
    upload.set('audio', new Blob([new Uint8Array(recording)], { type: 'audio/webm' }), 'answer.webm');
    upload.set('conversationHistory', '[]');
    expect((await person.client.request('POST', '/api/transcribe', upload)).body).toEqual({ message: monthlyMinutesUsedMessage(1, month.end) });
    expect(usageResponseSchema.parse((await person.client.get('/api/usage')).body).usedSeconds).toBe(afterTwo.usedSeconds);

    // The admin sees the minutes and the plan asked for at sign-up, and moves the person to Pro: 1,500 minutes at once.
    const minutes = await admin.client.get('/api/usage/users');
    expect(minutes.body.users).toContainEqual({ userId: person.id, usedSeconds: afterTwo.usedSeconds });
    const users = await admin.client.get('/api/users');
    expect(users.body.find((user: { id: number }) => user.id === person.id)).toMatchObject({ userType: 'standard', requestedPlan: 'pro' });
    expect((await person.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(403);
    const moved = await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const pro = usageResponseSchema.parse((await person.client.get('/api/usage')).body);
    expect(pro).toMatchObject({ userType: 'pro', monthlyMinutes: 1500, usedSeconds: afterTwo.usedSeconds });
    expect(pro.features).toMatchObject({ mockInterviews: true, pdfExport: true, publicProfile: true });
  });
});
