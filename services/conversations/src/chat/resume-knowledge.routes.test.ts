import { RESUME_MESSAGES, type ResumeBulletRef } from '@story/proto';
import { notFound } from '@story/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/conversations-test-kit.ts';
import type { ChatModel, ChatRequest, OpeningRequest } from './chat-model.ts';
import { OfflineCoachModel } from './offline-coach/offline-coach.model.ts';
import type { ResumeKnowledge, ResumeKnowledgeSource } from './resume-knowledge.ts';

const ALICE = 7;
const BOB = 8;
const ROLE = { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022' };
const ALICES_RESUME: ResumeKnowledge = { roles: [{ ...ROLE, bullets: ['Worked on the checkout page'] }] };

/** Profile as the coach sees it: Alice has a résumé with one bullet (résumé 3, `b-checkout`); Bob has none. */
const profile: ResumeKnowledgeSource = {
  async knowledgeOf(userId: number, bullet: ResumeBulletRef | undefined) {
    if (userId !== ALICE) {
      if (bullet) throw notFound(RESUME_MESSAGES.notFound);
      return undefined;
    }
    if (!bullet) return ALICES_RESUME;
    if (bullet.resumeId !== 3 || bullet.bulletId !== 'b-checkout') throw notFound(RESUME_MESSAGES.notFound);
    return { ...ALICES_RESUME, bullet: { text: 'Worked on the checkout page', role: ROLE } };
  },
};

/** The offline coach, keeping what it was asked. */
class ListeningModel implements ChatModel {
  readonly name = 'listening';
  readonly replies: ChatRequest[] = [];
  readonly openings: OpeningRequest[] = [];
  private readonly coach = new OfflineCoachModel();
  async reply(request: ChatRequest): Promise<string> {
    this.replies.push(request);
    return this.coach.reply(request);
  }
  async opening(request: OpeningRequest): Promise<string> {
    this.openings.push(request);
    return this.coach.opening(request);
  }
  async titleFor(userMessages: readonly string[]): Promise<string> {
    return this.coach.titleFor(userMessages);
  }
}

describe('the coach knows the résumé (issue 22, 4)', () => {
  let service: TestService;
  const model = new ListeningModel();

  beforeAll(async () => {
    service = await startTestService({ deps: { chatModel: model, resumes: profile } });
  });
  afterAll(async () => service.close());

  const post = async (url: string, userId: number, payload: object) => service.app.inject({ method: 'POST', url, headers: await service.as(userId), payload });

  it('opens the story behind a bullet of the caller’s résumé by naming the line and its role', async () => {
    const response = await post('/api/process-text/opening', ALICE, { resumeBullet: { resumeId: 3, bulletId: 'b-checkout' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      aiResponse: "Let's tell the story behind “Worked on the checkout page” from your time as Software Engineer at Northwind. What was the situation?",
    });
    expect(model.openings.at(-1)?.resume?.bullet?.text).toBe('Worked on the checkout page');
  });

  it('refuses a bullet that is not the caller’s with profile’s message (404), before any model is asked', async () => {
    const asked = model.replies.length + model.openings.length;
    for (const [url, body] of [
      ['/api/process-text/opening', {}],
      ['/api/process-text', { text: 'It was busy.', conversationHistory: [] }],
    ] as const) {
      const response = await post(url, BOB, { ...body, resumeBullet: { resumeId: 3, bulletId: 'b-checkout' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: RESUME_MESSAGES.notFound });
    }
    expect(model.replies.length + model.openings.length).toBe(asked);
  });

  it('refuses a malformed bullet reference as bad input', async () => {
    const response = await post('/api/process-text', ALICE, { text: 'It was busy.', resumeBullet: { resumeId: 'three', bulletId: 'B!' } });
    expect(response.statusCode).toBe(400);
  });

  it('gives every turn the résumé’s roles, and a turn about a bullet the line too', async () => {
    await post('/api/process-text', ALICE, { text: 'I rewrote the onboarding guide.', conversationHistory: [] });
    expect(model.replies.at(-1)?.resume).toEqual(ALICES_RESUME);
    const told = await post('/api/process-text', ALICE, {
      text: 'Checkout was slow and customers left.',
      conversationHistory: [{ role: 'assistant', content: "Let's tell the story behind “Worked on the checkout page”. What was the situation?" }],
      resumeBullet: { resumeId: 3, bulletId: 'b-checkout' },
    });
    expect(told.statusCode).toBe(200);
    expect(model.replies.at(-1)?.resume?.bullet?.role).toEqual(ROLE);
    // Without a résumé, the model is told nothing about one.
    await post('/api/process-text', BOB, { text: 'I rewrote the onboarding guide.', conversationHistory: [] });
    expect(model.replies.at(-1)).not.toHaveProperty('resume');
  });
});

describe('the coach without the profile service', () => {
  let service: TestService;
  const model = new ListeningModel();

  // The real client, with no NATS to ask: no résumé knowledge, and the conversation goes on.
  beforeAll(async () => {
    service = await startTestService({ deps: { chatModel: model } });
  });
  afterAll(async () => service.close());

  it('replies and opens as before, bullet or not', async () => {
    const headers = await service.as(ALICE);
    const opening = await service.app.inject({
      method: 'POST',
      url: '/api/process-text/opening',
      headers,
      payload: { resumeBullet: { resumeId: 3, bulletId: 'b-checkout' } },
    });
    expect(opening.statusCode).toBe(200);
    const reply = await service.app.inject({ method: 'POST', url: '/api/process-text', headers, payload: { text: 'I rewrote the onboarding guide.' } });
    expect(reply.statusCode).toBe(200);
    expect(model.replies.at(-1)).not.toHaveProperty('resume');
  });
});
