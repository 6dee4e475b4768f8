import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLockedMessage, usageResponseSchema } from '@story/proto';
import { LOCKED_USER, MOCK_USER, TEST_SNIPPET, TEXT_USER, filesUnder, startSpeechWorld, transcribeForm, type SpeechWorld } from './speech-test-kit.ts';

/**
 * Issue 36, 4 at the speech service: a spoken turn that answers a mock interview or practises
 * requirements is refused with the plan's sentence before any of its audio is decoded. The world has
 * no speech worker at all, so a request the gate let through would wait for one: every 403 here came
 * first. Auth's plan answer is the kit's stand-in (TEXT_USER: Starter; LOCKED_USER: no interview
 * practice; MOCK_USER: given mock interviews).
 */
describe('plan gates of the speech service', () => {
  let world: SpeechWorld;
  const mockLocked = { message: featureLockedMessage('mockInterviews', 'pro') };
  const practiceLocked = { message: featureLockedMessage('interviewPractice', 'standard') };
  const MOCK_FIELDS = { mockInterviewId: '4', mockQuestionIndex: '0', mockPart: 'answer' };

  beforeAll(async () => {
    world = await startSpeechWorld({ workers: 0 });
  });
  afterAll(async () => {
    await world?.close();
  });

  const upload = async (userId: number, fields: Record<string, string>) => {
    const form = transcribeForm({ name: 'answer.wav', bytes: readFileSync(world.recordings.wav) }, { conversationHistory: '[]', ...fields });
    return world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await world.front.as(userId)), 'content-type': form.contentType },
      payload: form.body,
    });
  };
  const post = async (userId: number, url: string, payload: Record<string, unknown>) =>
    world.front.app.inject({ method: 'POST', url, headers: await world.front.as(userId), payload });
  const usedSeconds = async (userId: number) =>
    usageResponseSchema.parse((await world.front.app.inject({ method: 'GET', url: '/api/usage', headers: await world.front.as(userId) })).json()).usedSeconds;

  it('refuses the transcribe form’s mock interview fields and practice fields before decoding, counting nothing and keeping no file', async () => {
    for (const [userId, fields, refusal] of [
      [TEXT_USER, MOCK_FIELDS, mockLocked],
      [LOCKED_USER, { snippetId: String(TEST_SNIPPET) }, practiceLocked],
      [LOCKED_USER, { context: '- Lead a migration' }, practiceLocked],
      [LOCKED_USER, { ...MOCK_FIELDS }, mockLocked],
    ] as const) {
      const refused = await upload(userId, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(403);
      expect(refused.json(), JSON.stringify(fields)).toEqual(refusal);
    }
    expect(await usedSeconds(TEXT_USER)).toBe(0);
    expect(await usedSeconds(LOCKED_USER)).toBe(0);
    expect(filesUnder(world.tmp)).toEqual([]);
  });

  it('refuses a live recording’s finish that answers a mock interview or practises, before asking the worker for anything', async () => {
    const finish = (userId: number, body: Record<string, unknown>) =>
      post(userId, '/api/transcribe/sessions/12/finish', { chunkCount: 3, conversationHistory: [], recordingId: 'rec-plan-0001', ...body });
    const mock = await finish(TEXT_USER, { mockInterview: { id: 4, questionIndex: 0, part: 'answer' } });
    expect(mock.statusCode).toBe(403);
    expect(mock.json()).toEqual(mockLocked);
    const practice = await finish(LOCKED_USER, { snippetId: TEST_SNIPPET });
    expect(practice.statusCode).toBe(403);
    expect(practice.json()).toEqual(practiceLocked);
  });

  it('refuses a mock interview’s spoken opening without mock interviews; a plan with them is let through to the interview', async () => {
    const refused = await post(TEXT_USER, '/api/transcribe/opening', { mockInterviewId: 4 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(mockLocked);
    // Past the gate, the interview is asked for its line: no feedback service runs here, so it is unavailable.
    const through = await post(MOCK_USER, '/api/transcribe/opening', { mockInterviewId: 4 });
    expect(through.statusCode, through.body).toBe(503);
    expect(through.json<{ message: string }>().message).toMatch(/feedback/);
  });
});
