import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Objm } from '@nats-io/obj';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATS_BUCKETS, THREAD_MESSAGES, replyAudioObjectName } from '@story/proto';
import { subgraphQuery, tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { mp3Of, startTestService, type TestService } from './conversations-test-kit.ts';

const ALICE = 51;
const BOB = 52;
/** A 60 s spoken reply as the speech worker makes it (lame, mono, 64 kbit/s): 8 000 bytes a second. */
const SIXTY_SECONDS_MP3 = 60 * 8_000;

/**
 * Issue 20, point 5: a spoken reply is saved by reference. The speech service keeps a reply's MP3 in
 * the object store `speech_replies` under its owner and an `audioId` (stood in for here); a save
 * names the id, and the conversations service takes the bytes from the store.
 */
describe('saving a spoken reply by reference (audioId)', () => {
  let dir: string;
  let nats: NatsServerHandle;
  let nc: NatsConnection;
  let service: TestService;

  /** Keeps `mp3` as the speech service does (speech-audio.store.ts `keepReply`). */
  const keep = async (userId: number, mp3: Buffer) => {
    const audioId = randomUUID();
    const bucket = await new Objm(nc).create(NATS_BUCKETS.speechReplies, { ttl: 3600 * 1_000_000_000 });
    await bucket.putBlob({ name: replyAudioObjectName(userId, audioId) }, mp3);
    return audioId;
  };
  const createThread = async (userId: number) =>
    (await service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers: await service.as(userId), payload: {} })).json<{
      threadId: number;
    }>().threadId;
  const save = async (userId: number, payload: object) =>
    service.app.inject({ method: 'POST', url: '/api/conversations', headers: await service.as(userId), payload });

  beforeAll(async () => {
    dir = tempDataDir('save-by-reference-');
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    nc = await connect({ servers: nats.url });
    service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'conversations') });
  });

  afterAll(async () => {
    await service?.close();
    await nc?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the kept reply (REST): playable at audioUrl with the same bytes', async () => {
    const threadId = await createThread(ALICE);
    const mp3 = mp3Of(5_000, 3);
    const audioId = await keep(ALICE, mp3);
    const saved = await save(ALICE, { threadId, userMessage: 'I led it.', aiResponse: 'How?', audioId });
    expect(saved.statusCode).toBe(201);
    const played = await service.app.inject({
      method: 'GET',
      url: `/api/conversation-threads/${threadId}/messages/${saved.json<{ id: number }>().id}/audio`,
      headers: await service.as(ALICE),
    });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload).toEqual(mp3);
  });

  it('stores the kept reply (GraphQL saveConversation): audioUrl serves the same bytes', async () => {
    const threadId = await createThread(ALICE);
    const mp3 = mp3Of(3_000, 4);
    const audioId = await keep(ALICE, mp3);
    const answer = await subgraphQuery<{ saveConversation: { audioUrl: string | null } }>(
      service.app,
      await service.as(ALICE),
      'mutation Save($threadId: ID!, $audioId: String) { saveConversation(threadId: $threadId, userMessage: "I led it.", aiResponse: "How?", audioId: $audioId) { audioUrl } }',
      { threadId: String(threadId), audioId },
    );
    expect(answer.errors).toBeUndefined();
    const audioUrl = answer.data?.saveConversation.audioUrl;
    expect(audioUrl).toMatch(/\/audio$/);
    const played = await service.app.inject({ method: 'GET', url: audioUrl ?? '', headers: await service.as(ALICE) });
    expect(played.rawPayload).toEqual(mp3);
  });

  it("refuses another user's, an unknown and a malformed id, and both audio and an id, with a clear message", async () => {
    const threadId = await createThread(BOB);
    const alices = await keep(ALICE, mp3Of(2_000));
    const base = { threadId, userMessage: 'I led it.', aiResponse: 'How?' };
    const stolen = await save(BOB, { ...base, audioId: alices });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ message: THREAD_MESSAGES.replyAudioGone });
    const unknown = await save(BOB, { ...base, audioId: randomUUID() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: THREAD_MESSAGES.replyAudioGone });
    const malformed = await save(BOB, { ...base, audioId: '../upload-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'audioId must be the audioId of a spoken reply' });
    const both = await save(BOB, { ...base, audioId: await keep(BOB, mp3Of(2_000)), audioResponse: mp3Of(2_000).toString('base64') });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toEqual({ message: THREAD_MESSAGES.replyAudioTwice });
    const items = await service.app.inject({ method: 'GET', url: `/api/conversation-threads/${threadId}`, headers: await service.as(BOB) });
    expect(JSON.stringify(items.json())).not.toContain('I led it.');
  });

  it('measures the Save body of a 60 s voice turn: base64 audio before, a reference after', async () => {
    const threadId = await createThread(ALICE);
    const mp3 = mp3Of(SIXTY_SECONDS_MP3, 5);
    const exchange = { userMessage: 'x'.repeat(900), aiResponse: 'y'.repeat(600) };
    // Before: the web app's REST save with the reply's MP3 as base64.
    const before = JSON.stringify({ ...exchange, threadId, audioResponse: mp3.toString('base64') });
    // After: the web app's GraphQL saveConversation naming the kept reply.
    const audioId = await keep(ALICE, mp3);
    const after = JSON.stringify({
      query:
        'mutation SaveExchange($threadId: ID!, $userMessage: String!, $aiResponse: String!, $answerId: ID, $audioId: String) { saveConversation(threadId: $threadId, userMessage: $userMessage, aiResponse: $aiResponse, answerId: $answerId, audioId: $audioId) { id } }',
      variables: { ...exchange, threadId: String(threadId), answerId: null, audioId },
    });
    console.info(
      `Save body of a 60 s voice turn (MP3 ${mp3.length} bytes): before ${Buffer.byteLength(before)} bytes, after ${Buffer.byteLength(after)} bytes`,
    );
    expect(Buffer.byteLength(before)).toBeGreaterThan(640_000);
    expect(Buffer.byteLength(after)).toBeLessThan(2_000);
    expect((await save(ALICE, JSON.parse(before) as object)).statusCode).toBe(201);
    expect((await save(ALICE, { ...exchange, threadId, audioId })).statusCode).toBe(201);
  });
});
