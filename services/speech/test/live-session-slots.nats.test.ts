import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_MESSAGES } from '@story/proto';
import { DEFAULT_SCRIPTED_TRANSCRIPT } from '../src/config.ts';
import { ScriptedSpeechToText } from '../src/engines/scripted/scripted-speech-to-text.ts';
import { JobRunner } from '../src/worker/job-runner.ts';
import { LiveSessionService } from '../src/worker/live-session.service.ts';
import { SHORT_LIMIT_USER, TEXT_USER, VOICE_USER, chunksOf, startSpeechWorld, type SpeechWorld, liveSessionCalls } from './speech-test-kit.ts';

const IDLE_SECONDS = 2;
const LIFETIME_MARGIN_SECONDS = 5;

/**
 * Issue 18, point 4: a worker's few live-recording slots cannot be hoarded. The worker's sessions
 * run on a clock the test moves (nats-server and the speech front are real; the engine is the
 * scripted one, ffmpeg decoding each recording as it comes, since no recording here is finished): only
 * the owner's new bytes keep a session alive, every session ends at its time limit plus a margin,
 * and a person who finds every slot taken is told so, not that a recording of theirs is running.
 */
describe('live recording slots', () => {
  let world: SpeechWorld;
  let sessions: LiveSessionService;
  let runner: JobRunner;
  let clock = 1_000_000;

  beforeAll(async () => {
    world = await startSpeechWorld({ workers: 0 });
    runner = new JobRunner(world.nc, { worker: 'slots-test', concurrency: 1, maxWaiting: 2, heartbeatMs: 1000, log: world.front.app.log });
    const stt = new ScriptedSpeechToText({
      defaultTranscript: DEFAULT_SCRIPTED_TRANSCRIPT,
      secondsPerAudioSecond: 0,
      toleranceSeconds: 0,
      deadlineMarginSeconds: 30,
    });
    sessions = new LiveSessionService(world.nc, stt, runner, {
      maxSessions: 2,
      idleSeconds: IDLE_SECONDS,
      lifetimeMarginSeconds: LIFETIME_MARGIN_SECONDS,
      log: world.front.app.log,
      clock: () => new Date(clock),
    });
    sessions.start();
  });
  afterAll(async () => {
    await sessions?.stop();
    await world?.close();
  });

  const { as, open, openId, sendChunk } = liveSessionCalls(() => world.front);
  const cancel = async (userId: number, sessionId: string) =>
    world.front.app.inject({ method: 'DELETE', url: `/api/transcribe/sessions/${sessionId}`, headers: await as(userId) });
  /** Moves the worker's clock on and lets it sweep. */
  const pass = (seconds: number) => {
    clock += seconds * 1000;
    sessions.dropIdle();
  };

  it('is not kept alive by sending the same chunk again', async () => {
    const chunks = chunksOf(world.recordings.webm, 6);
    const sessionId = await openId(TEXT_USER);
    expect((await sendChunk(TEXT_USER, sessionId, 0, chunks[0] ?? Buffer.alloc(0))).statusCode).toBe(200);
    // The attack: chunk 0 again and again, each resend free and (before) resetting the idle timer.
    for (let i = 0; i < 3; i += 1) {
      pass(0.6);
      expect((await sendChunk(TEXT_USER, sessionId, 0, chunks[0] ?? Buffer.alloc(0))).statusCode).toBe(200);
    }
    // 2.1 s after its last new bytes: idle, however often chunk 0 came again.
    pass(0.3);
    const next = await sendChunk(TEXT_USER, sessionId, 1, chunks[1] ?? Buffer.alloc(0));
    expect(next.statusCode).toBe(410);
    expect(next.json()).toEqual({ message: SPEECH_MESSAGES.sessionNotFound });
    expect(sessions.count).toBe(0);
  });

  it('is not kept alive by other people’s requests to it', async () => {
    const chunks = chunksOf(world.recordings.webm, 6);
    const sessionId = await openId(VOICE_USER);
    expect((await sendChunk(VOICE_USER, sessionId, 0, chunks[0] ?? Buffer.alloc(0))).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      pass(0.75);
      expect((await sendChunk(TEXT_USER, sessionId, 1, chunks[1] ?? Buffer.alloc(0))).statusCode).toBe(410);
    }
    pass(0.1);
    expect((await sendChunk(VOICE_USER, sessionId, 1, chunks[1] ?? Buffer.alloc(0))).statusCode).toBe(410);
  });

  it('stays alive while its owner sends new bytes, and closes at its time limit plus a margin whatever it sends', async () => {
    const chunks = chunksOf(world.recordings.webm, 24);
    // SHORT_LIMIT_USER records at most 10 s: the session closes 10 + 5 s after it opened.
    const sessionId = await openId(SHORT_LIMIT_USER);
    let seq = 0;
    for (; seq < 14; seq += 1) {
      const sent = await sendChunk(SHORT_LIMIT_USER, sessionId, seq, chunks[seq] ?? Buffer.alloc(0));
      expect(sent.statusCode, `chunk ${seq} at ${seq} s`).toBe(200);
      pass(1);
    }
    pass(1.1);
    expect((await sendChunk(SHORT_LIMIT_USER, sessionId, seq, chunks[seq] ?? Buffer.alloc(0))).statusCode).toBe(410);
  });

  it('tells a person who finds every slot taken that the recorders are busy, not that a recording of theirs is running', async () => {
    const first = await openId(TEXT_USER);
    const second = await openId(VOICE_USER);
    const third = await open(SHORT_LIMIT_USER);
    expect(third.statusCode).toBe(503);
    expect(third.json()).toEqual({ message: 'Every live recorder is busy right now. Your recording will be sent as a whole when you stop.' });
    expect(third.json()).not.toEqual({ message: SPEECH_MESSAGES.sessionBusy });
    await cancel(TEXT_USER, first);
    await cancel(VOICE_USER, second);
    expect((await open(SHORT_LIMIT_USER)).statusCode).toBe(201);
  });

  it('refuses a first chunk that is not what the recorder said it records', async () => {
    const sessionId = await openId(TEXT_USER);
    const playlist = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), Buffer.from(`#EXTM3U\n#EXTINF:9,\n${world.recordings.mp3}\n`)]);
    const sent = await sendChunk(TEXT_USER, sessionId, 0, playlist);
    expect(sent.statusCode).toBe(415);
    expect(sent.json()).toEqual({ message: SPEECH_MESSAGES.unreadableAudio });
    await cancel(TEXT_USER, sessionId);
  });
});
