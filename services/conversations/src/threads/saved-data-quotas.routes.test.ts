import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedAudioLimitReached, threadLimitReached, threadMessageLimitReached } from '@story/proto';
import { generateSigningKeyPair } from '@story/service-kit';
import { subgraphQuery } from '@story/testing/service-under-test';
import { mp3Of, startTestService, type TestService } from '../../test/conversations-test-kit.ts';

const ALICE = 701;
const BOB = 702;
const CAROL = 703;

/** `bytes` bytes of MP3, as the speech service would make them. */
const mp3Bytes = (bytes: number, fill = 7) => mp3Of(bytes, fill);
const spokenReply = (bytes: number, fill?: number) => mp3Bytes(bytes, fill).toString('base64');

type Item = { id: number; userMessage: string; audioResponse: string | null; audioUrl: string | null };

/**
 * Issue 7, item 3 ("Saved data has no quota"): twelve saves of 7.5 MB of audio each made one thread
 * read a 90 MB answer that stalled everyone else. Here with small configured quotas: a save past
 * them is refused and stores nothing, and a thread read no longer carries the audio, which is
 * served on its own URL to its owner only.
 */
describe('saved data quotas and audio kept apart (issue 7, item 3)', () => {
  let service: TestService;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService({ env: { QUOTA_AUDIO_MB_PER_USER: '1', QUOTA_MESSAGES_PER_THREAD: '4', QUOTA_THREADS_PER_USER: '3' } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service.close());

  const createThread = (headers: Record<string, string>) => service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers });
  const newThreadId = async (headers: Record<string, string>) => (await createThread(headers)).json<{ threadId: number }>().threadId;
  const save = (headers: Record<string, string>, body: object) => service.app.inject({ method: 'POST', url: '/api/conversations', headers, payload: body });
  const read = (headers: Record<string, string>, threadId: number) =>
    service.app.inject({ method: 'GET', url: `/api/conversation-threads/${threadId}`, headers });
  const get = (headers: Record<string, string>, url: string) => service.app.inject({ method: 'GET', url, headers });

  it('refuses a save past the audio quota and saves nothing; another user’s quota is their own', async () => {
    const threadId = await newThreadId(alice);
    const reply = spokenReply(300 * 1024);
    for (let i = 0; i < 3; i++)
      expect((await save(alice, { threadId, userMessage: `turn ${i}`, aiResponse: 'Go on', audioResponse: reply })).statusCode).toBe(201);

    const over = await save(alice, { threadId, userMessage: 'one too many', aiResponse: 'Go on', audioResponse: reply });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: savedAudioLimitReached(1, 30) });
    expect((await read(alice, threadId)).json<Item[]>().map((item) => item.userMessage)).toEqual(['turn 0', 'turn 1', 'turn 2']);

    const bobsThread = await newThreadId(bob);
    expect((await save(bob, { threadId: bobsThread, userMessage: 'mine', aiResponse: 'ok', audioResponse: reply })).statusCode).toBe(201);
  });

  it('reads a thread without its audio: the answer stays the size of its text, each reply has its own URL', async () => {
    const threadId = await newThreadId(bob);
    const reply = spokenReply(200 * 1024);
    for (let i = 0; i < 3; i++)
      expect((await save(bob, { threadId, userMessage: `turn ${i}`, aiResponse: 'Go on', audioResponse: reply })).statusCode).toBe(201);
    const response = await read(bob, threadId);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(2_000);
    const items = response.json<Item[]>();
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.audioResponse === null && item.audioUrl === `/api/conversation-threads/${threadId}/messages/${item.id}/audio`)).toBe(
      true,
    );
  });

  it('serves the MP3 at that URL to the owner only, with its length and a private cache', async () => {
    const carol = await service.as(CAROL);
    const threadId = await newThreadId(carol);
    const audio = mp3Bytes(5000, 3);
    await save(carol, { threadId, userMessage: 'spoken', aiResponse: 'Heard you', audioResponse: audio.toString('base64') });
    await save(carol, { threadId, userMessage: 'typed', aiResponse: 'Read you' });
    const [spoken, typed] = (await read(carol, threadId)).json<Item[]>();
    if (!spoken?.audioUrl || !typed) throw new Error('fixture');
    expect(typed.audioUrl).toBeNull();

    const served = await get(carol, spoken.audioUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.headers['content-length']).toBe('5000');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.rawPayload.equals(audio)).toBe(true);

    const notFound = { message: 'This message has no saved spoken reply' };
    for (const [who, url] of [
      [alice, spoken.audioUrl],
      [carol, `/api/conversation-threads/${threadId}/messages/${typed.id}/audio`],
      [carol, `/api/conversation-threads/${threadId + 1}/messages/${spoken.id}/audio`],
    ] as const) {
      const refused = await get(who, url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual(notFound);
    }
    for (const bad of ['0x1', '01', '1e3', '%201', '-1', '1.0', '9007199254740993']) {
      const response = await get(carol, `/api/conversation-threads/${threadId}/messages/${bad}/audio`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Id /);
    }
    expect((await get({}, spoken.audioUrl)).statusCode).toBe(401);
  });

  it('refuses a save past the messages of a thread, and a thread past the user’s threads, saying what to do', async () => {
    const dave = await service.as(704);
    const threadId = await newThreadId(dave);
    for (let i = 0; i < 4; i++) expect((await save(dave, { threadId, userMessage: `m${i}`, aiResponse: 'ok' })).statusCode).toBe(201);
    const full = await save(dave, { threadId, userMessage: 'one more', aiResponse: 'ok' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: threadMessageLimitReached(4) });
    expect((await read(dave, threadId)).json<Item[]>()).toHaveLength(4);

    for (let i = 0; i < 2; i++) expect((await save(dave, { threadId: await newThreadId(dave), userMessage: `t${i}`, aiResponse: 'ok' })).statusCode).toBe(201);
    const refused = await createThread(dave);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: threadLimitReached(3) });
    expect((await get(dave, '/api/conversation-threads')).json<unknown[]>()).toHaveLength(3);
  });

  it('keeps the body limit and the audioResponse size limit, and refuses audio that is not base64', async () => {
    const erin = await service.as(705);
    const threadId = await newThreadId(erin);
    const notBase64 = await save(erin, { threadId, userMessage: 'x', aiResponse: 'y', audioResponse: 'not base64!' });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toEqual({ message: 'audioResponse must be base64-encoded audio' });
    const tooLarge = await save(erin, { threadId, userMessage: 'x', aiResponse: 'y', audioResponse: 'A'.repeat(8_000_004) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ message: 'audioResponse is too large' });
    expect((await read(erin, threadId)).json<Item[]>()).toEqual([]);
  });
});

/**
 * Penetration test, point 9 ("Saved audio is audio"): an HTML page saved as `audioResponse` was
 * stored and served back as `audio/mpeg`. A save now carries MP3 frames or is refused (400), and
 * nothing of it is stored.
 */
describe('saved audio is MP3 (penetration test, point 9)', () => {
  let service: TestService;
  let mallory: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService();
    mallory = await service.as(706);
  });
  afterAll(async () => service.close());

  it('refuses an HTML page, text, an ID3 tag on filler, or an MP3 cut off inside its second frame, and stores none of it', async () => {
    const threadId = (await service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers: mallory })).json<{ threadId: number }>().threadId;
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/users/me").then((r) => r.text()).then(alert)</script></body></html>');
    const cutOff = mp3Bytes(5000).subarray(0, 600);
    for (const [what, bytes] of [
      ['HTML', html],
      ['text', Buffer.from('These are my notes, not a recording.')],
      ['an ID3 tag and filler', Buffer.alloc(5000, 7).fill('ID3', 0, 3)],
      ['a cut-off frame', cutOff],
    ] as const) {
      const saved = await service.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: mallory,
        payload: { threadId, userMessage: 'x', aiResponse: 'y', audioResponse: bytes.toString('base64') },
      });
      expect(saved.statusCode, what).toBe(400);
      expect(saved.json(), what).toEqual({ message: 'audioResponse must be MP3 audio' });
    }
    expect((await service.app.inject({ method: 'GET', url: `/api/conversation-threads/${threadId}`, headers: mallory })).json()).toEqual([]);
    expect(await service.deps.storage.messageAudio.savedAudioBytes(706)).toBe(0);

    const graphql = await subgraphQuery(
      service.app,
      mallory,
      'mutation ($threadId: ID!, $audio: String) { saveConversation(threadId: $threadId, userMessage: "x", aiResponse: "y", audioResponse: $audio) { id } }',
      {
        threadId: String(threadId),
        audio: html.toString('base64'),
      },
    );
    // GraphQL's saveConversation takes no audio at all (it shares the REST body's schema, MP3 check included, should it ever).
    expect(graphql.errors?.[0]?.message).toMatch(/Unknown argument "audioResponse"/);
    expect(await service.deps.storage.messageAudio.savedAudioBytes(706)).toBe(0);
  });
});

describe('two service instances on one SQLite file racing for the last slots', () => {
  it('keep exactly as many messages as the quota allows, and as much audio', async () => {
    const keys = generateSigningKeyPair();
    const env = { QUOTA_MESSAGES_PER_THREAD: '5', QUOTA_AUDIO_MB_PER_USER: '1' };
    const one = await startTestService({ keys, env });
    const two = await startTestService({ keys, env, dataDir: one.dataDir });
    try {
      const headers = await one.as(ALICE);
      const threadId = async () => (await one.app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId;
      const saveOn = (i: number, thread: number, audioResponse?: string) =>
        (i % 2 ? one : two).app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers,
          payload: { threadId: thread, userMessage: `m${i}`, aiResponse: `r${i}`, audioResponse },
        });

      const texts = await threadId();
      const statuses = (await Promise.all(Array.from({ length: 12 }, (_, i) => saveOn(i, texts)))).map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(7);

      const spoken = await threadId();
      const reply = spokenReply(400 * 1024);
      const audioStatuses = (await Promise.all(Array.from({ length: 5 }, (_, i) => saveOn(i, spoken, reply)))).map((r) => r.statusCode);
      expect(audioStatuses.filter((s) => s === 201)).toHaveLength(2);
      expect(await one.deps.storage.messageAudio.savedAudioBytes(ALICE)).toBe(800 * 1024);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
