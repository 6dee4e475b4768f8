import { convertAudio } from '@story/testing/test-audio';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_SUBJECTS,
  REPLY_STREAM_CONTENT_TYPE,
  answerGivenEventSchema,
  joinMp3,
  replyStreamLineSchema,
  streamedTurnSchema,
  transcribeResponseSchema,
  voiceSessionResponseSchema,
  type AnswerGivenEvent,
  type ReplyAudioPart,
} from '@story/proto';
import { voiceTurnStageDuration } from '@story/service-kit/telemetry/metrics';
import { startServiceForTest } from '@story/testing/service-under-test';
import { speechService } from '../src/app.ts';
import { replyParts } from '../src/turns/reply-parts.ts';
import {
  SHORT_LIMIT_USER,
  TEXT_USER,
  VOICE_USER,
  chunksOf,
  filesUnder,
  startSpeechWorld,
  transcribeForm,
  type SpeechWorld,
  liveSessionCalls,
} from './speech-test-kit.ts';

/**
 * Live recordings (`/api/transcribe/sessions`): the recorder's chunks are recognised as they arrive,
 * and Stop gets the same transcript the whole recording would get from `/api/transcribe`.
 */
describe('live recording sessions', () => {
  let world: SpeechWorld;

  beforeAll(async () => {
    world = await startSpeechWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  const { as, open, openId, sendChunk } = liveSessionCalls(() => world.front);
  const finish = async (userId: number, sessionId: string, chunkCount: number, turn: { snippetId?: number } = {}) =>
    world.front.app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/finish`,
      headers: await as(userId),
      payload: { chunkCount, conversationHistory: [], ...turn },
    });

  it('transcribes chunks as they come, and Stop gives what the whole upload gives', async () => {
    const events: AnswerGivenEvent[] = [];
    const subscription = world.nc.subscribe(EVENT_SUBJECTS.answerGiven, {
      callback: (_error, msg) => void events.push(answerGivenEventSchema.parse(msg.json())),
    });
    const chunks = chunksOf(world.recordings.webm, 9);
    const opened = await open(VOICE_USER);
    expect(opened.statusCode, opened.body).toBe(201);
    const { sessionId } = voiceSessionResponseSchema.parse(opened.json());
    expect(sessionId).toMatch(/^[1-9][0-9]*$/);
    for (const [seq, chunk] of chunks.entries()) {
      const sent = await sendChunk(VOICE_USER, sessionId, seq, chunk);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ received: seq + 1 });
    }
    const streamed = await finish(VOICE_USER, sessionId, chunks.length, { snippetId: 7 });
    expect(streamed.statusCode, streamed.body).toBe(200);
    const live = transcribeResponseSchema.parse(streamed.json());
    expect(live.audioResponse?.length).toBeGreaterThan(1000);
    expect(live.wordTimings?.length).toBe(live.aiResponse.split(/\s+/).filter(Boolean).length);

    const form = transcribeForm({ name: 'recording.webm', bytes: readFileSync(world.recordings.webm) }, { conversationHistory: '[]' });
    const whole = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await as(VOICE_USER)), 'content-type': form.contentType },
      payload: form.body,
    });
    const uploaded = transcribeResponseSchema.parse(whole.json());
    expect(uploaded.transcript).toBe(live.transcript);
    expect(live.transcript).toContain('database');
    // The transcript's words with the recogniser's confidence (issue 19): the same live and uploaded.
    expect(live.transcriptWords?.map((word) => word.word)).toEqual(live.transcript.split(/\s+/));
    expect(live.transcriptWords?.every((word) => word.confidence !== null)).toBe(true);
    expect(live.transcriptWords).toEqual(uploaded.transcriptWords);

    // Both answers travel with the same word timings (the delivery feedback is the same either way).
    const eventOf = (answerId: string | undefined) => events.find((event) => event.answerId === answerId);
    await expect.poll(() => eventOf(live.answerId) && eventOf(uploaded.answerId), { timeout: 10_000 }).toBeDefined();
    subscription.unsubscribe();
    expect(eventOf(live.answerId)?.snippetId).toBe(7);
    expect(eventOf(live.answerId)?.delivery?.wordTimings.length).toBeGreaterThan(10);
    expect(eventOf(live.answerId)?.delivery).toEqual(eventOf(uploaded.answerId)?.delivery);
  });

  /** A finish read as it is made: the turn's line, then the later pieces of its speech. */
  const finishStreamed = async (userId: number) => {
    const chunks = chunksOf(world.recordings.webm, 6);
    const sessionId = await openId(userId);
    for (const [seq, chunk] of chunks.entries()) expect((await sendChunk(userId, sessionId, seq, chunk)).statusCode).toBe(200);
    const headers = { ...(await as(userId)), accept: `${REPLY_STREAM_CONTENT_TYPE}, application/json` };
    const answer = await world.front.app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/finish`,
      headers,
      payload: { chunkCount: chunks.length, conversationHistory: [] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain(REPLY_STREAM_CONTENT_TYPE);
    const [head = '', ...rest] = answer.body.split('\n').filter(Boolean);
    return { first: streamedTurnSchema.parse(JSON.parse(head)), rest: rest.map((line) => replyStreamLineSchema.parse(JSON.parse(line))) };
  };

  it('streams a spoken reply a piece at a time when asked, the first short, the words’ times counted across the pieces', async () => {
    const { first, rest } = await finishStreamed(VOICE_USER);
    expect(first.transcript).toContain('database');
    const pieces = replyParts(first.aiResponse);
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(first.audioParts).toBe(pieces.length);
    const parts = rest.map((line) => ('audioPart' in line ? line.audioPart : undefined)).filter((part): part is ReplyAudioPart => part !== undefined);
    expect(parts.map((part) => part.index)).toEqual(pieces.slice(1).map((_piece, i) => i + 1));

    // Each piece's words, in order, are the reply's words; their times go on from where the piece before ended.
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(first.wordTimings?.map((timing) => timing.word).length).toBe(words(pieces[0] ?? '').length);
    const timings = [...(first.wordTimings ?? []), ...parts.flatMap((part) => part.wordTimings)];
    expect(timings).toHaveLength(words(first.aiResponse).length);
    for (let i = 1; i < timings.length; i++) expect(timings[i]?.start ?? 0).toBeGreaterThanOrEqual(timings[i - 1]?.start ?? 0);
    for (const part of parts) expect(part.wordTimings[0]?.start ?? 0).toBeGreaterThanOrEqual(part.offsetSeconds);

    // The pieces make one MP3 as long as the whole reply: the last piece starts where the timings say.
    const mp3 = join(world.dir, 'streamed-reply.mp3');
    writeFileSync(
      mp3,
      joinMp3([first.audioResponse ?? '', ...parts.map((part) => part.audioResponse)].map((base64) => new Uint8Array(Buffer.from(base64, 'base64')))),
    );
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3]).toString());
    expect(seconds).toBeGreaterThan(parts.at(-1)?.offsetSeconds ?? 0);
    expect(seconds).toBeGreaterThanOrEqual(timings.at(-1)?.end ?? 0);
  });

  /** Each stage of the turn timeline so far (`story_voice_turn_stage_seconds`), for `kind`: how many, and their seconds. */
  const stagesSoFar = async (kind: string) => {
    const { values } = await voiceTurnStageDuration.get();
    const of = (suffix: string) =>
      Object.fromEntries(
        values
          .filter((value) => (value as { metricName?: string }).metricName?.endsWith(suffix) && value.labels.kind === kind)
          .map((value) => [String(value.labels.stage), value.value]),
      );
    return { counts: of('_count'), seconds: of('_sum') };
  };

  it('times each stage of a turn after Stop, on the worker and on the front, as a metric (issue 40, 1)', async () => {
    const before = await stagesSoFar('live');
    await finishStreamed(VOICE_USER);
    const after = await stagesSoFar('live');
    const added = (stage: string) => (after.counts[stage] ?? 0) - (before.counts[stage] ?? 0);
    const took = (stage: string) => (after.seconds[stage] ?? 0) - (before.seconds[stage] ?? 0);
    // The worker: the last chunk in, the audio still to decode at Stop, each recogniser's tail; the front: the
    // worker's answer, the minutes counted, the coach's words, the first spoken piece. Once each, for this turn.
    const worker = ['chunks-in', 'decode-backlog', 'sphinx-tail'];
    for (const stage of [...worker, 'prepared', 'recognised', 'counted', 'replied', 'first-speech']) expect(added(stage), stage).toBe(1);
    // The front's "recognised" holds the worker's stages (and the hops between them).
    const workerSeconds = [...worker, 'moonshine-tail', 'merge'].reduce((sum, stage) => sum + took(stage), 0);
    expect(took('recognised')).toBeGreaterThanOrEqual(workerSeconds);
    expect(took('first-speech')).toBeGreaterThan(0);
  });

  it('streams a text-only reply as one line without audio', async () => {
    const { first, rest } = await finishStreamed(TEXT_USER);
    expect(first.aiResponse.length).toBeGreaterThan(10);
    expect(first.audioResponse).toBeUndefined();
    expect(first.audioParts).toBeUndefined();
    expect(rest).toEqual([]);
  });

  it('takes a chunk sent again, and refuses one that skips ahead or a finish that misses some', async () => {
    const sessionId = await openId(TEXT_USER);
    const chunks = chunksOf(world.recordings.webm, 4);
    expect((await sendChunk(TEXT_USER, sessionId, 0, chunks[0] ?? Buffer.alloc(0))).statusCode).toBe(200);
    const again = await sendChunk(TEXT_USER, sessionId, 0, chunks[0] ?? Buffer.alloc(0));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ received: 1 });
    const skipped = await sendChunk(TEXT_USER, sessionId, 2, chunks[2] ?? Buffer.alloc(0));
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toEqual({ message: 'Recording chunk 2 arrived out of order; chunk 1 was expected.' });
    const early = await finish(TEXT_USER, sessionId, 4);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Only 1 of 4 recording chunks arrived. Your recording will be sent as a whole instead.' });
  });

  it('shows nobody else’s session: another user’s chunk, finish or cancel finds nothing', async () => {
    const sessionId = await openId(VOICE_USER);
    const gone = { message: 'This recording session has ended. Your recording will be sent as a whole instead.' };
    const foreign = await sendChunk(TEXT_USER, sessionId, 0, Buffer.from('x'));
    expect(foreign.statusCode).toBe(410);
    expect(foreign.json()).toEqual(gone);
    expect((await finish(TEXT_USER, sessionId, 1)).statusCode).toBe(410);
    const cancelled = await world.front.app.inject({ method: 'DELETE', url: `/api/transcribe/sessions/${sessionId}`, headers: await as(TEXT_USER) });
    expect(cancelled.statusCode).toBe(204);
    // The owner's session is still there.
    expect((await sendChunk(VOICE_USER, sessionId, 0, chunksOf(world.recordings.webm, 4)[0] ?? Buffer.alloc(0))).statusCode).toBe(200);
  });

  it('ends a cancelled session, and answers 410 for a session that does not exist', async () => {
    const sessionId = await openId(TEXT_USER);
    expect((await world.front.app.inject({ method: 'DELETE', url: `/api/transcribe/sessions/${sessionId}`, headers: await as(TEXT_USER) })).statusCode).toBe(
      204,
    );
    expect((await sendChunk(TEXT_USER, sessionId, 0, Buffer.from('x'))).statusCode).toBe(410);
    expect((await sendChunk(TEXT_USER, '123456789', 0, Buffer.from('x'))).statusCode).toBe(410);
  });

  it('stops a recording that runs past the user’s limit', async () => {
    const sessionId = await openId(SHORT_LIMIT_USER);
    const chunks = chunksOf(world.recordings.longWebm, 26);
    let refused: { statusCode: number; json(): unknown } | undefined;
    for (const [seq, chunk] of chunks.entries()) {
      const sent = await sendChunk(SHORT_LIMIT_USER, sessionId, seq, chunk);
      if (sent.statusCode !== 200) {
        refused = sent;
        break;
      }
    }
    const answer = refused ?? (await finish(SHORT_LIMIT_USER, sessionId, chunks.length));
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ message: 'This recording is longer than your limit of 10 seconds. Please record or upload a shorter one.' });
  });

  it('takes a long recording’s chunks as fast as they come without piling up listeners on ffmpeg (issue 18, 10)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // Chunks larger than a pipe's write buffer (16 KB): each write waits for the decoder to drain.
      const big = join(world.dir, 'long-256k.webm');
      convertAudio(world.recordings.longWav, big, ['-c:a', 'libopus', '-b:a', '256k', '-ar', '48000']);
      const chunks = chunksOf(big, 24);
      expect(chunks[0]?.length).toBeGreaterThan(16 * 1024);
      const sessionId = await openId(TEXT_USER);
      for (const [seq, chunk] of chunks.entries()) expect((await sendChunk(TEXT_USER, sessionId, seq, chunk)).statusCode, `chunk ${seq}`).toBe(200);
      const answer = await finish(TEXT_USER, sessionId, chunks.length);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(transcribeResponseSchema.parse(answer.json()).transcript).toContain('database');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });

  it('refuses malformed requests with a clear 400 and callers without a session with 401', async () => {
    expect((await open(VOICE_USER, 'text/plain')).json()).toEqual({ message: 'mimeType must be a webm, ogg or mp4 recording' });
    expect((await sendChunk(VOICE_USER, 'abc', 0, Buffer.from('x'))).json()).toEqual({ message: 'Id must be a number' });
    const badSeq = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/sessions/5/chunks?seq=-1',
      headers: { ...(await as(VOICE_USER)), 'content-type': 'application/octet-stream' },
      payload: Buffer.from('x'),
    });
    expect(badSeq.json()).toEqual({ message: 'seq must be a whole number from 0' });
    const notBytes = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/sessions/5/chunks?seq=0',
      headers: await as(VOICE_USER),
      payload: { audio: 'x' },
    });
    expect(notBytes.statusCode).toBe(400);
    const badFinish = await world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe/sessions/5/finish',
      headers: await as(VOICE_USER),
      payload: { chunkCount: 0 },
    });
    expect(badFinish.json()).toEqual({ message: 'chunkCount must be at least 1' });
    const tooBig = await sendChunk(VOICE_USER, '5', 0, Buffer.alloc(600 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect((await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions', payload: { mimeType: 'audio/webm' } })).statusCode).toBe(401);
  });

  it('lets a recording’s chunks and its finish reach different fronts: a front keeps nothing of a session', async () => {
    const second = await startServiceForTest(speechService, {
      natsUrl: world.nats.url,
      dataDir: join(world.dir, 'front-2'),
      env: { SPEECH_TMP_DIR: world.tmp },
    });
    try {
      const fronts = [world.front, second];
      const chunks = chunksOf(world.recordings.webm, 8);
      const sessionId = await openId(VOICE_USER);
      // Each chunk goes to the other front than the one before, as a load balancer may send them.
      for (const [seq, chunk] of chunks.entries()) {
        const front = fronts[seq % 2] ?? world.front;
        const sent = await front.app.inject({
          method: 'POST',
          url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`,
          headers: { ...(await front.as(VOICE_USER)), 'content-type': 'application/octet-stream' },
          payload: chunk,
        });
        expect(sent.statusCode, sent.body).toBe(200);
        expect(sent.json()).toMatchObject({ received: seq + 1 });
      }
      const finished = await second.app.inject({
        method: 'POST',
        url: `/api/transcribe/sessions/${sessionId}/finish`,
        headers: await second.as(VOICE_USER),
        payload: { chunkCount: chunks.length, conversationHistory: [] },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      const live = transcribeResponseSchema.parse(finished.json());
      expect(live.audioResponse?.length).toBeGreaterThan(1000);

      const form = transcribeForm({ name: 'recording.webm', bytes: readFileSync(world.recordings.webm) }, { conversationHistory: '[]' });
      const whole = await second.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: { ...(await second.as(VOICE_USER)), 'content-type': form.contentType },
        payload: form.body,
      });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(live.transcript).toBe(transcribeResponseSchema.parse(whole.json()).transcript);
      expect(live.transcript).toContain('database');
    } finally {
      await second.close();
    }
  });

  it('leaves no temporary file behind', () => {
    expect(filesUnder(world.tmp)).toEqual([]);
  });
});
