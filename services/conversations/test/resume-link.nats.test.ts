import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_GROUPS, RESUME_MESSAGES, SUBJECTS, resumeContextRequestSchema, resumeThreadLinkRequestSchema } from '@story/proto';
import { subgraphQuery, tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { startTestService, type TestService } from './conversations-test-kit.ts';

const ALICE = 61;
const BOB = 62;
const BULLET = { resumeId: 4, bulletId: 'b-checkout' };
const ROLE = { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022' };

/** The profile service as conversations asks it: Alice's résumé 4 has the bullet `b-checkout`; link requests are kept. */
class StandInProfile {
  readonly links: unknown[] = [];
  /** 'answer', 'refuse' (a link: "Résumé not found") or 'silent' (nobody answers in time). */
  mode: 'answer' | 'refuse' | 'silent' = 'answer';

  constructor(nc: NatsConnection) {
    nc.subscribe(SUBJECTS.resumeContext, {
      queue: QUEUE_GROUPS.profile,
      callback: (_error, message) => {
        if (this.mode === 'silent') return;
        const request = resumeContextRequestSchema.parse(message.json());
        const roles = request.userId === ALICE ? [{ ...ROLE, bullets: ['Worked on the checkout page'] }] : [];
        const mine = request.userId === ALICE && request.bullet?.resumeId === BULLET.resumeId && request.bullet.bulletId === BULLET.bulletId;
        const reply =
          request.bullet && !mine
            ? { ok: false, message: RESUME_MESSAGES.notFound }
            : { ok: true, roles, ...(mine ? { bullet: { ...BULLET, text: 'Worked on the checkout page', role: ROLE } } : {}) };
        message.respond(JSON.stringify(reply));
      },
    });
    nc.subscribe(SUBJECTS.resumeThreadLink, {
      queue: QUEUE_GROUPS.profile,
      callback: (_error, message) => {
        if (this.mode === 'silent') return;
        const request = resumeThreadLinkRequestSchema.parse(message.json());
        if (this.mode === 'answer') this.links.push(request);
        message.respond(JSON.stringify(this.mode === 'answer' ? { ok: true } : { ok: false, message: RESUME_MESSAGES.notFound }));
      },
    });
  }
}

/** Issue 22, 4: the coach asks profile for the résumé, and a thread told about a bullet is linked to it, over a real nats-server. */
describe('résumé knowledge and thread links with a real nats-server', () => {
  const dir = tempDataDir('conversations-resume-');
  let nats: NatsServerHandle;
  let service: TestService;
  let nc: NatsConnection;
  let profile: StandInProfile;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    nc = await connect({ servers: nats.url });
    profile = new StandInProfile(nc);
    await nc.flush();
    service = await startTestService({ natsUrl: nats.url, dataDir: join(dir, 'service') });
  });
  afterAll(async () => {
    await service?.close();
    await nc?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (userId: number, url: string, payload: object) => service.app.inject({ method: 'POST', url, headers: await service.as(userId), payload });
  const newThread = async (userId: number) => (await post(userId, '/api/conversation-threads', {})).json<{ threadId: number }>().threadId;
  /** Waits until the link requests made so far were answered. */
  const linksSettled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await nc.flush();
  };

  it('opens the story behind the bullet, and refuses another person’s bullet with profile’s message', async () => {
    profile.mode = 'answer';
    const opening = await post(ALICE, '/api/process-text/opening', { resumeBullet: BULLET });
    expect(opening.json()).toEqual({
      aiResponse: "Let's tell the story behind “Worked on the checkout page” from your time as Software Engineer at Northwind. What was the situation?",
    });
    const refused = await post(BOB, '/api/process-text/opening', { resumeBullet: BULLET });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: RESUME_MESSAGES.notFound });
  });

  it('opens a spoken story about the bullet too (conversations.chat.opening, asked by the speech service)', async () => {
    profile.mode = 'answer';
    const reply = (await nc.request(SUBJECTS.chatOpening, JSON.stringify({ userId: ALICE, resumeBullet: BULLET }), { timeout: 5000 })).json();
    expect(reply).toEqual({ ok: true, aiResponse: expect.stringContaining('the story behind “Worked on the checkout page”') });
  });

  it('does not ask where the person was working when the résumé says it', async () => {
    profile.mode = 'answer';
    const turn = { text: 'I rewrote the onboarding guide.', conversationHistory: [] };
    expect((await post(BOB, '/api/process-text', turn)).json<{ aiResponse: string }>().aiResponse).toMatch(/Where were you working/);
    expect((await post(ALICE, '/api/process-text', turn)).json<{ aiResponse: string }>().aiResponse).not.toMatch(/Where were you working/);
  });

  it('goes on without the résumé when profile does not answer', async () => {
    profile.mode = 'silent';
    const reply = await post(ALICE, '/api/process-text', { text: 'I rewrote the onboarding guide.', resumeBullet: BULLET });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ aiResponse: string }>().aiResponse).toMatch(/Where were you working/);
  });

  it('links a thread told about the bullet once, however many pairs are saved to it (REST and GraphQL)', async () => {
    profile.mode = 'answer';
    const threadId = await newThread(ALICE);
    for (const userMessage of ['Checkout was slow.', 'I rewrote the queries.']) {
      const saved = await post(ALICE, '/api/conversations', { threadId, userMessage, aiResponse: 'And then?', resumeBullet: BULLET });
      expect(saved.statusCode).toBe(201);
      await linksSettled();
    }
    const graphql = await subgraphQuery<{ saveConversation: { id: string } }>(
      service.app,
      await service.as(ALICE),
      'mutation Save($threadId: ID!, $resumeBullet: ResumeBulletInput) { saveConversation(threadId: $threadId, userMessage: "It got faster.", aiResponse: "By how much?", resumeBullet: $resumeBullet) { id } }',
      { threadId: String(threadId), resumeBullet: { resumeId: '4', bulletId: 'b-checkout' } },
    );
    expect(graphql.errors).toBeUndefined();
    await linksSettled();
    expect(profile.links).toEqual([{ userId: ALICE, threadId, ...BULLET }]);
  });

  it('saves while profile is down or refuses, and links the thread at a later save', async () => {
    const threadId = await newThread(ALICE);
    const save = (userMessage: string) => post(ALICE, '/api/conversations', { threadId, userMessage, aiResponse: 'And then?', resumeBullet: BULLET });
    const before = profile.links.length;
    profile.mode = 'silent';
    expect((await save('First.')).statusCode).toBe(201);
    profile.mode = 'refuse';
    expect((await save('Second.')).statusCode).toBe(201);
    await linksSettled();
    expect(profile.links).toHaveLength(before);
    profile.mode = 'answer';
    // The silent attempt may still be waiting for its answer: the next save after it ends links.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect((await save('Third.')).statusCode).toBe(201);
    await linksSettled();
    expect(profile.links.slice(before)).toEqual([{ userId: ALICE, threadId, ...BULLET }]);
  }, 15_000);
});
