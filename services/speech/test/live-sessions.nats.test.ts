import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, answerGivenEventSchema, transcribeResponseSchema, voiceSessionResponseSchema, type AnswerGivenEvent } from '@story/proto';
import { SHORT_LIMIT_USER, TEXT_USER, VOICE_USER, chunksOf, filesUnder, startSpeechWorld, transcribeForm, type SpeechWorld } from './speech-test-kit.ts';

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

  const as = (userId: number) => world.front.as(userId);
  const open = async (userId: number, mimeType = 'audio/webm;codecs=opus') =>
    world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions', headers: await as(userId), payload: { mimeType } });
  const openId = async (userId: number) => voiceSessionResponseSchema.parse((await open(userId)).json()).sessionId;
  const sendChunk = async (userId: number, sessionId: string, seq: number, bytes: Buffer) =>
    world.front.app.inject({ method: 'POST', url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`, headers: { ...(await as(userId)), 'content-type': 'application/octet-stream' }, payload: bytes });
  const finish = async (userId: number, sessionId: string, chunkCount: number, turn: { snippetId?: number } = {}) =>
    world.front.app.inject({ method: 'POST', url: `/api/transcribe/sessions/${sessionId}/finish`, headers: await as(userId), payload: { chunkCount, conversationHistory: [], ...turn } });

  it('transcribes chunks as they come, and Stop gives what the whole upload gives', async () => {
    const events: AnswerGivenEvent[] = [];
    const subscription = world.nc.subscribe(EVENT_SUBJECTS.answerGiven, { callback: (_error, msg) => void events.push(answerGivenEventSchema.parse(msg.json())) });
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
    const whole = await world.front.app.inject({ method: 'POST', url: '/api/transcribe', headers: { ...(await as(VOICE_USER)), 'content-type': form.contentType }, payload: form.body });
    const uploaded = transcribeResponseSchema.parse(whole.json());
    expect(uploaded.transcript).toBe(live.transcript);
    expect(live.transcript).toContain('database');

    // Both answers travel with the same word timings (the delivery feedback is the same either way).
    const eventOf = (answerId: string | undefined) => events.find((event) => event.answerId === answerId);
    await expect.poll(() => eventOf(live.answerId) && eventOf(uploaded.answerId), { timeout: 10_000 }).toBeDefined();
    subscription.unsubscribe();
    expect(eventOf(live.answerId)?.snippetId).toBe(7);
    expect(eventOf(live.answerId)?.delivery?.wordTimings.length).toBeGreaterThan(10);
    expect(eventOf(live.answerId)?.delivery).toEqual(eventOf(uploaded.answerId)?.delivery);
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
    expect((await world.front.app.inject({ method: 'DELETE', url: `/api/transcribe/sessions/${sessionId}`, headers: await as(TEXT_USER) })).statusCode).toBe(204);
    expect((await sendChunk(TEXT_USER, sessionId, 0, Buffer.from('x'))).statusCode).toBe(410);
    expect((await sendChunk(TEXT_USER, '123456789', 0, Buffer.from('x'))).statusCode).toBe(410);
  });

  it('stops a recording that runs past the user’s limit', async () => {
    const sessionId = await openId(SHORT_LIMIT_USER);
    const chunks = chunksOf(world.recordings.longWav, 26);
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

  it('refuses malformed requests with a clear 400 and callers without a session with 401', async () => {
    expect((await open(VOICE_USER, 'text/plain')).json()).toEqual({ message: 'mimeType must be a webm, ogg or mp4 recording' });
    expect((await sendChunk(VOICE_USER, 'abc', 0, Buffer.from('x'))).json()).toEqual({ message: 'Id must be a number' });
    const badSeq = await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions/5/chunks?seq=-1', headers: { ...(await as(VOICE_USER)), 'content-type': 'application/octet-stream' }, payload: Buffer.from('x') });
    expect(badSeq.json()).toEqual({ message: 'seq must be a whole number from 0' });
    const notBytes = await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions/5/chunks?seq=0', headers: await as(VOICE_USER), payload: { audio: 'x' } });
    expect(notBytes.statusCode).toBe(400);
    const badFinish = await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions/5/finish', headers: await as(VOICE_USER), payload: { chunkCount: 0 } });
    expect(badFinish.json()).toEqual({ message: 'chunkCount must be at least 1' });
    const tooBig = await sendChunk(VOICE_USER, '5', 0, Buffer.alloc(600 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect((await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions', payload: { mimeType: 'audio/webm' } })).statusCode).toBe(401);
  });

  it('leaves no temporary file behind', () => {
    expect(filesUnder(world.tmp)).toEqual([]);
  });
});
