import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLockedMessage, mockInterviewSchema, usageResponseSchema, type PlanFeature, type UserType } from '@story/proto';
import { makeSpokenAnswerWav } from '@story/testing/spoken-answer';
import { startTestStack } from '@story/testing/test-stack';
import { signedUpPerson, uniqueEmail, type ApiClient } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

/**
 * Issue 36, 4 through the gateway, everything real: each plan feature is checked by the service that
 * owns it, whatever the door. A Starter person is refused mock interviews (REST, readiness, a spoken
 * answer through the transcribe form and a live recording's finish, before any of its audio is heard;
 * GraphQL has no mock interview field) and every PDF, with the
 * sentence naming the plan that has what they lack; a person on Essentials, from which an admin took
 * interview practice and feedback on interview answers, is refused them through REST and GraphQL;
 * a Pro person goes through every one of those doors, a spoken mock interview answer included.
 */
const adminEmail = uniqueEmail('gates-admin');
const POSTING = '## Requirements\n\n- Experience leading database migrations with zero downtime\n- Strong written communication with product teams';
const ANSWER =
  'At Contoso our checkout database failed twice a month. My task was to move it to PostgreSQL without downtime. ' +
  'I wrote the dual-write plan and led the cutover. We finished two weeks early and errors dropped by 80 percent.';

let stack: StackHandle;
const dir = mkdtempSync(join(tmpdir(), 'plan-gates-stack-'));
// Owns its stack: an admin takes features from the Essentials plan, which every person on the stack would see.
beforeAll(async () => {
  stack = await startTestStack({ env: { ADMIN_EMAILS: adminEmail } });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const locked = (feature: PlanFeature, plan: UserType) => ({ message: featureLockedMessage(feature, plan) });
/** The transcribe form of a spoken mock interview answer, as the web app sends it when a live finish failed. */
const mockAnswerForm = (interviewId: number, questionIndex = 0) => {
  const form = new FormData();
  form.set('audio', new Blob([readFileSync(join(dir, 'spoken-answer.wav'))], { type: 'audio/wav' }), 'answer.wav');
  form.set('conversationHistory', '[]');
  form.set('mockInterviewId', String(interviewId));
  form.set('mockQuestionIndex', String(questionIndex));
  form.set('mockPart', 'answer');
  return form;
};
const usedSeconds = async (client: ApiClient) => usageResponseSchema.parse((await client.get('/api/usage')).body).usedSeconds;

describe('plan gates through the gateway', () => {
  it('refuses each door to the plans without its feature, with the plan’s sentence, and opens it to those with it', async () => {
    makeSpokenAnswerWav(dir);
    const admin = await signedUpPerson(stack.gatewayUrl, adminEmail);
    const starter = await signedUpPerson(stack.gatewayUrl, uniqueEmail('gates-starter'));
    const essentials = await signedUpPerson(stack.gatewayUrl, uniqueEmail('gates-essentials'));
    const pro = await signedUpPerson(stack.gatewayUrl, uniqueEmail('gates-pro'));
    expect((await admin.client.patch(`/api/users/${pro.id}`, { userType: 'pro' })).status).toBe(200);
    expect((await admin.client.patch(`/api/users/${essentials.id}`, { userType: 'plus' })).status).toBe(200);
    const taken = await admin.client.patch('/api/user-type-settings/plus', {
      timeLimit: 300,
      responseType: 'text',
      features: { interviewPractice: false, answerFeedback: false },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    // Pro: a description, a thread, a mock interview.
    const confirmed = await pro.client.post('/api/confirm-job-description', {
      formattedContent: POSTING,
      jobTitle: 'Platform Engineer',
      companyName: 'Northwind',
    });
    expect(confirmed.status).toBe(201);
    const jobDescriptionId: number = confirmed.body.id;
    const planned = await pro.client.post('/api/mock-interviews', { jobDescriptionId, questionCount: 5 });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    const interview = mockInterviewSchema.parse(planned.body);

    // Starter: mock interviews, by REST and by the transcribe form (refused before anything is heard: no minutes counted).
    const mockLocked = locked('mockInterviews', 'pro');
    for (const [method, path, body] of [
      ['POST', '/api/mock-interviews', { jobDescriptionId, questionCount: 5 }],
      ['GET', `/api/mock-interviews/${interview.id}`, undefined],
      ['POST', `/api/mock-interviews/${interview.id}/answers`, { questionIndex: 0, text: ANSWER }],
      ['POST', `/api/mock-interviews/${interview.id}/finish`, {}],
      ['GET', `/api/mock-interviews/${interview.id}/pdf`, undefined],
      ['GET', `/api/job-descriptions/${jobDescriptionId}/readiness`, undefined],
      ['POST', '/api/transcribe/opening', { mockInterviewId: interview.id }],
    ] as const) {
      const refused = await starter.client.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body, `${method} ${path}`).toEqual(mockLocked);
    }
    const spokenByStarter = await starter.client.request('POST', '/api/transcribe', mockAnswerForm(interview.id));
    expect(spokenByStarter.status).toBe(403);
    expect(spokenByStarter.body).toEqual(mockLocked);
    // By voice, live (issue 39): a recording opened and stopped as an answer of the interview is refused at its finish.
    const session = await starter.client.post('/api/transcribe/sessions', { mimeType: 'audio/webm;codecs=opus', recordingId: 'gates-live-0001' });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const finished = await starter.client.post(`/api/transcribe/sessions/${session.body.sessionId}/finish`, {
      chunkCount: 1,
      recordingId: 'gates-live-0001',
      mockInterview: { id: interview.id, questionIndex: 0, part: 'answer' },
    });
    expect(finished.status).toBe(403);
    expect(finished.body).toEqual(mockLocked);
    expect((await starter.client.request('DELETE', `/api/transcribe/sessions/${session.body.sessionId}?recordingId=gates-live-0001`)).status).toBe(204);
    expect(await usedSeconds(starter.client)).toBe(0);
    // By GraphQL: the graph has no door to mock interviews (they are REST's and voice's only), so a document asking for one gets no data.
    const graphDoor = await starter.client.post('/graphql', { query: `{ mockInterview(id: "${interview.id}") { id } }` });
    expect(graphDoor.body.data ?? null).toBeNull();
    expect(graphDoor.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // The graph tells the plans as the gates read them: mock interviews are Pro's, the plan the sentence names.
    const plans = await starter.client.post('/graphql', { query: '{ myPlan { userType } plans { userType features { mockInterviews } } }' });
    expect(plans.body.data).toEqual({
      myPlan: { userType: 'standard' },
      plans: [
        { userType: 'standard', features: { mockInterviews: false } },
        { userType: 'plus', features: { mockInterviews: false } },
        { userType: 'pro', features: { mockInterviews: true } },
      ],
    });

    // Starter: every PDF, each refused as the plan table says.
    const thread = await starter.client.post('/api/conversation-threads');
    expect(
      (await starter.client.post('/api/conversations', { threadId: thread.body.threadId, userMessage: ANSWER, aiResponse: 'What did you learn?' })).status,
    ).toBe(201);
    const starterPosting = await starter.client.post('/api/confirm-job-description', { formattedContent: POSTING, jobTitle: 'Lead', companyName: 'Acme' });
    const snippet = await starter.client.post('/api/job-description-snippets', { jobDescriptionId: starterPosting.body.id, snippetText: '- Lead migrations' });
    expect(snippet.status).toBe(201);
    for (const [path, refusal] of [
      [`/api/conversation-threads/${thread.body.threadId}/pdf`, locked('pdfExport', 'pro')],
      [`/api/snippet-conversations/${snippet.body.id}/pdf`, locked('pdfExport', 'pro')],
      [`/api/mock-interviews/${interview.id}/pdf`, mockLocked],
      ['/api/resumes/1/pdf', locked('resume', 'plus')],
    ] as const) {
      const pdf = await starter.client.get(path);
      expect(pdf.status, path).toBe(403);
      expect(pdf.body, path).toEqual(refusal);
    }

    // Essentials without interview practice and feedback on interview answers: REST and GraphQL alike.
    const practiceLocked = locked('interviewPractice', 'standard');
    expect((await essentials.client.get('/api/formatted-job-descriptions')).body).toEqual(practiceLocked);
    expect((await essentials.client.post('/api/process-text', { text: 'I led the migration.', context: '- Lead migrations' })).body).toEqual(practiceLocked);
    for (const query of [
      '{ formattedJobDescriptions { id } }',
      'mutation { processText(text: "I led the migration.", context: "- Lead migrations") { aiResponse } }',
      '{ snippetProgress(snippetId: "1") { questions { question } } }',
    ]) {
      const answer = await essentials.client.post('/graphql', { query });
      expect(answer.body.errors?.[0]?.message, query).toBe(
        query.includes('snippetProgress') ? featureLockedMessage('answerFeedback', 'standard') : practiceLocked.message,
      );
    }
    // A story is every plan's.
    expect((await essentials.client.post('/api/process-text', { text: 'I led the migration of our checkout database.' })).status).toBe(200);

    // Pro: every door opens, a spoken answer through the transcribe form included.
    const spoken = await pro.client.request('POST', '/api/transcribe', mockAnswerForm(interview.id));
    expect(spoken.status, JSON.stringify(spoken.body)).toBe(200);
    expect(spoken.body.answerId).toMatch(/^[0-9a-f-]{36}$/);
    const current = mockInterviewSchema.parse((await pro.client.get(`/api/mock-interviews/${interview.id}`)).body);
    const typed = await pro.client.post(`/api/mock-interviews/${interview.id}/answers`, {
      questionIndex: current.currentIndex,
      part: current.expecting ?? 'answer',
      text: ANSWER,
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect((await pro.client.post(`/api/mock-interviews/${interview.id}/finish`)).status).toBe(200);
    expect((await pro.client.get(`/api/job-descriptions/${jobDescriptionId}/readiness`)).status).toBe(200);
    const proThread = await pro.client.post('/api/conversation-threads');
    expect(
      (await pro.client.post('/api/conversations', { threadId: proThread.body.threadId, userMessage: ANSWER, aiResponse: 'What did you learn?' })).status,
    ).toBe(201);
    for (const path of [`/api/mock-interviews/${interview.id}/pdf`, `/api/conversation-threads/${proThread.body.threadId}/pdf`]) {
      const pdf = await fetch(`${stack.gatewayUrl}${path}`, { headers: { cookie: pro.client.cookieHeader() } });
      expect(pdf.status, path).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
        path,
      ).toBe('%PDF-');
    }
  }, 240_000);
});
