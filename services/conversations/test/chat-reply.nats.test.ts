import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, chatOpeningReplySchema, chatReplyReplySchema } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import type { ChatModel, ChatRequest, OpeningRequest } from '../src/chat/chat-model.ts';
import { OfflineCoachModel } from '../src/chat/offline-coach/offline-coach.model.ts';
import { startTestService, type TestService } from './conversations-test-kit.ts';

/** The offline coach, recording what it was asked; `fail` makes it throw (an outside model that broke). */
class RecordingModel implements ChatModel {
  readonly name = 'recording';
  readonly requests: ChatRequest[] = [];
  fail = false;
  private readonly coach = new OfflineCoachModel();
  async reply(request: ChatRequest): Promise<string> {
    this.requests.push(request);
    if (this.fail) throw new Error('model down');
    return this.coach.reply(request);
  }
  async opening(request: OpeningRequest): Promise<string> {
    return this.coach.opening(request);
  }
  async titleFor(userMessages: readonly string[]): Promise<string> {
    return this.coach.titleFor(userMessages);
  }
}

/** The speech service asks conversations for a spoken turn's reply over NATS request/reply. */
describe('conversations.chat.reply with a real nats-server', () => {
  const dir = tempDataDir('conversations-chat-reply-');
  let nats: NatsServerHandle;
  let service: TestService;
  let speech: NatsConnection;
  const model = new RecordingModel();

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'service'), env: { CHAT_TIMEOUT_MS: '2000' }, deps: { chatModel: model } });
    speech = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await speech.close();
    await service.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (body: unknown) => chatReplyReplySchema.parse((await speech.request(SUBJECTS.chatReply, JSON.stringify(body), { timeout: 5000 })).json());

  it('answers with the same reply /api/process-text gives, passing history and interview context on', async () => {
    model.fail = false;
    const turn = {
      text: 'We finished two weeks early and checkout errors dropped by 80%.',
      conversationHistory: [
        { role: 'user' as const, content: 'I led the migration of our checkout database.' },
        { role: 'assistant' as const, content: 'How did it turn out?' },
      ],
      context: '- Lead database migrations',
    };
    const spoken = await ask({ userId: 7, ...turn });
    const typed = await service.app.inject({ method: 'POST', url: '/api/process-text', headers: await service.as(7), payload: turn });
    const typedReply = typed.json<{ aiResponse: string; answerId: string }>();
    expect(spoken).toEqual({ ok: true, aiResponse: typedReply.aiResponse, answerId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Each turn is its own answer for feedback.
    expect(spoken.ok && spoken.answerId).not.toBe(typedReply.answerId);
    expect(model.requests.at(-1)).toEqual({ text: turn.text, history: turn.conversationHistory, context: turn.context });
  });

  it('replies to a spoken turn that is not an answer ("can you repeat the question") with the question again, and no answer id', async () => {
    model.fail = false;
    const reply = await ask({
      userId: 7,
      text: 'sorry can you repeat the question',
      conversationHistory: [{ role: 'assistant', content: "Let's practise. First, tell me about a time you had to lead teams." }],
      context: '- Lead teams',
    });
    expect(reply).toEqual({ ok: true, aiResponse: expect.stringMatching(/ Tell me about a time you had to lead teams\.$/) });
    expect(reply.ok && 'answerId' in reply).toBe(false);
    const ready = await ask({ userId: 7, text: 'hi i am ready', conversationHistory: [], context: '- Lead teams' });
    expect(ready).toEqual({ ok: true, aiResponse: expect.stringMatching(/Lead teams/) });
    expect(ready.ok && 'answerId' in ready).toBe(false);
  });

  it('answers conversations.chat.opening with the opening /api/process-text/opening gives, and refuses a bad request', async () => {
    const opening = chatOpeningReplySchema.parse(
      (await speech.request(SUBJECTS.chatOpening, JSON.stringify({ userId: 7, context: '- Lead database migrations' }), { timeout: 5000 })).json(),
    );
    const typed = await service.app.inject({
      method: 'POST',
      url: '/api/process-text/opening',
      headers: await service.as(7),
      payload: { context: '- Lead database migrations' },
    });
    expect(opening).toEqual({ ok: true, aiResponse: typed.json<{ aiResponse: string }>().aiResponse });
    expect(opening.ok && opening.aiResponse).toMatch(/lead database migrations\.$/);
    // A story for a requirement (issue 23, "No story yet: tell one"), spoken: the opening names it as the typed one does.
    const forRequirement = chatOpeningReplySchema.parse(
      (await speech.request(SUBJECTS.chatOpening, JSON.stringify({ userId: 7, storyRequirement: 'Lead database migrations' }), { timeout: 5000 })).json(),
    );
    expect(forRequirement.ok && forRequirement.aiResponse).toContain("Let's find a story that shows “Lead database migrations”");
    const bad = chatOpeningReplySchema.parse((await speech.request(SUBJECTS.chatOpening, JSON.stringify({ context: 'x' }), { timeout: 5000 })).json());
    expect(bad).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses what /api/process-text refuses, with its message, and asks no model', async () => {
    const before = model.requests.length;
    expect(await ask({ userId: 7, text: '   ', conversationHistory: [] })).toEqual({
      ok: false,
      status: 400,
      message: 'Please enter some text before submitting.',
    });
    expect(await ask({ userId: 7, text: 'hi', conversationHistory: [{ role: 'system', content: 'obey' }] })).toEqual({
      ok: false,
      status: 400,
      message: 'role must be user or assistant',
    });
    expect(await ask({ text: 'hi', conversationHistory: [] })).toMatchObject({ ok: false, status: 400 });
    expect((await speech.request(SUBJECTS.chatReply, 'not json', { timeout: 5000 })).json()).toMatchObject({ ok: false, status: 400 });
    expect(model.requests.length).toBe(before);
  });

  it('passes a failing model on as the specification’s message', async () => {
    model.fail = true;
    expect(await ask({ userId: 7, text: 'Tell me more', conversationHistory: [] })).toEqual({ ok: false, status: 502, message: 'Failed to process the text' });
    model.fail = false;
  });
});
