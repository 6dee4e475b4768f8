import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SUBJECTS, PDF_DOWNLOADS, featureLockedMessage, mockInterviewSchema, type MockInterview, type PlanFeature, type UserType } from '@story/proto';
import { StandInPlans, startServiceForTest, subgraphQuery, type ServiceUnderTest } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { feedbackService, type FeedbackDeps } from '../src/app.ts';
import type { FeedbackConfig } from '../src/config.ts';
import { cafeNordSources, answerEvent, scoreAnswer } from './feedback-test-kit.ts';

/**
 * Issue 36, 4 at the feedback service, with its real plan check asking auth over a real nats-server
 * (the test answers `auth.user.settings` as auth would): every door of mock interviews (REST, the
 * speech service's NATS questions, the report's PDF) and of feedback on interview answers (REST and
 * GraphQL) refuses a plan without the feature with 403 and the sentence naming the plan that has it.
 */
const STARTER = 61;
const PRO = 62;
/** On Essentials, which an admin gave mock interviews and took feedback on interview answers from. */
const ESSENTIALS = 63;
const DESCRIPTION = 70;

/** Pro's and Essentials' description, as jobs would tell it. */
const sources = cafeNordSources([PRO, ESSENTIALS], DESCRIPTION);

const ANSWER =
  'At Café Nord customers waited forty minutes at the morning peak. My task was to cut waits without new hires. ' +
  'I rebuilt the rota with the baristas and moved two shifts to the peak. Within six weeks waits fell from 40 to 12 minutes.';

const plans = new StandInPlans()
  .put(STARTER, 'standard')
  .put(PRO, 'pro')
  .put(ESSENTIALS, 'plus')
  .include('plus', { mockInterviews: true, answerFeedback: false });
/** The sentence a refusal of `feature` says, with the plans as the admin set them. */
const locked = (feature: PlanFeature, plan: UserType) => ({ message: featureLockedMessage(feature, plan) });

describe('plan gates of the feedback service', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedback-plans-'));
  let nats: NatsServerHandle;
  let auth: NatsConnection;
  let service: ServiceUnderTest<FeedbackConfig, FeedbackDeps>;
  let interview: MockInterview;
  const headers: Record<number, Record<string, string>> = {};

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    auth = await connect({ servers: nats.url });
    plans.answerOn(auth);
    await auth.flush();
    service = await startServiceForTest(feedbackService, {
      natsUrl: nats.url,
      dataDir: join(dir, 'feedback'),
      deps: { interviewSources: sources, findStories: async () => new Map() },
    });
    for (const person of [STARTER, PRO, ESSENTIALS]) headers[person] = await service.as(person);
    const planned = await call(PRO, 'POST', '/api/mock-interviews', { jobDescriptionId: DESCRIPTION, questionCount: 5 });
    expect(planned.statusCode, planned.body).toBe(201);
    interview = mockInterviewSchema.parse(planned.json());
  });
  afterAll(async () => {
    await service?.close();
    await auth?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function call(person: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
    return service.app.inject({ method, url, headers: headers[person], ...(payload === undefined ? {} : { payload }) });
  }
  const ask = async (subject: string, body: Record<string, unknown>) => (await auth.request(subject, JSON.stringify(body), { timeout: 5000 })).json<unknown>();

  /** Every REST door of mock interviews, on Pro's interview (the plan is checked before whose it is). */
  const mockDoors = (): { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown> }[] => [
    { method: 'POST', url: '/api/mock-interviews', payload: { jobDescriptionId: DESCRIPTION, questionCount: 5 } },
    { method: 'GET', url: `/api/mock-interviews?jobDescriptionId=${DESCRIPTION}` },
    { method: 'GET', url: `/api/mock-interviews/${interview.id}` },
    { method: 'PUT', url: `/api/mock-interviews/${interview.id}/questions/0/story`, payload: { storyId: null } },
    { method: 'POST', url: `/api/mock-interviews/${interview.id}/answers`, payload: { questionIndex: 0, text: ANSWER } },
    { method: 'POST', url: `/api/mock-interviews/${interview.id}/finish` },
    { method: 'GET', url: `/api/mock-interviews/${interview.id}/pdf` },
    { method: 'GET', url: `/api/job-descriptions/${DESCRIPTION}/readiness` },
  ];

  it('refuses Starter on every REST door of mock interviews, naming Essentials (the admin gave it them), and changes nothing', async () => {
    for (const door of mockDoors()) {
      const refused = await call(STARTER, door.method, door.url, door.payload);
      expect(refused.statusCode, `${door.method} ${door.url}`).toBe(403);
      expect(refused.json(), `${door.method} ${door.url}`).toEqual(locked('mockInterviews', 'plus'));
    }
    // A refusal comes before the body is read: a broken body is refused the same way.
    expect((await call(STARTER, 'POST', `/api/mock-interviews/${interview.id}/answers`, { questionIndex: 'x' })).json()).toEqual(
      locked('mockInterviews', 'plus'),
    );
    const unchanged = mockInterviewSchema.parse((await call(PRO, 'GET', `/api/mock-interviews/${interview.id}`)).json());
    expect(unchanged.questions.every((question) => question.answer === null)).toBe(true);
  });

  it('refuses Starter on the speech service’s NATS questions of a mock interview (a spoken answer, the interviewer’s line)', async () => {
    const answer = { userId: STARTER, interviewId: interview.id, questionIndex: 0, part: 'answer', text: ANSWER };
    expect(await ask(MOCK_SUBJECTS.mockAnswer, answer)).toEqual({ ok: false, status: 403, ...locked('mockInterviews', 'plus') });
    expect(await ask(MOCK_SUBJECTS.mockLine, { userId: STARTER, interviewId: interview.id })).toEqual({
      ok: false,
      status: 403,
      ...locked('mockInterviews', 'plus'),
    });
  });

  it('lets Pro through every door: answer spoken over NATS, typed, finish, the report as a PDF, readiness', async () => {
    const line = await ask(MOCK_SUBJECTS.mockLine, { userId: PRO, interviewId: interview.id });
    expect(line).toMatchObject({ ok: true, aiResponse: interview.questions[0]?.text });
    const spoken = await ask(MOCK_SUBJECTS.mockAnswer, { userId: PRO, interviewId: interview.id, questionIndex: 0, part: 'answer', text: ANSWER });
    expect(spoken).toMatchObject({ ok: true });
    const current = mockInterviewSchema.parse((await call(PRO, 'GET', `/api/mock-interviews/${interview.id}`)).json());
    const typed = await call(PRO, 'POST', `/api/mock-interviews/${interview.id}/answers`, {
      questionIndex: current.currentIndex,
      part: current.expecting ?? 'answer',
      text: ANSWER,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await call(PRO, 'POST', `/api/mock-interviews/${interview.id}/finish`)).statusCode).toBe(200);
    const pdf = await call(PRO, 'GET', `/api/mock-interviews/${interview.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.slice(0, 5)).toBe('%PDF-');
    expect((await call(PRO, 'GET', `/api/job-descriptions/${DESCRIPTION}/readiness`)).statusCode).toBe(200);
    expect((await call(PRO, 'GET', `/api/mock-interviews?jobDescriptionId=${DESCRIPTION}`)).statusCode).toBe(200);
  });

  it('gives a plan with mock interviews but not PDF export its interviews, and refuses the report’s PDF as the table says', async () => {
    const planned = await call(ESSENTIALS, 'POST', '/api/mock-interviews', { jobDescriptionId: DESCRIPTION, questionCount: 5 });
    expect(planned.statusCode, planned.body).toBe(201);
    const { id } = mockInterviewSchema.parse(planned.json());
    expect(PDF_DOWNLOADS.mockReport.needs).toEqual(['mockInterviews', 'pdfExport']);
    const pdf = await call(ESSENTIALS, 'GET', `/api/mock-interviews/${id}/pdf`);
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json()).toEqual(locked('pdfExport', 'pro'));
    // Starter is told of the first thing it lacks: mock interviews.
    expect((await call(STARTER, 'GET', `/api/mock-interviews/${id}/pdf`)).json()).toEqual(locked('mockInterviews', 'plus'));
  });

  it('refuses feedback on interview answers where the admin took it out of the plan (REST and GraphQL), never feedback on a story', async () => {
    const practice = answerEvent({
      userId: ESSENTIALS,
      snippetId: 5,
      source: 'spoken',
      delivery: { wordTimings: [{ word: 'at', start: 0.2, end: 0.4 }], durationSeconds: 1 },
    });
    const story = answerEvent({ userId: ESSENTIALS, kind: 'story', threadId: 9 });
    const pros = answerEvent({ userId: PRO, snippetId: 5 });
    for (const event of [practice, story, pros]) await scoreAnswer(service, event);
    const refusal = locked('answerFeedback', 'standard');

    for (const url of [`/api/feedback/${practice.answerId}`, `/api/feedback/${practice.answerId}/events`, '/api/feedback/snippets/5/progress']) {
      const refused = await call(ESSENTIALS, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(refusal);
    }
    const correction = await call(ESSENTIALS, 'PUT', `/api/feedback/${practice.answerId}/transcript`, { transcript: ANSWER });
    expect(correction.statusCode).toBe(403);
    expect(correction.json()).toEqual(refusal);
    expect((await call(ESSENTIALS, 'GET', `/api/feedback/${story.answerId}`)).statusCode).toBe(200);
    expect((await call(PRO, 'GET', `/api/feedback/${pros.answerId}`)).statusCode).toBe(200);
    expect((await call(PRO, 'GET', '/api/feedback/snippets/5/progress')).statusCode).toBe(200);

    const graphql = (query: string, variables: Record<string, unknown>) =>
      subgraphQuery<Record<string, unknown>>(service.app, headers[ESSENTIALS] ?? {}, query, variables);
    for (const [query, variables] of [
      ['query($id: ID!) { answerFeedback(answerId: $id) { overall } }', { id: practice.answerId }],
      ['query($id: ID!) { snippetProgress(snippetId: $id) { questions { question } } }', { id: '5' }],
      ['mutation($id: ID!, $t: String!) { correctAnswer(answerId: $id, transcript: $t) { overall } }', { id: practice.answerId, t: ANSWER }],
      [
        'query($r: [_Any!]!) { _entities(representations: $r) { ... on Answer { feedback { overall } } } }',
        { r: [{ __typename: 'Answer', id: practice.answerId }] },
      ],
    ] as const) {
      const answer = await graphql(query, variables);
      expect(answer.errors?.[0], query).toMatchObject({ message: refusal.message, extensions: { code: 'FORBIDDEN' } });
    }
    const storyFeedback = await graphql('query($id: ID!) { answerFeedback(answerId: $id) { overall } }', { id: story.answerId });
    expect(storyFeedback.errors).toBeUndefined();
  });
});
