import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM, EVENT_CONSUMERS, EVENT_SUBJECTS, type SnippetExchange } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { startTestService, type TestService } from './conversations-test-kit.ts';
import { waitFor } from './event-stream-reader.ts';

const USER = 8;
const OTHER = 9;
const exchange = (n: number): SnippetExchange => ({ userMessage: `answer ${n}`, aiResponse: `question ${n}`, timestamp: `2024-05-0${n}T10:00:00.000Z` });

/**
 * The jobs service deletes a job description with its snippets and says so on EVENTS; the
 * conversations service's durable consumer deletes those snippets' practice conversations.
 */
describe('snippet clean-up from events.snippet.deleted, with a real nats-server', () => {
  const dir = tempDataDir('conversations-cleanup-');
  const serviceDir = join(dir, 'service');
  let nats: NatsServerHandle;
  let service: TestService | undefined;
  let publisher: NatsConnection;

  const start = async () => {
    service = await startTestService({ natsUrl: nats.url, dataDir: serviceDir });
    return service;
  };
  const repository = () => {
    if (!service) throw new Error('service not started');
    return service.deps.storage.snippetConversations;
  };
  const publish = (payload: unknown) => jetstream(publisher).publish(EVENT_SUBJECTS.snippetDeleted, JSON.stringify(payload));
  const save = (userId: number, snippetId: number, n: number) =>
    repository().saveSnippetConversation({ userId, snippetId, history: [exchange(n)], now: `2024-05-0${n}T10:00:00.000Z` }, () => []);
  const count = async (userId: number, snippetId: number) => (await repository().listSnippetConversations(userId, snippetId)).length;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    await start();
    publisher = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await publisher?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes the conversations of a deleted snippet of that user only, and skips a malformed event', async () => {
    await save(USER, 11, 1);
    await save(USER, 11, 2);
    await save(USER, 12, 3);
    await save(OTHER, 11, 4);
    await publisher.publish(EVENT_SUBJECTS.snippetDeleted, 'not json');
    await publish({ userId: USER, snippetId: 'eleven' });
    await publish({ userId: USER, snippetId: 11, at: new Date().toISOString() });
    await waitFor(async () => (await count(USER, 11)) === 0, 'snippet 11’s conversations to go');
    expect(await count(USER, 12)).toBe(1);
    expect(await count(OTHER, 11)).toBe(1);
    // The same event again deletes nothing more.
    await publish({ userId: USER, snippetId: 11, at: new Date().toISOString() });
    const jsm = await jetstreamManager(publisher);
    await waitFor(
      async () =>
        (await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.snippetCleanup)).num_ack_pending === 0 &&
        (await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.snippetCleanup)).num_pending === 0,
      'every event to be acked or dropped',
    );
    expect(await count(USER, 12)).toBe(1);
  });

  it('handles an event published while the service was down once it is back', async () => {
    await service?.close();
    service = undefined;
    await publish({ userId: OTHER, snippetId: 11, at: new Date().toISOString() });
    await start();
    await waitFor(async () => (await count(OTHER, 11)) === 0, 'the event published during the outage');
    expect(await count(USER, 12)).toBe(1);
  });
});
