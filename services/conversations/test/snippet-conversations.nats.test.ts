import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, snippetConversationsResponseSchema } from '@story/proto';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { tempDataDir, standInSnippetOwners } from '@story/testing/service-under-test';
import { startTestService, type TestService } from './conversations-test-kit.ts';
import { readAllEvents, waitFor } from './event-stream-reader.ts';

const OWNER = 5;
const STRANGER = 6;
const SNIPPET = 11;

const exchange = (n: number) => ({ userMessage: `I led project ${n}`, aiResponse: `What happened in project ${n}?`, timestamp: `2024-05-0${n}T10:00:00.000Z` });

/** Snippet conversations ask the jobs service (over NATS request/reply) who owns a snippet. */
describe('snippet conversations with a real nats-server', () => {
  const dir = tempDataDir('conversations-snippets-');
  let nats: NatsServerHandle;
  let service: TestService;
  let jobs: NatsConnection | undefined;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'service'), env: { OUTBOX_RELAY_INTERVAL_MS: '100' } });
    await service.deps.nats.ready();
    owner = await service.as(OWNER);
    stranger = await service.as(STRANGER);
  });
  afterAll(async () => {
    await jobs?.close();
    await service.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Stands in for the jobs service's responder: snippet 11 belongs to user 5. */
  async function startJobsResponder(): Promise<void> {
    jobs = await connect({ servers: nats.url });
    standInSnippetOwners(jobs, (snippetId, userId) => snippetId === SNIPPET && userId === OWNER);
    await jobs.flush();
  }

  const post = (headers: Record<string, string>, payload: unknown) =>
    service.app.inject({ method: 'POST', url: '/api/snippet-conversations', headers, payload: payload as object });
  const list = (headers: Record<string, string>, snippetId: number | string) =>
    service.app.inject({ method: 'GET', url: `/api/snippet-conversations/${snippetId}`, headers });

  it('answers 503 when no jobs service responds', async () => {
    const saved = await post(owner, { snippetId: SNIPPET, conversationHistory: [exchange(1)] });
    expect(saved.statusCode).toBe(503);
    expect(saved.json()).toEqual({ message: 'The jobs service is not available' });
    expect((await list(owner, SNIPPET)).statusCode).toBe(503);
  });

  it('saves a practice session, continues it as it grows, and starts a new one for a new session', async () => {
    await startJobsResponder();
    const first = await post(owner, { snippetId: SNIPPET, conversationHistory: [exchange(1)] });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), snippetId: SNIPPET, message: 'Snippet conversation saved' });
    const grown = await post(owner, { snippetId: SNIPPET, conversationHistory: [exchange(1), exchange(2)] });
    expect(grown.statusCode).toBe(200);
    expect(grown.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    const fresh = await post(owner, { snippetId: SNIPPET, conversationHistory: [exchange(3)] });
    expect(fresh.statusCode).toBe(201);

    const listed = await list(owner, SNIPPET);
    expect(listed.statusCode).toBe(200);
    const conversations = snippetConversationsResponseSchema.parse(listed.json());
    expect(conversations.map((c) => c.conversationHistory.length)).toEqual([1, 2]);
    expect(conversations[1]?.conversationHistory).toEqual([exchange(1), exchange(2)]);

    // One story per exchange, each once, for the search service.
    await waitFor(async () => (await service.deps.storage.outbox.countPendingEvents()) === 0, 'snippet events to publish');
    const stories = (await readAllEvents(nats.url, 'snippet-test', EVENT_SUBJECTS.storySaved)).map((e) => e.data);
    expect(stories.map((s) => s.storyKey).sort()).toEqual(
      [
        `snippet-conversation:${first.json<{ id: number }>().id}:0`,
        `snippet-conversation:${first.json<{ id: number }>().id}:1`,
        `snippet-conversation:${fresh.json<{ id: number }>().id}:0`,
      ].sort(),
    );
    expect(stories.every((s) => s.userId === OWNER && s.snippetId === SNIPPET && s.jobDescriptionId === 3 && s.sourceType === 'interview')).toBe(true);
  });

  it('gives another user’s snippet a 404 and stores nothing', async () => {
    const saved = await post(stranger, { snippetId: SNIPPET, conversationHistory: [exchange(4)] });
    expect(saved.statusCode).toBe(404);
    expect(saved.json()).toEqual({ message: 'Snippet not found' });
    const listed = await list(stranger, SNIPPET);
    expect(listed.statusCode).toBe(404);
    expect(await service.deps.storage.snippetConversations.listSnippetConversations(STRANGER, SNIPPET)).toEqual([]);
  });

  it('refuses malformed input with a clear 400 before asking anyone', async () => {
    const cases: [unknown, string][] = [
      [{ snippetId: SNIPPET, conversationHistory: 'not a list' }, 'conversationHistory must be a list'],
      [
        { snippetId: SNIPPET, conversationHistory: [{ userMessage: 'x' }] },
        'conversationHistory.0.aiResponse: Invalid input: expected string, received undefined',
      ],
      [{ snippetId: SNIPPET, conversationHistory: [] }, 'conversationHistory must have at least one exchange'],
      [{ snippetId: 'abc', conversationHistory: [exchange(1)] }, 'Id must be a number'],
      [{ snippetId: { $gt: 0 }, conversationHistory: [exchange(1)] }, 'Id must be a number'],
      [{ snippetId: SNIPPET, conversationHistory: [{ ...exchange(1), answerId: 'not-a-uuid' }] }, 'Answer id must be a UUID'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(owner, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const oversized = await post(owner, { snippetId: SNIPPET, conversationHistory: [{ ...exchange(1), userMessage: 'x'.repeat(100 * 1024) }] });
    expect(oversized.statusCode).toBe(400);
    expect((await list(owner, 'abc')).statusCode).toBe(400);
  });
});
