import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, SUBJECTS, chatReplyReplySchema } from '@story/proto';
import { subgraphQuery, tempDataDir, standInSnippetOwners } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import type { ChatModel, ChatRequest, OpeningRequest } from '../src/chat/chat-model.ts';
import { OfflineCoachModel } from '../src/chat/offline-coach/offline-coach.model.ts';
import { startTestService, type TestService } from './conversations-test-kit.ts';
import { readAllEvents, waitFor } from './event-stream-reader.ts';

const OWNER = 41;
const STRANGER = 42;
const SNIPPET = 17;

/** The offline coach, counting what it was asked. */
class CountingModel implements ChatModel {
  readonly name = 'counting';
  readonly requests: ChatRequest[] = [];
  private readonly coach = new OfflineCoachModel();
  async reply(request: ChatRequest): Promise<string> {
    this.requests.push(request);
    return this.coach.reply(request);
  }
  async opening(request: OpeningRequest): Promise<string> {
    return this.coach.opening(request);
  }
  async titleFor(userMessages: readonly string[]): Promise<string> {
    return this.coach.titleFor(userMessages);
  }
}

/**
 * Penetration test, point 7: a snippet id is checked wherever it is accepted. A typed turn
 * (`POST /api/process-text`, GraphQL `processText`) and a spoken one (`conversations.chat.reply`,
 * which the transcribe form reaches through the speech service) that name another person's
 * snippet or thread are refused as snippet conversations refuse it (404), ask no model and file
 * no feedback under it (no `events.answer.given`).
 */
describe('a turn names only the caller’s own snippet and thread (real nats-server)', () => {
  const dir = tempDataDir('conversations-answer-ownership-');
  const model = new CountingModel();
  let nats: NatsServerHandle;
  let service: TestService;
  let jobs: NatsConnection;
  let speech: NatsConnection;
  let stranger: Record<string, string>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    service = await startTestService({
      natsUrl: nats.url,
      dataDir: join(dir, 'service'),
      env: { OUTBOX_RELAY_INTERVAL_MS: '100' },
      deps: { chatModel: model },
    });
    // Stands in for the jobs service's responder: snippet 17 belongs to user 41.
    jobs = await connect({ servers: nats.url });
    standInSnippetOwners(jobs, (snippetId, userId) => snippetId === SNIPPET && userId === OWNER);
    await jobs.flush();
    speech = await connect({ servers: nats.url });
    owner = await service.as(OWNER);
    stranger = await service.as(STRANGER);
  });
  afterAll(async () => {
    await speech.close();
    await jobs.close();
    await service.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const processText = (headers: Record<string, string>, payload: object) => service.app.inject({ method: 'POST', url: '/api/process-text', headers, payload });
  const chatReply = async (body: object) =>
    chatReplyReplySchema.parse((await speech.request(SUBJECTS.chatReply, JSON.stringify(body), { timeout: 5000 })).json());
  /** Every answer recorded for feedback: those already published and those still in the outbox. */
  const answersGiven = async (durable: string) => {
    await waitFor(async () => (await service.deps.storage.outbox.countPendingEvents()) === 0, 'answer events to publish');
    return (await readAllEvents(nats.url, durable, EVENT_SUBJECTS.answerGiven)).map((event) => event.data);
  };

  it('refuses another person’s snippet by REST, GraphQL and chat.reply with 404 "Snippet not found", asking no model and recording nothing', async () => {
    const asked = model.requests.length;
    const typed = await processText(stranger, { text: 'I led the migration.', snippetId: SNIPPET });
    expect(typed.statusCode).toBe(404);
    expect(typed.json()).toEqual({ message: 'Snippet not found' });

    const graphql = await subgraphQuery(
      service.app,
      stranger,
      `mutation { processText(text: "I led the migration.", snippetId: "${SNIPPET}") { aiResponse answerId } }`,
    );
    expect(graphql.errors?.[0]?.message).toBe('Snippet not found');

    expect(await chatReply({ userId: STRANGER, text: 'I led the migration.', conversationHistory: [], snippetId: SNIPPET })).toEqual({
      ok: false,
      status: 404,
      message: 'Snippet not found',
    });

    expect(model.requests.length).toBe(asked);
    expect((await answersGiven('ownership-refused')).filter((answer) => answer.snippetId === SNIPPET)).toEqual([]);
  });

  it('refuses another person’s thread on chat.reply as /api/process-text does (404)', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers: owner });
    const ownersThread = created.json<{ threadId: number }>().threadId;
    const asked = model.requests.length;
    expect(await chatReply({ userId: STRANGER, text: 'Hello', conversationHistory: [], threadId: ownersThread })).toEqual({
      ok: false,
      status: 404,
      message: 'Conversation thread not found',
    });
    expect(model.requests.length).toBe(asked);
    expect((await answersGiven('ownership-thread')).filter((answer) => answer.threadId === ownersThread)).toEqual([]);
  });

  it('still replies to the owner and files the answer under their snippet, typed and spoken', async () => {
    const typed = await processText(owner, { text: 'I led the migration.', snippetId: SNIPPET });
    expect(typed.statusCode).toBe(200);
    const spoken = await chatReply({ userId: OWNER, text: 'We finished early.', conversationHistory: [], snippetId: SNIPPET });
    expect(spoken).toMatchObject({ ok: true });
    const answers = await answersGiven('ownership-owned');
    const typedId = typed.json<{ answerId: string }>().answerId;
    expect(answers.find((answer) => answer.answerId === typedId)).toMatchObject({ userId: OWNER, snippetId: SNIPPET, source: 'typed' });
    expect(answers.find((answer) => spoken.ok && answer.answerId === spoken.answerId)).toMatchObject({ userId: OWNER, snippetId: SNIPPET, source: 'spoken' });
  });
});
