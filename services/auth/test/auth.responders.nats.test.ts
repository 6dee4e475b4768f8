import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, USER_TYPES, SESSION_TTL_SECONDS, SUBJECTS, sessionCheckReplySchema, userSettingsReplySchema } from '@story/proto';
import { natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

let stopNats: () => Promise<void>;
let h: AuthHarness;
/** The service's clock, moved by the tests to reach a session's expiry. */
let clockOffsetMs = 0;

beforeAll(async () => {
  const nats = await startTestNats();
  stopNats = nats.stop;
  h = await startAuthHarness(nats.nats.url, {}, () => new Date(Date.now() + clockOffsetMs));
});

afterAll(async () => {
  await h?.close();
  await stopNats?.();
});

const register = async () => sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() }));

describe(`${SUBJECTS.sessionCheck} responder`, () => {
  it('says valid for a live session and not for an unknown one', async () => {
    const { sessionId, userId } = await register();
    expect(sessionCheckReplySchema.parse(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId }))).toEqual({ valid: true, userId, isAdmin: false });
    // The answer carries the user's admin flag as it is now, not as it was at sign-in.
    await h.storage.users.setAdmin(userId, true);
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toEqual({ valid: true, userId, isAdmin: true });
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId: '00000000-0000-4000-8000-000000000000' })).toEqual({ valid: false });
  });

  it('answers malformed questions with valid:false instead of staying silent', async () => {
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ sessionId: 42 }),
      JSON.stringify({ sessionId: { $gt: '' } }),
      JSON.stringify({ sessionId: '' }),
      JSON.stringify({ sessionId: 'x'.repeat(500) }),
    ]) {
      expect(await natsRequest(h.client, SUBJECTS.sessionCheck, body), body.slice(0, 40)).toEqual({ valid: false });
    }
  });

  it('says not valid once the session has expired', async () => {
    const { sessionId } = await register();
    clockOffsetMs = (SESSION_TTL_SECONDS + 1) * 1000;
    try {
      expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toEqual({ valid: false });
    } finally {
      clockOffsetMs = 0;
    }
    expect(await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })).toMatchObject({ valid: true });
  });

  it('serves in the auth queue group: two instances answer each question once', async () => {
    const second = await startAuthHarness(h.config.NATS_URL);
    try {
      // Both instances are subscribed; a queue group delivers each request to one of them, so a
      // request with a reply inbox we watch gets exactly one answer.
      const inbox = `_INBOX.queue-check.${Date.now()}`;
      const replies: unknown[] = [];
      const subscription = h.client.subscribe(inbox, { callback: (_error, msg) => void replies.push(msg.json()) });
      await h.client.flush();
      for (let i = 0; i < 10; i++) h.client.publish(SUBJECTS.sessionCheck, JSON.stringify({ sessionId: 'unknown' }), { reply: inbox });
      await h.client.flush();
      await expect.poll(() => replies.length).toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(replies).toHaveLength(10);
      subscription.unsubscribe();
    } finally {
      await second.close();
    }
  });
});

describe(`${SUBJECTS.userSettings} responder`, () => {
  it("answers a user's type, time limit and response type", async () => {
    const { userId } = await register();
    const reply = userSettingsReplySchema.parse(await natsRequest(h.client, SUBJECTS.userSettings, { userId }));
    expect(reply).toEqual({
      ok: true,
      userType: 'standard',
      timeLimit: 300,
      responseType: 'text',
      monthlyMinutes: 120,
      features: DEFAULT_PLAN_FEATURES.standard,
      plans: USER_TYPES.map((userType) => ({ userType, features: DEFAULT_PLAN_FEATURES[userType] })),
    });
  });

  it('answers ok:false for an unknown user and for malformed questions', async () => {
    expect(await natsRequest(h.client, SUBJECTS.userSettings, { userId: 987_654 })).toEqual({ ok: false, message: 'User not found' });
    for (const body of ['not json', '{}', JSON.stringify({ userId: '1' }), JSON.stringify({ userId: { $gt: 0 } })]) {
      const reply = userSettingsReplySchema.parse(await natsRequest(h.client, SUBJECTS.userSettings, body));
      expect(reply.ok, body).toBe(false);
    }
  });
});
