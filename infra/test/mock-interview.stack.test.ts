import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOCK_INTERVIEW_MESSAGES as M, mockInterviewSchema, readinessResponseSchema, type MockInterview } from '@story/proto';
import { SPOKEN_ANSWER_PARTS, makeSpokenAnswerWav, spokenAnswerWav } from '@story/testing/spoken-answer';
import { uniqueEmail, signedUpPerson } from '@story/testing/api-client';
import { reserveAdminEmail, scriptSpeech, standardStack, type StandardStack } from '@story/testing/standard-stack';

/**
 * Issue 23 across the running system: a person saves a posting (jobs), a story (conversations →
 * search) and a résumé (profile), plans a mock interview through the gateway (feedback asks jobs,
 * profile and search over NATS, each with its own NATS user), hears the question (speech asks
 * feedback), answers typed and spoken (a recording sent whole, as after a failed live finish), gets
 * the report and the readiness board; deleting the description takes its interviews with it. The
 * speech worker runs the scripted engines (the recording measured by ffmpeg, its words the script's,
 * the interviewer's line a hum as long as festival would take): the voice interview with the real
 * engines is mock-interview.browser's.
 */
let adminEmail: string;
const POSTING = [
  '# Platform Engineer',
  '',
  'Northwind builds logistics software used by 4,000 warehouses.',
  '',
  '## Requirements',
  '',
  '- Experience leading database migrations with zero downtime',
  '- Strong written communication with product and support teams',
  '- Comfortable mentoring junior engineers',
  '',
  '## Benefits',
  '',
  '- 30 days of paid leave',
  '- Free lunch on Fridays',
].join('\n');
const STORY = 'I led the migration of our checkout database to PostgreSQL with zero downtime; we finished two weeks early and errors dropped by 80 percent.';
const RESUME = [
  'Ada Park',
  'ada.park@example.com',
  '',
  'EXPERIENCE',
  'Platform Engineer, Contoso — Jan 2021 – Present',
  '• Cut deploy times from 40 to 9 minutes by rebuilding the CI pipeline',
  '• Mentored four junior engineers through their first on-call rotations',
  '',
  'SKILLS',
  'PostgreSQL, Kubernetes, Go',
].join('\n');
const STRONG_ANSWER =
  'At Contoso our checkout database ran on an old MySQL cluster that failed twice a month. My task was to move it to PostgreSQL without downtime. ' +
  'I wrote the dual-write plan, ran shadow reads for two weeks and led the cutover at night. We finished two weeks early and errors dropped by 80 percent.';

const SPOKEN = SPOKEN_ANSWER_PARTS.join(' ');
let stack: StandardStack;
beforeAll(async () => {
  stack = await standardStack();
  adminEmail = reserveAdminEmail(stack);
  scriptSpeech(stack, [{ audio: spokenAnswerWav(), words: SPOKEN }]);
});

const signUp = (email: string) => signedUpPerson(stack.gatewayUrl, email);

describe('mock interviews through the gateway', () => {
  it('plans from the posting, the résumé and the saved story; answers typed and spoken; reports; counts readiness; goes with its description', async () => {
    const admin = await signUp(adminEmail);
    const ada = await signUp(uniqueEmail('mock'));
    const bob = await signUp(uniqueEmail('mock-bob'));
    // Mock interviews are Pro's (issue 36): both on Pro, so that Bob is refused Ada's interview for being hers, not for his plan.
    for (const person of [ada, bob]) expect((await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(200);
    // Pro replies by voice, as the pricing copy sells it (the same on every run: safe on the shared stack): the interviewer is heard.
    expect((await admin.client.patch('/api/user-type-settings/pro', { timeLimit: 300, responseType: 'text_and_voice' })).status).toBe(200);

    const confirmed = await ada.client.post('/api/confirm-job-description', {
      formattedContent: POSTING,
      jobTitle: 'Platform Engineer',
      companyName: 'Northwind',
    });
    expect(confirmed.status).toBe(201);
    const jobDescriptionId: number = confirmed.body.id;
    const thread = await ada.client.post('/api/conversation-threads');
    expect(
      (await ada.client.post('/api/conversations', { threadId: thread.body.threadId, userMessage: STORY, aiResponse: 'What did you learn?' })).status,
    ).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([RESUME]), 'ada.txt');
    const resume = await ada.client.request('POST', '/api/resumes', form);
    expect(resume.status, JSON.stringify(resume.body)).toBe(201);

    // Search indexes the story a moment after it is saved: plan until the migration question finds it.
    let interview: MockInterview | undefined;
    await expect
      .poll(
        async () => {
          const planned = await ada.client.post('/api/mock-interviews', { jobDescriptionId, questionCount: 5, mode: 'voice', targetRole: 'Staff Engineer' });
          expect(planned.status, JSON.stringify(planned.body)).toBe(201);
          interview = mockInterviewSchema.parse(planned.body);
          return interview.questions.some((question) => question.storyFit.some((fit) => fit.threadId === thread.body.threadId));
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    if (!interview) throw new Error('no interview');
    expect(interview.questions).toHaveLength(5);
    const sources = interview.questions.map((question) => question.source);
    // The requirements come from the posting's requirement lines, never its benefits or blurb.
    for (const source of sources.filter((entry) => entry.kind === 'requirement')) expect(POSTING).toContain(source.text);
    expect(sources.some((source) => source.kind === 'resume' && RESUME.includes(source.text))).toBe(true);
    expect(sources.some((source) => source.kind === 'role' && source.text === 'Staff Engineer')).toBe(true);
    expect(JSON.stringify(interview)).not.toMatch(/paid leave|Free lunch/);

    // Another person's description is not found; nor is the interview.
    const foreign = await bob.client.post('/api/mock-interviews', { jobDescriptionId });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: M.jobDescriptionNotFound });
    expect((await bob.client.get(`/api/mock-interviews/${interview.id}`)).status).toBe(404);
    expect((await ada.client.post('/api/mock-interviews', { jobDescriptionId, questionCount: 50 })).body).toEqual({ message: M.questionCount });

    // The interviewer says the current question (speech asks feedback over NATS).
    const opening = await ada.client.post('/api/transcribe/opening', { mockInterviewId: interview.id });
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
    expect(opening.body.aiResponse).toBe(interview.questions[0]?.text);
    expect(opening.body.audioResponse?.length ?? 0).toBeGreaterThan(1000);

    // A typed answer to the first question.
    const typed = await ada.client.post(`/api/mock-interviews/${interview.id}/answers`, { questionIndex: 0, text: STRONG_ANSWER });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    let current = mockInterviewSchema.parse(typed.body.interview);

    // A spoken answer sent whole: the interview records it and the interviewer's next words are the reply.
    const dir = mkdtempSync(join(tmpdir(), 'mock-stack-'));
    try {
      const spoken = new FormData();
      spoken.set('audio', new Blob([readFileSync(makeSpokenAnswerWav(dir))], { type: 'audio/wav' }), 'answer.wav');
      spoken.set('mockInterviewId', String(interview.id));
      spoken.set('mockQuestionIndex', String(current.currentIndex));
      spoken.set('mockPart', current.expecting ?? 'answer');
      const reply = await ada.client.request('POST', '/api/transcribe', spoken);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.transcript).toBe(SPOKEN);
      expect(reply.body.answerId).toMatch(/^[0-9a-f-]{36}$/);
      const after = mockInterviewSchema.parse((await ada.client.get(`/api/mock-interviews/${interview.id}`)).body);
      expect(reply.body.aiResponse).toContain(after.interviewerLine);
      const answered = after.questions
        .flatMap((question) => [question.answer, question.followUp?.answer])
        .find((entry) => entry?.answerId === reply.body.answerId);
      expect(answered?.source).toBe('spoken');
      expect(answered?.feedback?.delivery?.wordsPerMinute).toBeGreaterThan(60);
      expect(answered?.feedback?.delivery?.thinkingSeconds).toBeGreaterThanOrEqual(0);
      current = after;

      // The same recording sent again (its reply was lost: a worker died after the answer was kept) gets the same answer, not a second one nor a 409.
      const again = await ada.client.request('POST', '/api/transcribe', spoken);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.answerId).toBe(reply.body.answerId);
      expect(again.body.aiResponse).toBe(reply.body.aiResponse);

      // The interview's three fields go together.
      const partial = new FormData();
      partial.set('audio', new Blob([readFileSync(makeSpokenAnswerWav(dir, 'other.wav'))], { type: 'audio/wav' }), 'answer.wav');
      partial.set('mockInterviewId', String(interview.id));
      const refused = await ada.client.request('POST', '/api/transcribe', partial);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'mockInterviewId, mockQuestionIndex and mockPart go together' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const finished = mockInterviewSchema.parse((await ada.client.post(`/api/mock-interviews/${interview.id}/finish`)).body);
    expect(finished.status).toBe('finished');
    expect(finished.report?.answered).toBe(2);
    expect(finished.report?.workOn.length).toBeGreaterThan(0);
    const late = await ada.client.post(`/api/mock-interviews/${interview.id}/answers`, { questionIndex: current.currentIndex, text: STRONG_ANSWER });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: M.finished });

    const board = readinessResponseSchema.parse((await ada.client.get(`/api/job-descriptions/${jobDescriptionId}/readiness`)).body);
    expect(board.requirements.map((row) => row.text)).toEqual([
      'Experience leading database migrations with zero downtime',
      'Strong written communication with product and support teams',
      'Comfortable mentoring junior engineers',
    ]);
    expect(board.requirements.reduce((sum, row) => sum + row.attempts, 0)).toBeGreaterThan(0);
    expect(board.requirements[0]?.story?.excerpt).toContain('migration');
    expect((await bob.client.get(`/api/job-descriptions/${jobDescriptionId}/readiness`)).status).toBe(404);

    // Deleting the description takes its interviews with it (feedback follows the event).
    expect((await ada.client.delete(`/api/formatted-job-descriptions/${jobDescriptionId}`)).status).toBe(200);
    await expect.poll(async () => (await ada.client.get(`/api/mock-interviews/${interview?.id}`)).status, { timeout: 10_000, interval: 200 }).toBe(404);
  });
});
