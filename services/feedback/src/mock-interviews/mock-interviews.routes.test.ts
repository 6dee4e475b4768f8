import { HttpError } from '@story/service-kit';
import {
  MOCK_INTERVIEW_MESSAGES as M,
  mockAnswerResponseSchema,
  mockInterviewSchema,
  readinessResponseSchema,
  type MatchedStory,
  type MockInterview,
} from '@story/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestFeedback, type TestFeedback } from '../../test/feedback-test-kit.ts';
import type { InterviewSources } from './interview-sources.client.ts';
import { keyedRequirementLines } from '@story/testing/fixtures/job-descriptions';

const ALICE = 21;
const BOB = 22;
const DESCRIPTION = 40;
const BARE = 43;

/** Alice's description and résumé, as jobs and profile would tell them; Bob has neither. */
const sources: InterviewSources = {
  async requirements(userId, jobDescriptionId) {
    // A posting that is only pay and how to apply: nothing to ask about.
    if (userId === ALICE && jobDescriptionId === BARE) return { companyName: 'Cafe', jobTitle: 'Barista', requirements: [], snippets: [] };
    if (userId !== ALICE || jobDescriptionId !== DESCRIPTION) throw new HttpError(404, M.jobDescriptionNotFound);
    return {
      companyName: 'Northwind Health',
      jobTitle: 'Operations Manager',
      requirements: keyedRequirementLines([
        'Experience leading cross-functional teams through change',
        'Track record of improving operational processes with data',
        'Strong stakeholder communication skills',
        'Comfortable managing budgets over $1M',
        // Saved as snippet 501 too: one requirement, one row on the board.
        'Improve scheduling and reduce patient wait times.',
      ]),
      snippets: [{ id: 501, text: 'Improve scheduling and reduce patient wait times' }],
    };
  },
  async resumeLines(userId, resumeId) {
    if (resumeId !== undefined && (userId !== ALICE || resumeId !== 9)) throw new HttpError(404, M.resumeNotFound);
    if (userId !== ALICE) return { resumeId: null, lines: [] };
    return {
      resumeId: 9,
      lines: [
        { bulletId: 'b-rota', text: 'Rebuilt the clinic rota, cutting average waits from 40 to 12 minutes', title: 'Clinic Lead', company: 'Harbor Clinic' },
        { bulletId: 'b-budget', text: 'Owned a $2.4M annual budget across four sites', title: 'Clinic Lead', company: 'Harbor Clinic' },
      ],
    };
  },
};

/** Alice's saved stories: the rota story fits the scheduling requirement. */
const ROTA_STORY: MatchedStory = {
  storyId: 77,
  threadId: 5,
  content:
    'At Harbor Clinic patients waited 40 minutes. I rebuilt the rota around the morning peak with the nurses and cut average waits from 40 to 12 minutes.',
  relevance: 0.8,
};

const STRONG_ANSWER =
  'At Harbor Clinic patients waited forty minutes at the morning peak and complaints were rising. My task was to cut waits without new hires. ' +
  'I pulled three months of arrival data, rebuilt the rota with the nurses and moved two shifts to the peak. Within six weeks average waits fell from 40 to 12 minutes.';
const WEAK_ANSWER = 'I helped the team with the change and everybody was happy with it in the end.';

describe('mock interview routes', () => {
  let service: TestFeedback;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    service = await startTestFeedback({
      deps: {
        interviewSources: sources,
        findStories: async (userId, queries) => new Map(userId === ALICE ? queries.map((query) => [query.key, [ROTA_STORY]]) : []),
      },
    });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const plan = async (body: Record<string, unknown> = {}): Promise<MockInterview> => {
    const response = await call('POST', '/api/mock-interviews', alice, { jobDescriptionId: DESCRIPTION, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return mockInterviewSchema.parse(response.json());
  };
  const answer = (id: number, body: Record<string, unknown>, who = alice) => call('POST', `/api/mock-interviews/${id}/answers`, who, body);

  it('plans 6 questions by default, from the requirements, the résumé and the role, each keeping its source', async () => {
    const interview = await plan();
    expect(interview).toMatchObject({
      status: 'planned',
      currentIndex: 0,
      expecting: 'answer',
      thinkSeconds: 10,
      mode: 'text',
      resumeId: 9,
      engine: 'offline',
    });
    expect(interview.questions).toHaveLength(6);
    const kinds = new Set(interview.questions.map((question) => question.source.kind));
    expect(kinds).toEqual(new Set(['requirement', 'resume', 'role']));
    const difficulties = interview.questions.map((question) => question.difficulty);
    expect(difficulties).toEqual([...difficulties].sort((a, b) => a - b));
    expect(new Set(interview.questions.map((question) => question.text)).size).toBe(6);
    expect(interview.interviewerLine).toBe(interview.questions[0]?.text);
  });

  it('asks nothing about the résumé when the person says so (resumeId null)', async () => {
    const interview = await plan({ resumeId: null });
    expect(interview.resumeId).toBeNull();
    expect(interview.questions.some((question) => question.source.kind === 'resume')).toBe(false);
    expect(interview.questions).toHaveLength(6);
  });

  it('plans from the chosen snippets only, and finds the story that fits each', async () => {
    const interview = await plan({ snippetIds: [501], questionCount: 5, targetRole: 'Head of Operations' });
    const fromRequirements = interview.questions.filter((question) => question.source.kind === 'requirement');
    expect(fromRequirements.map((question) => question.source)).toEqual([
      { kind: 'requirement', key: 'snippet:501', text: 'Improve scheduling and reduce patient wait times', snippetId: 501 },
    ]);
    const scheduling = fromRequirements[0];
    expect(scheduling?.storyFit[0]).toMatchObject({ storyId: 77, threadId: 5 });
    expect(['strong', 'workable']).toContain(scheduling?.storyFit[0]?.fit);
    expect(interview.targetRole).toBe('Head of Operations');
  });

  it('refuses a bad plan with a clear message: counts, think time, another person’s description or résumé, a snippet not of it', async () => {
    for (const [body, status, message] of [
      [{ jobDescriptionId: DESCRIPTION, questionCount: 0 }, 400, M.questionCount],
      [{ jobDescriptionId: DESCRIPTION, questionCount: 50 }, 400, M.questionCount],
      [{ jobDescriptionId: DESCRIPTION, questionCount: 5.5 }, 400, M.questionCount],
      [{ jobDescriptionId: DESCRIPTION, thinkSeconds: 61 }, 400, M.thinkSeconds],
      [{ jobDescriptionId: DESCRIPTION, handsFreeSilenceSeconds: 1 }, 400, M.silenceSeconds],
      [{ jobDescriptionId: DESCRIPTION, targetRole: 'x'.repeat(201) }, 400, M.targetRoleTooLong],
      [{}, 400, M.jobDescriptionRequired],
      [{ jobDescriptionId: 'forty' }, 400, M.jobDescriptionRequired],
      [{ jobDescriptionId: 41 }, 404, M.jobDescriptionNotFound],
      [{ jobDescriptionId: BARE }, 400, M.noRequirements],
      [{ jobDescriptionId: DESCRIPTION, resumeId: 10 }, 404, M.resumeNotFound],
      [{ jobDescriptionId: DESCRIPTION, snippetIds: [502] }, 404, M.snippetNotFound],
    ] as const) {
      const response = await call('POST', '/api/mock-interviews', alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    const foreign = await call('POST', '/api/mock-interviews', bob, { jobDescriptionId: DESCRIPTION });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: M.jobDescriptionNotFound });
    expect((await call('POST', '/api/mock-interviews', {}, { jobDescriptionId: DESCRIPTION })).statusCode).toBe(401);
  });

  it('never grades what is no answer: "I’m ready" gets the question again and records nothing', async () => {
    const interview = await plan();
    for (const text of ["I'm ready", 'Can you repeat the question?', 'give me a second']) {
      const response = await answer(interview.id, { questionIndex: 0, text });
      expect(response.statusCode, text).toBe(200);
      const body = mockAnswerResponseSchema.parse(response.json());
      expect(body.answerId).toBeNull();
      expect(body.next).toMatchObject({ kind: 'question', questionIndex: 0 });
      expect(body.next.text).toContain(interview.questions[0]?.text);
      expect(body.interview.questions[0]?.answer).toBeNull();
    }
  });

  it('asks no follow-up of the warm-up about the role, however it is answered', async () => {
    const interview = await plan();
    expect(interview.questions[0]?.source.kind).toBe('role');
    const warmUp = mockAnswerResponseSchema.parse((await answer(interview.id, { questionIndex: 0, text: WEAK_ANSWER })).json());
    expect(warmUp.next).toMatchObject({ kind: 'question', questionIndex: 1 });
  });

  it('asks one follow-up when the answer has no result in numbers, then moves on; the answers and feedback stay', async () => {
    const interview = await plan();
    // The warm-up first (no follow-up), then the first question about a requirement.
    await answer(interview.id, { questionIndex: 0, text: STRONG_ANSWER });
    const first = mockAnswerResponseSchema.parse((await answer(interview.id, { questionIndex: 1, text: WEAK_ANSWER })).json());
    expect(first.answerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.next.kind).toBe('follow-up');
    expect(first.next.questionIndex).toBe(1);
    expect(first.interview.expecting).toBe('follow-up');
    expect(first.interview.questions[1]?.followUp?.question).toBe(first.next.text);
    expect(first.interview.questions[1]?.answer?.feedback?.overall).toEqual(expect.any(Number));

    // The next question's answer cannot skip the follow-up; the follow-up is answered once.
    const skipping = await answer(interview.id, { questionIndex: 2, text: STRONG_ANSWER });
    expect(skipping.statusCode).toBe(409);
    expect(skipping.json()).toEqual({ message: M.notCurrent });
    const followUp = mockAnswerResponseSchema.parse(
      (await answer(interview.id, { questionIndex: 1, part: 'follow-up', text: 'Waits fell from 40 minutes to 12 within six weeks.' })).json(),
    );
    expect(followUp.next).toMatchObject({ kind: 'question', questionIndex: 2 });
    expect(followUp.next.text).toBe(`Thank you. Next question: ${interview.questions[2]?.text}`);
    const again = await answer(interview.id, { questionIndex: 1, part: 'follow-up', text: 'Again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: M.alreadyAnswered });

    // A strong answer with its numbers gets no follow-up.
    const strong = mockAnswerResponseSchema.parse((await answer(interview.id, { questionIndex: 2, text: STRONG_ANSWER })).json());
    expect(strong.next).toMatchObject({ kind: 'question', questionIndex: 3 });

    // Reloading gives the same place and everything answered.
    const reloaded = mockInterviewSchema.parse((await call('GET', `/api/mock-interviews/${interview.id}`, alice)).json());
    expect(reloaded).toMatchObject({ currentIndex: 3, expecting: 'answer', status: 'in-progress', interviewerLine: interview.questions[3]?.text });
    expect(reloaded.questions[1]?.followUp?.answer?.feedback?.turns).toBe(2);
    expect(reloaded.questions[2]?.answer?.text).toBe(STRONG_ANSWER);
  });

  it('keeps one answer when two tabs answer the same question, and tells the other', async () => {
    const interview = await plan();
    const [one, two] = await Promise.all([
      answer(interview.id, { questionIndex: 0, text: STRONG_ANSWER }),
      answer(interview.id, { questionIndex: 0, text: `${STRONG_ANSWER} Also the nurses were happier.` }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json()).toEqual({ message: M.alreadyAnswered });
    const kept = mockInterviewSchema.parse((await call('GET', `/api/mock-interviews/${interview.id}`, alice)).json());
    expect(kept.questions[0]?.answer).not.toBeNull();
  });

  it('answers a retry of the same answer (same key) with the first result, never a 409 and never a second answer', async () => {
    const interview = await plan();
    const body = { questionIndex: 0, text: STRONG_ANSWER, attemptKey: 'rec-0001-retry' };
    const [first, second] = await Promise.all([answer(interview.id, body), answer(interview.id, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().answerId).toBe(second.json().answerId);
    const third = mockAnswerResponseSchema.parse((await answer(interview.id, body)).json());
    expect(third.answerId).toBe(first.json().answerId);
    expect(third.next).toEqual(first.json().next);
    // Another recording for the same part is another tab's answer: refused.
    const other = await answer(interview.id, { ...body, attemptKey: 'rec-0002-other' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: M.alreadyAnswered });
    expect((await answer(interview.id, { ...body, attemptKey: 'no' })).json()).toEqual({ message: 'attemptKey must be 8 to 64 letters, digits or dashes' });
  });

  it('keeps another person’s interview from them, and refuses answers that are not answers', async () => {
    const interview = await plan();
    expect((await call('GET', `/api/mock-interviews/${interview.id}`, bob)).statusCode).toBe(404);
    expect((await answer(interview.id, { questionIndex: 0, text: STRONG_ANSWER }, bob)).json()).toEqual({ message: M.notFound });
    for (const [body, status, message] of [
      [{ questionIndex: 0, text: '   ' }, 400, M.answerEmpty],
      [{ questionIndex: 0, text: 'x'.repeat(20_001) }, 400, M.answerTooLong],
      [{ questionIndex: 99, text: STRONG_ANSWER }, 404, M.questionNotFound],
      [{ questionIndex: 0, part: 'follow-up', text: STRONG_ANSWER }, 409, M.notCurrent],
    ] as const) {
      const response = await answer(interview.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect((await call('GET', '/api/mock-interviews/abc', alice)).statusCode).toBe(400);
  });

  it('pins a story that fits, refuses one that does not, and unpins', async () => {
    const interview = await plan();
    const pinned = mockInterviewSchema.parse((await call('PUT', `/api/mock-interviews/${interview.id}/questions/1/story`, alice, { storyId: 77 })).json());
    expect(pinned.questions[1]?.pinnedStoryId).toBe(77);
    const stranger = await call('PUT', `/api/mock-interviews/${interview.id}/questions/1/story`, alice, { storyId: 78 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: M.storyNotFound });
    const unpinned = mockInterviewSchema.parse((await call('PUT', `/api/mock-interviews/${interview.id}/questions/1/story`, alice, { storyId: null })).json());
    expect(unpinned.questions[1]?.pinnedStoryId).toBeNull();
  });

  it('finishes with a report: overall, three things to work on quoting the answers, and the comparison with the previous interview', async () => {
    const first = await plan();
    const early = await call('POST', `/api/mock-interviews/${first.id}/finish`, alice);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: M.nothingAnswered });
    await answer(first.id, { questionIndex: 0, text: WEAK_ANSWER });
    const done = mockInterviewSchema.parse((await call('POST', `/api/mock-interviews/${first.id}/finish`, alice)).json());
    expect(done.status).toBe('finished');
    expect(done.report?.answered).toBe(1);
    expect(done.report?.readiness).toBe('not-yet');
    expect(done.report?.workOn.length).toBeGreaterThan(0);
    for (const item of done.report?.workOn ?? []) expect(WEAK_ANSWER).toContain(item.quote.replace(/…$/, ''));
    const late = await answer(first.id, { questionIndex: 0, part: 'follow-up', text: STRONG_ANSWER });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: M.finished });

    const second = await plan();
    await answer(second.id, { questionIndex: 0, text: STRONG_ANSWER });
    const report = mockInterviewSchema.parse((await call('POST', `/api/mock-interviews/${second.id}/finish`, alice)).json()).report;
    expect(report?.previous?.interviewId).toBe(first.id);
    expect(report?.previous?.change).toBeCloseTo((report?.overall ?? 0) - (report?.previous?.overall ?? 0), 1);
    expect(report?.previous?.requirements.length).toBeGreaterThan(0);
    // Finishing again keeps the report.
    const again = mockInterviewSchema.parse((await call('POST', `/api/mock-interviews/${second.id}/finish`, alice)).json());
    expect(again.report).toEqual(report);
  });

  it('shows readiness per requirement: best score, attempts, the story, and 404 for another person’s description', async () => {
    const response = await call('GET', `/api/job-descriptions/${DESCRIPTION}/readiness`, alice);
    expect(response.statusCode).toBe(200);
    const board = readinessResponseSchema.parse(response.json());
    expect(board.requirements.map((row) => row.key)).toEqual(['snippet:501', 'line:0', 'line:1', 'line:2', 'line:3']);
    const practised = board.requirements.filter((row) => row.attempts > 0);
    expect(practised.length).toBeGreaterThan(0);
    for (const row of practised) expect(row.bestScore).toEqual(expect.any(Number));
    for (const row of board.requirements.filter((entry) => entry.attempts === 0)) expect(row).toMatchObject({ bestScore: null, level: 'not-yet' });
    expect((await call('GET', `/api/job-descriptions/${DESCRIPTION}/readiness`, bob)).json()).toEqual({ message: M.jobDescriptionNotFound });
  });
});
