import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SUBJECTS } from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNatsCredentials } from '../src/nats-auth.ts';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * The attack of issue 7, item 2: a process that reaches the NATS port answers `auth.session.check`
 * with "valid, admin" before auth does, and an ordinary user reads every user's e-mail from
 * `GET /api/users`. NATS now knows each service as its own user; a stranger cannot connect at all.
 */
let stack: StandardStack;

beforeAll(async () => {
  stack = await standardStack();
});
afterAll(async () => {});

/** Connects as the rogue would, answering every session check "valid, admin"; counts its answers. */
async function startRogueAnswerer(options: {
  user?: string;
  pass?: string;
}): Promise<{ nc: NatsConnection | undefined; refusal: () => unknown; answers: () => number }> {
  let answered = 0;
  let nc: NatsConnection | undefined;
  let refusal: unknown;
  try {
    nc = await connect({ servers: stack.natsUrl, ...options, maxReconnectAttempts: 0 });
  } catch (error) {
    refusal = error;
  }
  nc?.subscribe(SUBJECTS.sessionCheck, {
    callback: (error, msg) => {
      if (error) {
        refusal = error;
        return;
      }
      answered += 1;
      msg.respond(JSON.stringify({ valid: true, userId: 1, isAdmin: true }));
    },
  });
  await nc?.flush().catch(() => undefined);
  return { nc, refusal: () => refusal, answers: () => answered };
}

const signUp = async () => {
  const user = new ApiClient(stack.gatewayUrl);
  const reply = await user.post('/api/users/register', { email: uniqueEmail('victim'), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD });
  expect(reply.status).toBe(201);
  return user;
};

describe('NATS is not open to strangers', () => {
  it('keeps an anonymous client off NATS, so it cannot make an ordinary user an admin', async () => {
    const rogue = await startRogueAnswerer({});
    const user = await signUp();
    const users = await user.get('/api/users');
    await rogue.nc?.close();
    expect(users.status, JSON.stringify(users.body).slice(0, 200)).toBe(403);
    expect(users.body).toEqual({ message: 'Admin access required' });
    expect(rogue.answers()).toBe(0);
    expect(rogue.nc).toBeUndefined();
    expect(String(rogue.refusal())).toMatch(/authorization/i);
  });

  it('keeps a service that was broken into from answering for auth: its NATS user may not subscribe there', async () => {
    const conversations = { user: 'conversations', pass: ensureNatsCredentials(stack.dataDir).conversations };
    const rogue = await startRogueAnswerer(conversations);
    const user = await signUp();
    const users = await user.get('/api/users');
    await rogue.nc?.close();
    expect(users.status, JSON.stringify(users.body).slice(0, 200)).toBe(403);
    expect(rogue.answers()).toBe(0);
    expect(String(rogue.refusal())).toMatch(/permissions violation/i);
  });
});
