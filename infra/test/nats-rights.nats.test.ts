import { randomBytes, randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { pino } from 'pino';
import {
  EVENTS_STREAM,
  EVENT_CONSUMERS,
  EVENT_SUBJECTS,
  NATS_BUCKETS,
  QUEUE_GROUPS,
  SESSION_COOKIE,
  SUBJECTS,
  authResponseSchema,
  sessionCheckReplySchema,
} from '@story/proto';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { ensureEventsStream } from '@story/service-kit/nats';
import { SharedRateLimiter, openSharedBucket, updateShared } from '@story/service-kit/shared-counters';
import { StandInPlans, startServiceForTest } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authService } from '../../services/auth/src/app.ts';
import { conversationsService } from '../../services/conversations/src/app.ts';
import { feedbackService } from '../../services/feedback/src/app.ts';
import { SessionCheckService } from '../../gateway/src/session/session-check.service.ts';
import { permissionViolations, settle, startUsersNats, type UsersNats } from './support/nats-users.ts';

/**
 * Each service's real code path works with its own NATS user and nothing more: the kit's NatsLink
 * connects, auth's responders answer the gateway's session checks, conversations' outbox relay
 * publishes to EVENTS, search reads them with a durable consumer, the KV buckets and the speech
 * object store work, and each request finds its one responder.
 */
let nats: UsersNats;

beforeAll(async () => {
  nats = await startUsersNats();
});
afterAll(async () => {
  await nats?.stop();
});

/** A service's environment for its own NATS user. */
const natsEnv = (user: string) => ({ NATS_USER: user, NATS_PASSWORD: nats.credentials(user).pass });

/** The session cookie's token in a Set-Cookie header. */
function sessionTokenOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((header) => header.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return /^[^=]+=([^;]+)/.exec(line)?.[1] ?? '';
}

/** The session id inside a session token (its payload, not verified: auth made it a moment ago). */
function sessionIdOf(token: string): string {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (typeof payload !== 'object' || payload === null || !('sid' in payload)) throw new Error('no session in the cookie');
  return String(payload.sid);
}

describe('auth and the gateway, each as its own user', () => {
  it('answers the gateway’s session checks and tells it of a logout', async () => {
    const sessionKeys = generateSigningKeyPair();
    const auth = await startServiceForTest(authService, {
      natsUrl: nats.server.url,
      env: { ...natsEnv('auth'), SESSION_PRIVATE_KEY: sessionKeys.privateKey, SESSION_PUBLIC_KEY: sessionKeys.publicKey },
    });
    const gateway = await nats.connectAs('gateway');
    const checks = new SessionCheckService(gateway, pino({ level: 'silent' }));
    checks.start();
    const revoked: string[] = [];
    checks.onRevoked((sessionId) => revoked.push(sessionId));
    try {
      const registered = await auth.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email: `nats.${Date.now()}@gmail.com`, firstName: 'Ada', lastName: 'Lovelace', password: 'Stories4ever!' },
      });
      expect(registered.statusCode).toBe(201);
      const token = sessionTokenOf(registered.headers['set-cookie']);
      const sessionId = sessionIdOf(token);
      const expires = Math.floor(Date.now() / 1000) + 3600;
      expect(await checks.check(sessionId, expires)).toEqual({ valid: true, isAdmin: false });
      expect(await checks.check('not-a-session', expires)).toEqual({ valid: false });

      const userId = authResponseSchema.parse(registered.json()).user.id;
      const userSettings = await (await nats.connectAs('conversations')).request(SUBJECTS.userSettings, JSON.stringify({ userId }), { timeout: 2000 });
      expect(userSettings.json()).toMatchObject({ ok: true, userType: 'standard' });

      const logout = await auth.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(logout.statusCode).toBe(200);
      await expect.poll(() => revoked).toEqual([sessionId]);
      expect(await checks.check(sessionId, expires)).toEqual({ valid: false });
      const asked = await gateway.request(SUBJECTS.sessionCheck, JSON.stringify({ sessionId }), { timeout: 2000 });
      expect(sessionCheckReplySchema.parse(asked.json())).toEqual({ valid: false });
    } finally {
      await auth.close();
    }
  });

  it('keeps the gateway’s budgets and auth’s throttles in their KV buckets, each out of the other’s reach', async () => {
    const gateway = await nats.connectAs('gateway');
    const budgets = new SharedRateLimiter(await openSharedBucket(gateway, NATS_BUCKETS.budgets, 120_000), 60_000);
    expect(await budgets.take('ai.user.7', 2, 3)).toMatchObject({ allowed: true, remaining: 1 });
    expect((await budgets.take('ai.user.7', 2, 3)).allowed).toBe(false);

    const auth = await nats.connectAs('auth');
    const throttles = await openSharedBucket(auth, NATS_BUCKETS.authThrottles, 60_000);
    await updateShared<number>(throttles, 'login.ip.1', (failures) => (failures ?? 0) + 1);
    expect((await updateShared<number>(throttles, 'login.ip.1', (failures) => (failures ?? 0) + 1)).value).toBe(2);

    const conversations = await nats.connectAs('conversations');
    const violations = permissionViolations(conversations);
    await expect(openSharedBucket(conversations, NATS_BUCKETS.budgets, 120_000)).rejects.toThrow();
    await expect(openSharedBucket(auth, NATS_BUCKETS.budgets, 120_000)).rejects.toThrow();
    await expect(openSharedBucket(gateway, NATS_BUCKETS.authThrottles, 60_000)).rejects.toThrow();
    conversations.publish(`$KV.${NATS_BUCKETS.budgets}.ai.user.7`, JSON.stringify({ window: 0, count: 0 }));
    await settle(conversations);
    expect(violations).toContain(`publish $KV.${NATS_BUCKETS.budgets}.ai.user.7`);
  });
});

describe('events: conversations publishes, search reads', () => {
  it('relays conversations’ outbox to EVENTS, and search consumes it with explicit acks', async () => {
    const conversations = await startServiceForTest(conversationsService, {
      natsUrl: nats.server.url,
      env: { ...natsEnv('conversations'), OUTBOX_RELAY_INTERVAL_MS: '100' },
      deps: { runPurgeJob: false },
    });
    try {
      const headers = await conversations.as(42);
      const thread = (await conversations.app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>();
      const saved = await conversations.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers,
        payload: { threadId: thread.threadId, userMessage: 'I led a team', aiResponse: 'Tell me more' },
      });
      expect(saved.statusCode).toBe(201);
      await expect.poll(() => conversations.deps.storage.outbox.countPendingEvents(), { timeout: 10_000 }).toBe(0);
    } finally {
      await conversations.close();
    }

    const search = await nats.connectAs('search');
    const jsm = await jetstreamManager(search);
    await ensureEventsStream(search);
    await jsm.consumers.add(EVENTS_STREAM, { durable_name: EVENT_CONSUMERS.searchIndexer, ack_policy: AckPolicy.Explicit });
    const consumer = await jetstream(search).consumers.get(EVENTS_STREAM, EVENT_CONSUMERS.searchIndexer);
    const subjects: string[] = [];
    for await (const message of await consumer.fetch({ max_messages: 10, expires: 1000 })) {
      subjects.push(message.subject);
      await message.ackAck();
    }
    expect(subjects).toContain(EVENT_SUBJECTS.storySaved);
    expect((await consumer.info()).num_ack_pending).toBe(0);

    const violations = permissionViolations(search);
    await expect(jsm.consumers.add(EVENTS_STREAM, { durable_name: 'someone-else', ack_policy: AckPolicy.Explicit })).rejects.toThrow();
    expect(violations).toContain(`publish $JS.API.CONSUMER.CREATE.${EVENTS_STREAM}.someone-else`);
  });
});

describe('answers: conversations publishes, feedback scores them', () => {
  it('scores an answer conversations published, with feedback’s own durable consumer; feedback may publish no event', async () => {
    // Published as the conversations user (a second conversations service here would reuse the outbox
    // ids of the one above, and the stream's duplicate window would drop its first event).
    const conversations = await nats.connectAs('conversations');
    await ensureEventsStream(conversations);
    const answerId = randomUUID();
    const event = {
      answerId,
      userId: 43,
      question: 'What did you change?',
      answer: 'I rebuilt the rota and waits fell from 40 minutes to 12.',
      source: 'typed',
      answeredAt: new Date().toISOString(),
    };
    await jetstream(conversations, { timeout: 2000 }).publish(EVENT_SUBJECTS.answerGiven, JSON.stringify(event));
    // Feedback on an interview answer asks auth whether the plan includes it (issue 36): answered as the auth user.
    const auth = await nats.connectAs('auth');
    new StandInPlans().put(43, 'standard').answerOn(auth);
    await auth.flush();
    const feedback = await startServiceForTest(feedbackService, { natsUrl: nats.server.url, env: natsEnv('feedback') });
    try {
      const headers = await feedback.as(43);
      await expect
        .poll(async () => (await feedback.app.inject({ method: 'GET', url: `/api/feedback/${answerId}`, headers })).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(200);
    } finally {
      await feedback.close();
    }

    const user = await nats.connectAs('feedback');
    const violations = permissionViolations(user);
    user.publish(EVENT_SUBJECTS.answerGiven, '{}');
    user.publish(EVENT_SUBJECTS.userDeleted, '{}');
    await settle(user);
    expect(violations).toEqual(expect.arrayContaining([`publish ${EVENT_SUBJECTS.answerGiven}`, `publish ${EVENT_SUBJECTS.userDeleted}`]));
  });
});

describe('the planned services’ users', () => {
  const serveOnce = (nc: NatsConnection, subject: string, queue: string, reply: unknown) => {
    nc.subscribe(subject, { queue, callback: (_error, msg) => void msg.respond(JSON.stringify(reply)) });
    return settle(nc);
  };

  it('let jobs answer snippet owners and publish its own events', async () => {
    const jobs = await nats.connectAs('jobs');
    await serveOnce(jobs, SUBJECTS.snippetOwner, QUEUE_GROUPS.jobs, { ok: false, message: 'Snippet not found' });
    const conversations = await nats.connectAs('conversations');
    expect((await conversations.request(SUBJECTS.snippetOwner, JSON.stringify({ snippetId: 1, userId: 1 }), { timeout: 2000 })).json()).toEqual({
      ok: false,
      message: 'Snippet not found',
    });
    await ensureEventsStream(jobs);
    const ack = await jetstream(jobs, { timeout: 2000 }).publish(
      EVENT_SUBJECTS.snippetDeleted,
      JSON.stringify({ userId: 1, snippetId: 1, at: new Date().toISOString() }),
    );
    expect(ack.stream).toBe(EVENTS_STREAM);
  });

  it('let speech serve its queue group, ask conversations for a reply, and keep audio in its object store', async () => {
    const worker = await nats.connectAs('speech');
    await serveOnce(worker, SUBJECTS.speechTranscribe, QUEUE_GROUPS.speech, { text: 'hello' });
    const conversations = await nats.connectAs('conversations');
    await serveOnce(conversations, SUBJECTS.chatReply, QUEUE_GROUPS.conversations, { reply: 'Tell me more' });

    const front = await nats.connectAs('speech');
    expect((await front.request(SUBJECTS.speechTranscribe, '{}', { timeout: 2000 })).json()).toEqual({ text: 'hello' });
    expect((await front.request(SUBJECTS.chatReply, '{}', { timeout: 2000 })).json()).toEqual({ reply: 'Tell me more' });

    // Megabytes enough that the ordered consumer reading it back gets flow-control requests to answer.
    const audio = new Uint8Array(randomBytes(16 * 1024 * 1024));
    const store = await new Objm(front).create(NATS_BUCKETS.speechAudio, { ttl: 60 * 1_000_000_000 });
    await store.putBlob({ name: 'answer.webm' }, audio);
    const workerViolations = permissionViolations(worker);
    const read = await (await new Objm(worker).open(NATS_BUCKETS.speechAudio)).getBlob('answer.webm');
    expect(workerViolations).toEqual([]);
    expect(read?.length).toBe(audio.length);
    expect(Buffer.from(read ?? []).equals(Buffer.from(audio))).toBe(true);
    await store.delete('answer.webm');
    expect((await store.info('answer.webm'))?.deleted).toBe(true);
    expect(await store.getBlob('answer.webm')).toBeNull();

    const violations = permissionViolations(conversations);
    await expect(new Objm(conversations).open(NATS_BUCKETS.speechAudio)).rejects.toThrow();
    expect(violations).toContain(`publish $JS.API.STREAM.INFO.OBJ_${NATS_BUCKETS.speechAudio}`);
  });
});
