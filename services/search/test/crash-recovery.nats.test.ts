import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { startServiceForTest, tempDataDir } from '@story/testing/service-under-test';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { killed, startServiceProcess } from '@story/testing/service-process';
import { conversationsService } from '../../conversations/src/app.ts';
import { eventually } from './search-test-kit.ts';

/**
 * Issue 10's durability test: a burst of 500 saves in the conversations service while the search
 * service and nats-server are both killed (SIGKILL, no goodbye) and started again. Afterwards
 * search holds exactly 500 stories: none lost (the outbox and the durable consumer with explicit
 * acks), none doubled (indexing is idempotent).
 */
const SAVES = 500;
const THREADS = 5;
const dir = tempDataDir('search-crash-');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** The search service as its own process, as `make run` starts it. */
const startSearchProcess = (env: Record<string, string>) => startServiceProcess('search', env);

async function waitReady(url: string, what: () => string): Promise<void> {
  await eventually(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.ok === true, `search to be ready: ${what()}`, 30_000);
}

describe('search through crashes', () => {
  // Two kills and restarts of two processes: on a busy two-core machine this takes close to the default minute.
  it('ends with exactly 500 stories after search and nats-server are killed in the middle of 500 saves', { timeout: 180_000 }, async () => {
    const natsPort = await freePort();
    const storeDir = join(dir, 'nats');
    let nats: NatsServerHandle = await startNatsServer({ storeDir, port: natsPort });
    cleanups.push(async () => nats.stop());
    const natsUrl = nats.url;

    const conversations = await startServiceForTest(conversationsService, { natsUrl, env: { OUTBOX_RELAY_INTERVAL_MS: '100' }, deps: { runPurgeJob: false } });
    cleanups.push(() => conversations.close());
    const searchPort = await freePort();
    const searchUrl = `http://127.0.0.1:${searchPort}`;
    const searchEnv = {
      PORT: String(searchPort),
      DATA_DIR: join(dir, 'search'),
      NATS_URL: natsUrl,
      IDENTITY_PUBLIC_KEY: generateSigningKeyPair().publicKey,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
      // What is under test is the event path (outbox, durable consumer, idempotent writes, the
      // embedding worker catching up after a kill), not the encoder: the fast word-vector embedder.
      SEARCH_EMBEDDER: 'glove',
    };
    let search = await startSearchProcess(searchEnv);
    cleanups.push(() => killed(search.child));
    await waitReady(searchUrl, search.output);

    const headers = await conversations.as(77);
    const threads: number[] = [];
    for (let i = 0; i < THREADS; i++)
      threads.push((await conversations.app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId);
    const savedIds: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      if (i === 150) await killed(search.child);
      if (i === 250) await killed(nats.process);
      if (i === 330) nats = await startNatsServer({ storeDir, port: natsPort });
      if (i === 400) search = await startSearchProcess(searchEnv);
      const saved = await conversations.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers,
        payload: {
          threadId: threads[i % THREADS],
          userMessage: `Story number ${i}: the day I learned something new at work.`,
          aiResponse: 'What happened next?',
        },
      });
      expect(saved.statusCode).toBe(201);
      savedIds.push(saved.json<{ id: number }>().id);
    }
    await waitReady(searchUrl, search.output);

    const db = new Database(join(dir, 'search', 'search.sqlite'), { readonly: true, fileMustExist: true });
    cleanups.push(async () => db.close());
    const stories = () => db.prepare<[], { story_key: string }>('SELECT story_key FROM unified_stories WHERE user_id = 77').all();
    await eventually(
      () => stories().length >= SAVES && Number(db.prepare('SELECT COUNT(*) AS n FROM unified_stories WHERE embedding_generated = 0').pluck().get()) === 0,
      `${SAVES} stories (${stories().length} so far)`,
      60_000,
    );
    expect(stories()).toHaveLength(SAVES);
    expect(new Set(stories().map((row) => row.story_key))).toEqual(new Set(savedIds.map((id) => `conversation:${id}`)));
    const vectorDb = new Database(join(dir, 'search', 'search-vectors.sqlite'), { readonly: true, fileMustExist: true });
    cleanups.push(async () => vectorDb.close());
    expect(vectorDb.prepare('SELECT COUNT(*) FROM story_vectors').pluck().get()).toBe(SAVES);
  });
});
