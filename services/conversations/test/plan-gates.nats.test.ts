import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_DOWNLOADS, SUBJECTS, featureLockedMessage, type PlanFeature, type UserType } from '@story/proto';
import { StandInPlans, standInSnippetOwners, startServiceForTest, subgraphQuery, tempDataDir, type ServiceUnderTest } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { conversationsService, type ConversationsDeps } from '../src/app.ts';
import type { ConversationsConfig } from '../src/config.ts';

/**
 * Issue 36, 4 at the conversations service, with its real plan check asking auth over a real
 * nats-server (the test answers `auth.user.settings` as auth would, and `jobs.snippet.owner` as jobs
 * would): the PDFs need what PDF_DOWNLOADS says, and interview practice (typed, spoken through the
 * speech service's NATS question, its opening, its saved sessions; REST, GraphQL and NATS) needs the
 * plan's interview practice; a story needs nothing.
 */
const STARTER = 81;
const PRO = 82;
/** On Essentials, which an admin gave PDF export and took interview practice from. */
const ESSENTIALS = 83;
const SNIPPET = 7;
const CONTEXT = '- Lead cross-functional teams through change';

const plans = new StandInPlans()
  .put(STARTER, 'standard')
  .put(PRO, 'pro')
  .put(ESSENTIALS, 'plus')
  .include('plus', { pdfExport: true, interviewPractice: false });
const locked = (feature: PlanFeature, plan: UserType) => ({ message: featureLockedMessage(feature, plan) });
const exchange = {
  userMessage: 'I led the café’s move to a new till.',
  aiResponse: 'How did you bring the night shift along?',
  timestamp: '2026-11-02T10:00:00.000Z',
};

describe('plan gates of the conversations service', () => {
  const dir = tempDataDir('conversations-plans-');
  let nats: NatsServerHandle;
  let stand: NatsConnection;
  let service: ServiceUnderTest<ConversationsConfig, ConversationsDeps>;
  const headers: Record<number, Record<string, string>> = {};

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    stand = await connect({ servers: nats.url });
    plans.answerOn(stand);
    standInSnippetOwners(stand, (snippetId) => snippetId === SNIPPET, { snippetText: CONTEXT, jobDescriptionId: 3 });
    // Profile, as it answers a person whose plan has no résumés: nothing known, and a bullet refused with the plan's sentence.
    stand.subscribe(SUBJECTS.resumeContext, {
      callback: (_error, message) => {
        const { bullet } = message.json<{ bullet?: unknown }>();
        message.respond(JSON.stringify(bullet ? { ok: false, status: 403, ...locked('resume', 'plus') } : { ok: true, roles: [] }));
      },
    });
    await stand.flush();
    service = await startServiceForTest(conversationsService, { natsUrl: nats.url, dataDir: join(dir, 'service'), deps: { runPurgeJob: false } });
    for (const person of [STARTER, PRO, ESSENTIALS]) headers[person] = await service.as(person);
  });
  afterAll(async () => {
    await service?.close();
    await stand?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (person: number, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    service.app.inject({ method, url, headers: headers[person], ...(payload === undefined ? {} : { payload }) });
  const ask = async (subject: string, body: Record<string, unknown>) => (await stand.request(subject, JSON.stringify(body), { timeout: 5000 })).json<unknown>();
  async function savedThread(person: number): Promise<number> {
    const created = await call(person, 'POST', '/api/conversation-threads');
    const threadId = created.json<{ threadId: number }>().threadId;
    expect(
      (await call(person, 'POST', '/api/conversations', { threadId, userMessage: exchange.userMessage, aiResponse: exchange.aiResponse })).statusCode,
    ).toBe(201);
    return threadId;
  }

  it('gives a thread’s PDF to plans with Export to PDF only, as the table says', async () => {
    expect(PDF_DOWNLOADS.thread.needs).toEqual(['pdfExport']);
    for (const [person, status] of [
      [STARTER, 403],
      [ESSENTIALS, 200],
      [PRO, 200],
    ] as const) {
      const threadId = await savedThread(person);
      const pdf = await call(person, 'GET', `/api/conversation-threads/${threadId}/pdf`);
      expect(pdf.statusCode, String(person)).toBe(status);
      if (status === 403) expect(pdf.json()).toEqual(locked('pdfExport', 'plus'));
      else expect(pdf.body.slice(0, 5)).toBe('%PDF-');
    }
    // The thread itself stays everybody's.
    expect((await call(STARTER, 'GET', `/api/conversation-threads/${await savedThread(STARTER)}`)).statusCode).toBe(200);
  });

  it('gives a practice’s saved sessions and their PDF to plans with interview practice (the PDF: and Export to PDF)', async () => {
    expect(PDF_DOWNLOADS.practice.needs).toEqual(['interviewPractice', 'pdfExport']);
    const practice = locked('interviewPractice', 'standard');
    for (const [method, url, payload] of [
      ['POST', '/api/snippet-conversations', { snippetId: SNIPPET, conversationHistory: [exchange] }],
      ['GET', `/api/snippet-conversations/${SNIPPET}`, undefined],
      ['GET', `/api/snippet-conversations/${SNIPPET}/pdf`, undefined],
    ] as const) {
      const refused = await call(ESSENTIALS, method, url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(practice);
    }
    expect((await call(STARTER, 'POST', '/api/snippet-conversations', { snippetId: SNIPPET, conversationHistory: [exchange] })).statusCode).toBe(201);
    expect((await call(STARTER, 'GET', `/api/snippet-conversations/${SNIPPET}`)).statusCode).toBe(200);
    const starterPdf = await call(STARTER, 'GET', `/api/snippet-conversations/${SNIPPET}/pdf`);
    expect(starterPdf.statusCode).toBe(403);
    expect(starterPdf.json()).toEqual(locked('pdfExport', 'plus'));
    expect((await call(PRO, 'POST', '/api/snippet-conversations', { snippetId: SNIPPET, conversationHistory: [exchange] })).statusCode).toBe(201);
    expect((await call(PRO, 'GET', `/api/snippet-conversations/${SNIPPET}/pdf`)).statusCode).toBe(200);
  });

  it('refuses practice replies and openings without interview practice, through REST, GraphQL and the speech service’s NATS questions; a story goes on', async () => {
    const practice = locked('interviewPractice', 'standard');
    const turns = [{ context: CONTEXT }, { snippetId: SNIPPET }];
    for (const turn of turns) {
      const typed = await call(ESSENTIALS, 'POST', '/api/process-text', { text: 'I led the migration.', ...turn });
      expect(typed.statusCode, JSON.stringify(turn)).toBe(403);
      expect(typed.json()).toEqual(practice);
      const opening = await call(ESSENTIALS, 'POST', '/api/process-text/opening', turn);
      expect(opening.json(), JSON.stringify(turn)).toEqual(practice);
      expect(await ask(SUBJECTS.chatReply, { userId: ESSENTIALS, text: 'I led the migration.', conversationHistory: [], ...turn })).toEqual({
        ok: false,
        status: 403,
        ...practice,
      });
      expect(await ask(SUBJECTS.chatOpening, { userId: ESSENTIALS, ...turn })).toEqual({ ok: false, status: 403, ...practice });
    }
    const graphql = (query: string) => subgraphQuery<Record<string, unknown>>(service.app, headers[ESSENTIALS] ?? {}, query, { context: CONTEXT });
    for (const query of [
      'mutation($context: String) { processText(text: "I led the migration.", context: $context) { aiResponse } }',
      'mutation($context: String) { openConversation(context: $context) { aiResponse } }',
    ]) {
      expect((await graphql(query)).errors?.[0], query).toMatchObject({ message: practice.message, extensions: { code: 'FORBIDDEN' } });
    }

    // A story about a résumé line needs the résumé, which profile refuses to a plan without résumés: its sentence comes through.
    const bulletStory = await call(STARTER, 'POST', '/api/process-text', { text: 'I cut build times.', resumeBullet: { resumeId: 4, bulletId: 'b1' } });
    expect(bulletStory.statusCode).toBe(403);
    expect(bulletStory.json()).toEqual(locked('resume', 'plus'));
    // A story, with no requirements: every plan.
    expect((await call(ESSENTIALS, 'POST', '/api/process-text', { text: 'I led the migration of our database.' })).statusCode).toBe(200);
    expect((await call(ESSENTIALS, 'POST', '/api/process-text/opening', { storyRequirement: 'Lead teams through change' })).statusCode).toBe(200);
    expect(await ask(SUBJECTS.chatReply, { userId: ESSENTIALS, text: 'I led the migration.', conversationHistory: [] })).toMatchObject({ ok: true });
    // Practice, for plans that have it.
    expect((await call(STARTER, 'POST', '/api/process-text', { text: 'I led the migration.', snippetId: SNIPPET })).statusCode).toBe(200);
    expect(await ask(SUBJECTS.chatOpening, { userId: PRO, context: CONTEXT })).toMatchObject({ ok: true });
  });
});
