import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_SUBJECTS,
  IDENTITY_HEADER,
  messageAudioPath,
  storySavedEventSchema,
  threadEventSchema,
  threadItemsResponseSchema,
  threadListResponseSchema,
} from '@story/proto';
import { generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { mp3Of, startTestService, steppingClock, type TestService } from '../../test/conversations-test-kit.ts';

const ALICE = 101;
const BOB = 202;

describe('conversation threads and saves over REST', () => {
  let service: TestService;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService({ deps: { clock: steppingClock() } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    service.app.inject({ method, url, headers, payload: payload === undefined ? undefined : (payload as object) });
  const createThread = async (headers: Record<string, string>) => {
    const response = await inject('POST', '/api/conversation-threads', headers);
    expect(response.statusCode).toBe(201);
    return response.json<{ threadId: number; title: string }>().threadId;
  };
  const save = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
    inject('POST', '/api/conversations', { ...headers, ...extra }, body);
  const items = async (headers: Record<string, string>, threadId: number) => {
    const response = await inject('GET', `/api/conversation-threads/${threadId}`, headers);
    expect(response.statusCode).toBe(200);
    return threadItemsResponseSchema.parse(response.json());
  };
  const list = async (headers: Record<string, string>, query = '') => {
    const response = await inject('GET', `/api/conversation-threads${query}`, headers);
    expect(response.statusCode).toBe(200);
    return threadListResponseSchema.parse(response.json());
  };
  const pendingEvents = () => service.deps.storage.outbox.pendingEvents(10_000);

  it('refuses a request without a gateway-signed identity, or with one signed by another key', async () => {
    const anonymous = await inject('GET', '/api/conversation-threads', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });
    const forger = await importPrivateKey(generateSigningKeyPair().privateKey);
    const forged = await inject('GET', '/api/conversation-threads', {
      [IDENTITY_HEADER]: await signIdentity({ userId: ALICE, isAdmin: true, sessionId: 'x' }, forger),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('creates a thread titled "New Conversation" and lists only the caller’s threads, newest first', async () => {
    const first = await createThread(alice);
    const second = await createThread(alice);
    const bobs = await createThread(bob);
    const response = await inject('POST', '/api/conversation-threads', alice);
    expect(response.json()).toEqual({ threadId: expect.any(Number), title: 'New Conversation' });
    const third = response.json<{ threadId: number }>().threadId;

    // A generic client helper may send Content-Type: application/json with no body.
    const bodiless = await service.app.inject({
      method: 'POST',
      url: '/api/conversation-threads',
      headers: { ...alice, 'content-type': 'application/json' },
      payload: '',
    });
    expect(bodiless.statusCode).toBe(201);
    const fourth = bodiless.json<{ threadId: number }>().threadId;

    // Only threads with a saved message are listed (issue 11): an empty one is no story.
    const empty = await createThread(alice);
    for (const threadId of [first, second, third, fourth])
      expect((await save(alice, { threadId, userMessage: 'Hello', aiResponse: 'Hi there' })).statusCode).toBe(201);
    const threads = await list(alice);
    expect(threads.map((t) => t.id)).toEqual([fourth, third, second, first]);
    expect(threads.every((t) => t.deleted === false)).toBe(true);
    expect(threads.map((t) => t.id)).not.toContain(bobs);
    expect(threads.map((t) => t.id)).not.toContain(empty);
    expect((await inject('GET', `/api/conversation-threads/${empty}`, alice)).json()).toEqual([]);

    // Saving to the oldest moves it to the top.
    expect((await save(alice, { threadId: first, userMessage: 'Hello', aiResponse: 'Hi there' })).statusCode).toBe(201);
    expect((await list(alice)).map((t) => t.id)).toEqual([first, fourth, third, second]);
  });

  it('saves message pairs, returns them oldest first and writes a story.saved event with each', async () => {
    const threadId = await createThread(alice);
    const one = await save(alice, { threadId, userMessage: 'I led the migration to Postgres.', aiResponse: 'What did you do first?' });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toEqual({ id: expect.any(Number), threadId, message: 'Conversation saved successfully' });
    const before = (await list(alice)).find((t) => t.id === threadId);
    const answerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const two = await save(alice, {
      threadId,
      userMessage: 'I wrote a plan.',
      aiResponse: 'How did it turn out?',
      audioResponse: mp3Of(1000).toString('base64'),
      answerId,
    });
    expect(two.statusCode).toBe(201);

    const saved = await items(alice, threadId);
    // Issue 12: a pair keeps its answer's id, so the thread read finds each answer's feedback again.
    expect(saved.map((item) => item.answerId)).toEqual([null, answerId]);
    expect(saved.map((item) => item.userMessage)).toEqual(['I led the migration to Postgres.', 'I wrote a plan.']);
    expect(saved[0]?.audioResponse).toBeNull();
    // Issue 7: the spoken reply is served at its own URL, never inside a thread read.
    expect(saved[1]?.audioResponse).toBeNull();
    expect(saved[1]?.audioUrl).toBe(messageAudioPath(threadId, two.json<{ id: number }>().id));
    const after = (await list(alice)).find((t) => t.id === threadId);
    expect(after && before && after.lastUpdated > before.lastUpdated).toBe(true);

    const events = (await pendingEvents())
      .filter((e) => e.subject === EVENT_SUBJECTS.storySaved)
      .map((e) => storySavedEventSchema.parse(JSON.parse(e.payload)));
    const event = events.find((e) => e.storyKey === `conversation:${one.json<{ id: number }>().id}`);
    expect(event).toMatchObject({ userId: ALICE, threadId, sourceType: 'conversation' });
    expect(event?.content).toContain('I led the migration to Postgres.');
    expect(event?.content).toContain('What did you do first?');
  });

  it('answers 404 for another user’s thread or an unknown id, 400 for an id that is not a number — and changes nothing', async () => {
    const bobsThread = await createThread(bob);
    await save(bob, { threadId: bobsThread, userMessage: 'Bob’s secret', aiResponse: 'Noted' });
    const eventsBefore = (await pendingEvents()).length;
    const notFound = { message: 'Conversation thread not found' };

    for (const [method, url, body] of [
      ['GET', `/api/conversation-threads/${bobsThread}`, undefined],
      ['PATCH', `/api/conversation-threads/${bobsThread}/title`, { title: 'Mine now' }],
      ['DELETE', `/api/conversation-threads/${bobsThread}`, undefined],
      ['POST', `/api/conversation-threads/${bobsThread}/recover`, undefined],
      ['GET', '/api/conversation-threads/999999', undefined],
    ] as const) {
      const response = await inject(method, url, alice, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const foreignSave = await save(alice, { threadId: bobsThread, userMessage: 'Sneaky', aiResponse: 'No' });
    expect(foreignSave.statusCode).toBe(404);
    expect(foreignSave.json()).toEqual(notFound);

    for (const bad of ['abc', '1.5', '0', '-3', '1e400', '12abc']) {
      const response = await inject('GET', `/api/conversation-threads/${bad}`, alice);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Id /);
    }

    const bobsItems = await items(bob, bobsThread);
    expect(bobsItems.map((i) => i.userMessage)).toEqual(['Bob’s secret']);
    expect((await list(bob)).find((t) => t.id === bobsThread)).toMatchObject({ title: 'New Conversation', deleted: false });
    expect((await pendingEvents()).length).toBe(eventsBefore);
  });

  it('renames a thread; an empty or whitespace title is refused with the spec’s message', async () => {
    const threadId = await createThread(alice);
    expect((await save(alice, { threadId, userMessage: 'I moved us to Postgres.', aiResponse: 'Why?' })).statusCode).toBe(201);
    const renamed = await inject('PATCH', `/api/conversation-threads/${threadId}/title`, alice, { title: '  Leading the migration  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: threadId, title: 'Leading the migration', deleted: false });

    for (const body of [{ title: '' }, { title: '   ' }, {}, { title: 42 }, { title: { $gt: '' } }]) {
      const response = await inject('PATCH', `/api/conversation-threads/${threadId}/title`, alice, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Title cannot be empty' });
    }
    const tooLong = await inject('PATCH', `/api/conversation-threads/${threadId}/title`, alice, { title: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect((await list(alice)).find((t) => t.id === threadId)?.title).toBe('Leading the migration');
  });

  it('soft-deletes and recovers a thread, with one event each, and refuses saves to a deleted thread', async () => {
    const threadId = await createThread(alice);
    await save(alice, { threadId, userMessage: 'Before delete', aiResponse: 'ok' });

    const deleted = await inject('DELETE', `/api/conversation-threads/${threadId}`, alice);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Conversation moved to deleted items' });
    expect((await list(alice, '?deleted=true')).map((t) => t.id)).toContain(threadId);
    expect((await list(alice, '?deleted=false')).map((t) => t.id)).not.toContain(threadId);
    expect((await list(alice)).find((t) => t.id === threadId)?.deleted).toBe(true);
    // Deleted threads stay readable.
    expect((await items(alice, threadId)).map((i) => i.userMessage)).toEqual(['Before delete']);

    const refused = await save(alice, { threadId, userMessage: 'After delete', aiResponse: 'no' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Conversation thread is deleted' });
    // Deleting again changes nothing and emits nothing more.
    expect((await inject('DELETE', `/api/conversation-threads/${threadId}`, alice)).statusCode).toBe(200);

    const recovered = await inject('POST', `/api/conversation-threads/${threadId}/recover`, alice);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ message: 'Conversation recovered successfully' });
    expect((await list(alice, '?deleted=false')).map((t) => t.id)).toContain(threadId);
    expect((await save(alice, { threadId, userMessage: 'After recover', aiResponse: 'yes' })).statusCode).toBe(201);

    const threadEvents = (await pendingEvents())
      .filter((e) => e.subject === EVENT_SUBJECTS.threadDeleted || e.subject === EVENT_SUBJECTS.threadRecovered)
      .map((e) => ({ subject: e.subject, payload: threadEventSchema.parse(JSON.parse(e.payload)) }))
      .filter((e) => e.payload.threadId === threadId);
    expect(threadEvents.map((e) => e.subject)).toEqual([EVENT_SUBJECTS.threadDeleted, EVENT_SUBJECTS.threadRecovered]);
    expect(threadEvents.every((e) => e.payload.userId === ALICE)).toBe(true);

    const badFilter = await inject('GET', '/api/conversation-threads?deleted=maybe', alice);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toEqual({ message: 'deleted must be true or false' });
  });

  it('refuses bad saves with a clear 400 and stores nothing', async () => {
    const threadId = await createThread(alice);
    const eventsBefore = (await pendingEvents()).length;
    const cases: [unknown, RegExp][] = [
      [{ threadId, userMessage: '', aiResponse: 'x' }, /^userMessage cannot be empty$/],
      [{ threadId, userMessage: '   ', aiResponse: 'x' }, /^userMessage cannot be empty$/],
      [{ threadId, userMessage: 'x'.repeat(100 * 1024), aiResponse: 'x' }, /^userMessage must be at most/],
      [{ threadId, userMessage: 'x', aiResponse: 'y'.repeat(100 * 1024) }, /^aiResponse must be at most/],
      [{ threadId, aiResponse: 'x' }, /^userMessage is required$/],
      [{ threadId: 'abc', userMessage: 'x', aiResponse: 'y' }, /^Id must be a number$/],
      [{ threadId: { $gt: '' }, userMessage: 'x', aiResponse: 'y' }, /^Id must be a number$/],
      [{ threadId, userMessage: { $ne: null }, aiResponse: 'y' }, /^userMessage is required$/],
      [{ userMessage: 'x', aiResponse: 'y' }, /^Id must be a number$/],
      [{ threadId, userMessage: 'x', aiResponse: 'y', answerId: 'not-a-uuid' }, /^Answer id must be a UUID$/],
      [{ threadId, userMessage: 'x', aiResponse: 'y', answerId: 42 }, /^Answer id must be a UUID$/],
    ];
    for (const [body, message] of cases) {
      const response = await save(alice, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const malformed = await service.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { ...alice, 'content-type': 'application/json' },
      payload: '{"threadId": 1,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
    const huge = await service.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { ...alice, 'content-type': 'application/json' },
      payload: JSON.stringify({ threadId, userMessage: 'x', aiResponse: 'y', audioResponse: 'a'.repeat(11 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);

    expect(await items(alice, threadId)).toEqual([]);
    expect((await pendingEvents()).length).toBe(eventsBefore);
  });

  it('stores every one of many concurrent saves exactly once', async () => {
    const threadId = await createThread(alice);
    const count = 30;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => save(alice, { threadId, userMessage: `message ${i}`, aiResponse: `reply ${i}` })),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const ids = responses.map((r) => r.json<{ id: number }>().id);
    expect(new Set(ids).size).toBe(count);
    const saved = await items(alice, threadId);
    expect(saved).toHaveLength(count);
    expect(new Set(saved.map((s) => s.userMessage))).toEqual(new Set(Array.from({ length: count }, (_, i) => `message ${i}`)));
    const storyKeys = (await pendingEvents())
      .filter((e) => e.subject === EVENT_SUBJECTS.storySaved)
      .map((e) => storySavedEventSchema.parse(JSON.parse(e.payload)).storyKey);
    for (const id of ids) expect(storyKeys.filter((key) => key === `conversation:${id}`)).toHaveLength(1);
  });

  it('stores once per Idempotency-Key and answers a repeat with the first result', async () => {
    const threadId = await createThread(alice);
    const body = { threadId, userMessage: 'Retry me', aiResponse: 'Once only' };
    const first = await save(alice, body, { 'idempotency-key': 'save-123' });
    const again = await save(alice, body, { 'idempotency-key': 'save-123' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const parallel = await Promise.all(Array.from({ length: 5 }, () => save(alice, { ...body, userMessage: 'Parallel' }, { 'idempotency-key': 'save-456' })));
    expect(new Set(parallel.map((r) => r.json<{ id: number }>().id)).size).toBe(1);

    const reused = await save(alice, { ...body, userMessage: 'Something else' }, { 'idempotency-key': 'save-123' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request' });

    // Keys are per user: Bob's "save-123" is his own.
    const bobsThread = await createThread(bob);
    const bobs = await save(bob, { threadId: bobsThread, userMessage: 'Retry me', aiResponse: 'Once only' }, { 'idempotency-key': 'save-123' });
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);

    const badKey = await save(alice, body, { 'idempotency-key': 'x'.repeat(201) });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({ message: 'Idempotency-Key must be 1 to 200 visible ASCII characters' });

    expect((await items(alice, threadId)).map((i) => i.userMessage)).toEqual(['Retry me', 'Parallel']);
    const keys = (await pendingEvents()).filter((e) => e.subject === EVENT_SUBJECTS.storySaved).map((e) => storySavedEventSchema.parse(JSON.parse(e.payload)));
    expect(keys.filter((e) => e.threadId === threadId)).toHaveLength(2);
  });
});

describe('two service instances on one SQLite file', () => {
  it('never lose or double a message when both save at once', async () => {
    const keys = generateSigningKeyPair();
    const one = await startTestService({ keys });
    const two = await startTestService({ keys, dataDir: one.dataDir });
    try {
      const headers = await one.as(ALICE);
      const created = await one.app.inject({ method: 'POST', url: '/api/conversation-threads', headers });
      const threadId = created.json<{ threadId: number }>().threadId;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? one : two).app.inject({
            method: 'POST',
            url: '/api/conversations',
            headers,
            payload: { threadId, userMessage: `m${i}`, aiResponse: `r${i}` },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const listed = await two.app.inject({ method: 'GET', url: `/api/conversation-threads/${threadId}`, headers });
      const saved = threadItemsResponseSchema.parse(listed.json());
      expect(saved).toHaveLength(20);
      expect(new Set(saved.map((s) => s.id)).size).toBe(20);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
