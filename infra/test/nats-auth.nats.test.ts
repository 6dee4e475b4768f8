import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENT_SUBJECTS, QUEUE_GROUPS, SUBJECTS } from '@story/proto';
import { ensureEventsStream } from '@story/service-kit/nats';
import { NatsLink } from '@story/service-kit/nats-link';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionViolations, settle, startUsersNats, type UsersNats } from './support/nats-users.ts';

/**
 * NATS's own authorization, with the configuration `make run` generates from the registry, on the real
 * nats-server: strangers cannot connect, and each service may only publish and answer what is its own.
 */
let nats: UsersNats;

beforeAll(async () => {
  nats = await startUsersNats();
});
afterAll(async () => {
  await nats?.stop();
});

const answerValidAdmin = (msg: Msg): void => {
  msg.respond(JSON.stringify({ valid: true, userId: 1, isAdmin: true }));
};

/** Resolves to the messages `nc` received on `subject` while `act` ran (and the server had time to deliver). */
async function heardOn(nc: NatsConnection, subject: string, act: () => Promise<void>): Promise<string[]> {
  const heard: string[] = [];
  const subscription = nc.subscribe(subject, { callback: (_error, msg) => void heard.push(msg.string()) });
  await settle(nc);
  await act();
  await settle(nc);
  subscription.unsubscribe();
  return heard;
}

describe('connecting to NATS', () => {
  it('refuses a client without credentials and one with a wrong password', async () => {
    await expect(connect({ servers: nats.server.url, maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: nats.server.url, user: 'auth', pass: 'guess', maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: nats.server.url, user: 'conversations', pass: nats.credentials('auth').pass, maxReconnectAttempts: 0 })).rejects.toThrow(
      /authorization/i,
    );
  });

  it('lets a service’s NatsLink in with its own password, and says so plainly when NATS refuses one', async () => {
    const base = { NATS_URL: nats.server.url, NATS_USER: 'auth' };
    const link = NatsLink.forService({ ...base, NATS_PASSWORD: nats.credentials('auth').pass }, 'auth');
    link.start(pino({ level: 'silent' }));
    await link.ready();
    await link.close();

    const lines: string[] = [];
    const refused = NatsLink.forService({ ...base, NATS_PASSWORD: 'stale' }, 'auth');
    refused.start(pino({ level: 'error' }, { write: (line: string) => void lines.push(line) }));
    await expect.poll(() => lines.join(''), { timeout: 5000 }).toContain('NATS refused this process (NATS_USER / NATS_PASSWORD)');
    expect(refused.nc).toBeUndefined();
    await refused.close();
  });
});

describe('session checks', () => {
  it('are answered by auth for the gateway', async () => {
    const auth = await nats.connectAs('auth');
    const gateway = await nats.connectAs('gateway');
    auth.subscribe(SUBJECTS.sessionCheck, { queue: QUEUE_GROUPS.auth, callback: (_error, msg) => void msg.respond(JSON.stringify({ valid: false })) });
    await settle(auth);
    const reply = await gateway.request(SUBJECTS.sessionCheck, JSON.stringify({ sessionId: 's' }), { timeout: 2000 });
    expect(reply.json()).toEqual({ valid: false });
    await auth.close();
  });

  it('cannot be answered by conversations or the gateway: their subscriptions are refused', async () => {
    for (const user of ['conversations', 'gateway']) {
      const rogue = await nats.connectAs(user);
      const violations = permissionViolations(rogue);
      const refused = new Promise<unknown>((resolve) =>
        rogue.subscribe(SUBJECTS.sessionCheck, { callback: (error, msg) => (error ? resolve(error) : answerValidAdmin(msg)) }),
      );
      await settle(rogue);
      expect(String(await refused), user).toMatch(/permissions violation/i);
      expect(violations, user).toContain(`subscription ${SUBJECTS.sessionCheck}`);
    }
    // With auth away, the gateway's question finds nobody to answer it (and so fails closed).
    const gateway = await nats.connectAs('gateway');
    await expect(gateway.request(SUBJECTS.sessionCheck, JSON.stringify({ sessionId: 's' }), { timeout: 1000 })).rejects.toThrow(/no responders|timeout/i);
  });

  it('cannot be asked by conversations, and no one but auth announces a revocation', async () => {
    const gateway = await nats.connectAs('gateway');
    for (const user of ['conversations', 'gateway']) {
      const other = await nats.connectAs(user);
      const violations = permissionViolations(other);
      const heard = await heardOn(gateway, SUBJECTS.sessionRevoked, async () => {
        other.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId: 'victim' }));
        await settle(other);
      });
      expect(heard, user).toEqual([]);
      expect(violations, user).toContain(`publish ${SUBJECTS.sessionRevoked}`);
    }
    const conversations = await nats.connectAs('conversations');
    const violations = permissionViolations(conversations);
    await expect(conversations.request(SUBJECTS.sessionCheck, '{}', { timeout: 1000 })).rejects.toThrow();
    expect(violations).toContain(`publish ${SUBJECTS.sessionCheck}`);

    const auth = await nats.connectAs('auth');
    const heard = await heardOn(gateway, SUBJECTS.sessionRevoked, async () => {
      auth.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId: 'victim' }));
      await settle(auth);
    });
    expect(heard).toEqual([JSON.stringify({ sessionId: 'victim' })]);
  });
});

describe('replies', () => {
  it('are readable only under the asker’s own inbox prefix', async () => {
    const conversations = await nats.connectAs('conversations');
    const violations = permissionViolations(conversations);
    conversations.subscribe('_INBOX.>');
    conversations.subscribe('_INBOX.gateway.>');
    await settle(conversations);
    expect(violations).toEqual(['subscription _INBOX.>', 'subscription _INBOX.gateway.>']);
  });

  it('go only to a request received: a responder cannot publish to an inbox on its own', async () => {
    const auth = await nats.connectAs('auth');
    const gateway = await nats.connectAs('gateway');
    const violations = permissionViolations(auth);
    const heard = await heardOn(gateway, '_INBOX.gateway.forged', async () => {
      auth.publish('_INBOX.gateway.forged', JSON.stringify({ valid: true, isAdmin: true }));
      await settle(auth);
    });
    expect(heard).toEqual([]);
    expect(violations).toContain('publish _INBOX.gateway.forged');
  });
});

describe('domain events', () => {
  const storedSubjects = async (nc: NatsConnection) => {
    const info = await (await jetstreamManager(nc)).streams.info(EVENTS_STREAM, { subjects_filter: '>' });
    return Object.keys(info.state.subjects ?? {});
  };

  it('are published only by the owner of their subjects', async () => {
    const conversations = await nats.connectAs('conversations');
    await ensureEventsStream(conversations);
    const js = jetstream(conversations, { timeout: 1500 });
    await js.publish(EVENT_SUBJECTS.storySaved, '{}');
    await js.publish(EVENT_SUBJECTS.threadDeleted, '{}');
    await expect(js.publish(EVENT_SUBJECTS.userDeleted, '{}')).rejects.toThrow();
    await expect(js.publish(EVENT_SUBJECTS.snippetDeleted, '{}')).rejects.toThrow();
    const search = await nats.connectAs('search');
    await expect(jetstream(search, { timeout: 1500 }).publish(EVENT_SUBJECTS.storySaved, '{}')).rejects.toThrow();

    const auth = await nats.connectAs('auth');
    await jetstream(auth, { timeout: 1500 }).publish(EVENT_SUBJECTS.userDeleted, '{}');
    expect((await storedSubjects(conversations)).sort()).toEqual([EVENT_SUBJECTS.storySaved, EVENT_SUBJECTS.threadDeleted, EVENT_SUBJECTS.userDeleted].sort());
  });

  it('cannot be rewritten through the JetStream API: no stream deletes, purges or rival streams', async () => {
    const conversations = await nats.connectAs('conversations');
    const violations = permissionViolations(conversations);
    const jsm = await jetstreamManager(conversations, { timeout: 1000 });
    await expect(jsm.streams.purge(EVENTS_STREAM)).rejects.toThrow();
    await expect(jsm.streams.delete(EVENTS_STREAM)).rejects.toThrow();
    await expect(jsm.streams.add({ name: 'RIVAL', subjects: ['events.user.>'] })).rejects.toThrow();
    await expect(jsm.streams.update(EVENTS_STREAM, { subjects: ['events.>', 'auth.>'] })).rejects.toThrow();
    expect(violations).toEqual(
      expect.arrayContaining([
        `publish $JS.API.STREAM.PURGE.${EVENTS_STREAM}`,
        `publish $JS.API.STREAM.DELETE.${EVENTS_STREAM}`,
        'publish $JS.API.STREAM.CREATE.RIVAL',
      ]),
    );
    expect((await storedSubjects(conversations)).length).toBeGreaterThan(0);
  });
});
