import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import { sqliteFile } from '@story/service-kit';
import { freePort, startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { tempDataDir } from '@story/testing/service-under-test';
import { startTestService, type TestService } from './conversations-test-kit.ts';
import { readAllEvents, waitFor } from './event-stream-reader.ts';

const USER = 42;

/**
 * The outbox promise, against the real nats-server: saves succeed while NATS is down, and every
 * event reaches the JetStream stream exactly once when it comes back — no loss, no duplicate.
 */
/** A temporary folder, a nats-server and a service that a describe block starts as it needs, all stopped after it. */
function outboxScene(prefix: string) {
  const scene: { dir: string; nats: NatsServerHandle | undefined; service: TestService | undefined } = {
    dir: tempDataDir(prefix),
    nats: undefined,
    service: undefined,
  };
  afterAll(async () => {
    await scene.service?.close();
    await scene.nats?.stop();
    rmSync(scene.dir, { recursive: true, force: true });
  });
  return scene;
}

describe('outbox relay with a real nats-server that stops and starts', () => {
  const scene = outboxScene('conversations-outbox-');
  const { dir } = scene;
  const storeDir = join(dir, 'nats');

  it('publishes every event exactly once across a NATS outage', async () => {
    const port = await freePort();
    let nats = (scene.nats = await startNatsServer({ storeDir, port }));
    const service = (scene.service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'service'), env: { OUTBOX_RELAY_INTERVAL_MS: '100' } }));
    const { app, deps } = service;
    await deps.nats.ready();
    const headers = await service.as(USER);
    const pending = () => deps.storage.outbox.countPendingEvents();
    const savedIds: number[] = [];

    const newThread = async () => (await app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId;
    const save = async (threadId: number, text: string) => {
      const started = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers,
        payload: { threadId, userMessage: text, aiResponse: `reply to ${text}` },
      });
      expect(response.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      savedIds.push(response.json<{ id: number }>().id);
    };

    // 1. NATS up: saves go out.
    const threadId = await newThread();
    for (const text of ['before 1', 'before 2', 'before 3']) await save(threadId, text);
    await waitFor(async () => (await pending()) === 0, 'the first events to be published');

    // 2. NATS down: saves (and a delete) still succeed; their events wait in the outbox.
    await nats.stop();
    const doomed = await newThread();
    for (const text of ['during 1', 'during 2', 'during 3', 'during 4', 'during 5']) await save(threadId, text);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/conversation-threads/${doomed}`, headers });
    expect(deleted.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let the relay try and fail a few times
    expect(await pending()).toBe(6);

    // 3. NATS back on the same port and store: the outbox drains.
    nats = scene.nats = await startNatsServer({ storeDir, port });
    await waitFor(async () => (await pending()) === 0, 'the outbox to drain after NATS came back', 30_000);
    await save(threadId, 'after 1');
    await waitFor(async () => (await pending()) === 0, 'the last event');

    // 4. A relay that crashed after publishing but before marking rows published sends them again:
    //    the stream's duplicate window (message id = service + outbox id) keeps one copy.
    const db = new Database(sqliteFile(service.dataDir, 'conversations'));
    const republished = db.prepare('UPDATE outbox SET published_at = NULL WHERE id IN (SELECT id FROM outbox ORDER BY id DESC LIMIT 3)').run().changes;
    db.close();
    expect(republished).toBe(3);
    deps.relay.notify();
    await waitFor(async () => (await pending()) === 0, 'the re-sent events');

    // 5. Every event is on the stream exactly once.
    const events = await readAllEvents(nats.url, 'outbox-test');
    const storyKeys = events.filter((e) => e.subject === EVENT_SUBJECTS.storySaved).map((e) => e.data.storyKey);
    expect(storyKeys).toHaveLength(savedIds.length);
    expect([...storyKeys].sort()).toEqual(savedIds.map((id) => `conversation:${id}`).sort());
    const threadEvents = events.filter((e) => e.subject === EVENT_SUBJECTS.threadDeleted);
    expect(threadEvents.map((e) => e.data)).toEqual([{ userId: USER, threadId: doomed, at: expect.any(String) }]);
    expect(events).toHaveLength(savedIds.length + 1);
  });
});

describe('a service started while NATS is down', () => {
  const scene = outboxScene('conversations-late-nats-');
  const { dir } = scene;

  it('serves HTTP at once and publishes what it saved once NATS appears', async () => {
    const port = await freePort();
    const service = (scene.service = await startTestService({
      natsUrl: `nats://127.0.0.1:${port}`,
      waitForNats: false,
      dataDir: join(dir, 'service'),
      env: { OUTBOX_RELAY_INTERVAL_MS: '100' },
    }));
    const { app, deps } = service;
    const headers = await service.as(USER);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const threadId = (await app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId;
    const saved = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { threadId, userMessage: 'offline save', aiResponse: 'ok' },
    });
    expect(saved.statusCode).toBe(201);
    expect(await deps.storage.outbox.countPendingEvents()).toBe(1);

    const nats = (scene.nats = await startNatsServer({ storeDir: join(dir, 'nats'), port }));
    await deps.nats.ready();
    await waitFor(async () => (await deps.storage.outbox.countPendingEvents()) === 0, 'the outbox to drain');
    const events = await readAllEvents(nats.url, 'late-test');
    expect(events.map((e) => e.data.storyKey)).toEqual([`conversation:${saved.json<{ id: number }>().id}`]);

    // Shutting down while NATS is away again must not hang on the connection.
    await nats.stop();
    const closing = Date.now();
    await service.close();
    scene.service = undefined;
    expect(Date.now() - closing).toBeLessThan(5000);
  });
});
