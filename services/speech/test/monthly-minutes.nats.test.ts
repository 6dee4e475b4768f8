import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN_FEATURES,
  EVENT_SUBJECTS,
  calendarMonthOf,
  monthlyMinutesUsedMessage,
  usageRecordedEventSchema,
  usageResponseSchema,
  voiceSessionResponseSchema,
} from '@story/proto';
import {
  HALF_MINUTE_USER,
  LOCKED_USER,
  OLD_ID_USER,
  TEXT_USER,
  VOICE_USER,
  chunksOf,
  startSpeechWorld,
  transcribeForm,
  type SpeechWorld,
} from './speech-test-kit.ts';

/**
 * Monthly minutes (issue 21) with everything real but the recogniser: nats-server, the speech front
 * with its SQLite ledger, a speech worker with the scripted engines (ffmpeg measures each recording,
 * which is what is metered; the words come from the kit's script: recognition is tested in
 * transcribe.nats and live-sessions.nats), conversations; auth's answer is the kit's stand-in
 * (TEXT_USER: Starter's 120 minutes; HALF_MINUTE_USER: half a minute a month).
 */
describe('monthly minutes', () => {
  let world: SpeechWorld;
  const events: unknown[] = [];

  beforeAll(async () => {
    world = await startSpeechWorld({ scripted: {} });
    world.nc.subscribe(EVENT_SUBJECTS.usageRecorded, { callback: (_error, msg) => void events.push(msg.json()) });
  });
  afterAll(async () => {
    await world?.close();
  });

  const usage = async (userId: number) => {
    const response = await world.front.app.inject({ method: 'GET', url: '/api/usage', headers: await world.front.as(userId) });
    expect(response.statusCode, response.body).toBe(200);
    return usageResponseSchema.parse(response.json());
  };
  const upload = async (userId: number, path: string, fields: Record<string, string> = {}) => {
    const form = transcribeForm({ name: path.split('/').at(-1) ?? 'a.wav', bytes: readFileSync(path) }, { conversationHistory: '[]', ...fields });
    return world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await world.front.as(userId)), 'content-type': form.contentType },
      payload: form.body,
    });
  };
  const openSession = async (userId: number, recordingId?: string) =>
    world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/sessions',
      headers: await world.front.as(userId),
      payload: { mimeType: 'audio/webm;codecs=opus', ...(recordingId ? { recordingId } : {}) },
    });

  it('GET /api/usage answers the plan, nothing used yet, the UTC month and the features', async () => {
    const month = calendarMonthOf(new Date());
    expect(await usage(TEXT_USER)).toEqual({
      userType: 'standard',
      monthlyMinutes: 120,
      usedSeconds: 0,
      periodStart: month.start.toISOString(),
      periodEnd: month.end.toISOString(),
      features: DEFAULT_PLAN_FEATURES.standard,
    });
    const anonymous = await world.front.app.inject({ method: 'GET', url: '/api/usage' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
  });

  it('counts an upload once when the request is retried, and publishes one usage event', async () => {
    const first = await upload(TEXT_USER, world.recordings.wav, { recordingId: 'retry-0000-0001' });
    expect(first.statusCode, first.body).toBe(200);
    const used = (await usage(TEXT_USER)).usedSeconds;
    expect(used).toBeGreaterThan(5);
    expect(used).toBeLessThan(15);
    const again = await upload(TEXT_USER, world.recordings.wav, { recordingId: 'retry-0000-0001' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await usage(TEXT_USER)).usedSeconds).toBe(used);
    // Without an id, the same file sent twice the same month is still one recording.
    await upload(TEXT_USER, world.recordings.mp3);
    const withMp3 = (await usage(TEXT_USER)).usedSeconds;
    expect(withMp3).toBeGreaterThan(used);
    await upload(TEXT_USER, world.recordings.mp3);
    expect((await usage(TEXT_USER)).usedSeconds).toBe(withMp3);
    await expect.poll(() => events.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    const mine = events.map((event) => usageRecordedEventSchema.parse(event)).filter((event) => event.recordingId === 'retry-0000-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: TEXT_USER, period: calendarMonthOf(new Date()).key });
  });

  const streamSession = async (userId: number, file: string, recordingId: string) => {
    const opened = await openSession(userId, recordingId);
    expect(opened.statusCode, opened.body).toBe(201);
    const { sessionId } = voiceSessionResponseSchema.parse(opened.json());
    const chunks = chunksOf(file, 4);
    for (const [seq, chunk] of chunks.entries()) {
      const sent = await world.front.app.inject({
        method: 'POST',
        url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`,
        headers: { ...(await world.front.as(userId)), 'content-type': 'application/octet-stream' },
        payload: chunk,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    return { sessionId, chunkCount: chunks.length };
  };
  const finishSession = async (userId: number, sessionId: string, chunkCount: number, recordingId: string) =>
    world.front.app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/finish`,
      headers: await world.front.as(userId),
      payload: { chunkCount, conversationHistory: [], recordingId },
    });

  it('counts a live recording once when it is then sent whole as the fallback', async () => {
    const before = (await usage(VOICE_USER)).usedSeconds;
    const { sessionId, chunkCount } = await streamSession(VOICE_USER, world.recordings.webm, 'live-0000-0001');
    const finished = await finishSession(VOICE_USER, sessionId, chunkCount, 'live-0000-0001');
    expect(finished.statusCode, finished.body).toBe(200);
    const streamed = (await usage(VOICE_USER)).usedSeconds;
    expect(streamed).toBeGreaterThan(before + 5);
    const fallback = await upload(VOICE_USER, world.recordings.webm, { recordingId: 'live-0000-0001' });
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect((await usage(VOICE_USER)).usedSeconds).toBe(streamed);
  });

  it('counts a live recording under the id it was opened with, whatever its finish names, and finishes it once (issue 36)', async () => {
    const before = (await usage(TEXT_USER)).usedSeconds;
    const { sessionId, chunkCount } = await streamSession(TEXT_USER, world.recordings.webm, 'live-0000-0002');
    // The finish names the recording counted by the retried upload above: these minutes must not ride on it.
    const finished = await finishSession(TEXT_USER, sessionId, chunkCount, 'retry-0000-0001');
    expect(finished.statusCode, finished.body).toBe(200);
    const counted = (await usage(TEXT_USER)).usedSeconds;
    expect(counted).toBeGreaterThan(before + 5);
    // A finished session is gone: finishing it again transcribes nothing more.
    const again = await finishSession(TEXT_USER, sessionId, chunkCount, 'live-0000-0002');
    expect(again.statusCode).toBe(410);
    expect((await usage(TEXT_USER)).usedSeconds).toBe(counted);
  });

  it('counts new audio sent under a counted recording id, and refuses it once the month is used (issue 36)', async () => {
    // One short answer (about 8 s) under an id, then a long file (about 26 s) three times under the same id.
    expect((await upload(OLD_ID_USER, world.recordings.wav, { recordingId: 'reused-0000-0001' })).statusCode).toBe(200);
    const short = (await usage(OLD_ID_USER)).usedSeconds;
    expect(short).toBeGreaterThan(5);
    for (let send = 0; send < 3; send++) {
      const long = await upload(OLD_ID_USER, world.recordings.longWav, { recordingId: 'reused-0000-0001' });
      expect(long.statusCode, long.body).toBe(200);
    }
    // The long file is new audio, counted once: the half-minute month is now used.
    const used = (await usage(OLD_ID_USER)).usedSeconds;
    expect(used).toBeGreaterThan(short + 20);
    expect(used).toBeGreaterThan(30);
    // New audio under the old id is refused before any work, with the specification's message.
    const reused = await upload(OLD_ID_USER, world.recordings.mp3, { recordingId: 'reused-0000-0001' });
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual({ message: monthlyMinutesUsedMessage(0.5, calendarMonthOf(new Date()).end) });
    expect((await usage(OLD_ID_USER)).usedSeconds).toBe(used);
  });

  it('does not count a transcription that fails: nothing heard, or audio that cannot be decoded', async () => {
    const before = (await usage(TEXT_USER)).usedSeconds;
    const silence = join(world.dir, 'silence.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '4', silence]);
    const quiet = await upload(TEXT_USER, silence, { recordingId: 'quiet-0000-0001' });
    expect(quiet.statusCode, quiet.body).toBe(422);
    const broken = join(world.dir, 'broken.mp3');
    writeFileSync(broken, Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(30_000, 0x55)]));
    const undecodable = await upload(TEXT_USER, broken, { recordingId: 'broken-0000-0001' });
    expect(undecodable.statusCode, undecodable.body).toBeGreaterThanOrEqual(400);
    expect((await usage(TEXT_USER)).usedSeconds).toBe(before);
  });

  it('refuses the third recording once the month is used, before any audio, with the minutes and the renewal date', async () => {
    const long = world.recordings.longWav;
    expect((await upload(HALF_MINUTE_USER, long, { recordingId: 'half-0000-0001' })).statusCode).toBe(200);
    expect((await usage(HALF_MINUTE_USER)).usedSeconds).toBeLessThan(30);
    // Under the limit when it starts: finished and counted in full, past the limit.
    expect((await upload(HALF_MINUTE_USER, long, { recordingId: 'half-0000-0002' })).statusCode).toBe(200);
    const used = (await usage(HALF_MINUTE_USER)).usedSeconds;
    expect(used).toBeGreaterThan(30);
    const message = monthlyMinutesUsedMessage(0.5, calendarMonthOf(new Date()).end);
    expect(message).toMatch(/^You have used your 0\.5 minutes for this month\. They renew on 1 [A-Z][a-z]+\.$/);
    const session = await openSession(HALF_MINUTE_USER, 'half-0000-0003');
    expect(session.statusCode).toBe(403);
    expect(session.json()).toEqual({ message });
    const withoutId = await openSession(HALF_MINUTE_USER);
    expect(withoutId.json()).toEqual({ message });
    const third = await upload(HALF_MINUTE_USER, world.recordings.wav, { recordingId: 'half-0000-0003' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ message });
    // A recording admitted before the limit was reached is still taken whole (its fallback).
    expect((await upload(HALF_MINUTE_USER, long, { recordingId: 'half-0000-0002' })).statusCode).toBe(200);
    expect((await usage(HALF_MINUTE_USER)).usedSeconds).toBe(used);
  });

  it('GET /api/usage/users gives admins everybody’s seconds this month, and nobody else', async () => {
    const member = await world.front.app.inject({ method: 'GET', url: '/api/usage/users', headers: await world.front.as(TEXT_USER) });
    expect(member.statusCode).toBe(403);
    const admin = await world.front.app.inject({ method: 'GET', url: '/api/usage/users', headers: await world.front.as({ userId: 99, isAdmin: true }) });
    expect(admin.statusCode).toBe(200);
    const { users } = admin.json() as { users: { userId: number; usedSeconds: number }[] };
    expect(users.find((row) => row.userId === TEXT_USER)?.usedSeconds).toBe((await usage(TEXT_USER)).usedSeconds);
  });

  it('checks plan features here: no spoken reply without voice replies, 403 for interview practice the plan lacks', async () => {
    const answer = await upload(LOCKED_USER, world.recordings.wav);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).not.toHaveProperty('audioResponse');
    const opening = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/opening',
      headers: await world.front.as(LOCKED_USER),
      payload: { context: '- Lead database migrations' },
    });
    expect(opening.statusCode).toBe(403);
    expect(opening.json()).toEqual({ message: 'Interview practice is part of the Starter plan.' });
    const locked = await world.front.app.inject({ method: 'GET', url: '/api/usage/locked', headers: await world.front.as(LOCKED_USER) });
    expect(locked.json()).toEqual({
      locked: {
        interviewPractice: 'Interview practice is part of the Starter plan.',
        voiceReplies: 'AI voice replies are part of the Essentials plan.',
        resume: 'Résumé upload and suggestions are part of the Essentials plan.',
        mockInterviews: 'Mock interviews are part of the Pro plan.',
        pdfExport: 'Export to PDF is part of the Pro plan.',
        publicProfile: 'The public profile is part of the Pro plan.',
      },
    });
  });

  it('refuses bad recording ids with 400 and a message', async () => {
    const bad = await openSession(TEXT_USER, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'recordingId must be 8 to 64 letters, digits or dashes' });
    const badUpload = await upload(TEXT_USER, world.recordings.wav, { recordingId: '../../etc/passwd' });
    expect(badUpload.statusCode).toBe(400);
    expect(badUpload.json()).toEqual({ message: 'recordingId must be 8 to 64 letters, digits or dashes' });
  });
});
