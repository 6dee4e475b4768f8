import { LIMITS, MOCK_INTERVIEW_MESSAGES as M, mockInterviewSchema, pdfTurnCutNote, type MockInterview } from '@story/proto';
import { pdfDownloadCounts } from '@story/testing/pdf-downloads';
import { flatText, missingInOrder, pdfReader } from '@story/service-kit/pdf/pdf-reader.testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafeNordSources, startTestFeedback, type TestFeedback } from './feedback-test-kit.ts';

// Beside the service's other tests rather than in src/mock-interviews/, which another change is reworking.

const ALICE = 31;
const BOB = 32;
const DESCRIPTION = 50;

const sources = cafeNordSources([ALICE], DESCRIPTION);

const STRONG_ANSWER =
  'At Café Nord customers waited forty minutes at the morning peak and complaints were rising. My task was to cut waits without new hires. ' +
  'I pulled three months of till data, rebuilt the rota with the baristas and moved two shifts to the peak. Within six weeks average waits fell from 40 to 12 minutes.';

describe('a mock interview’s report as a PDF (GET /api/mock-interviews/{id}/pdf)', () => {
  let service: TestFeedback;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const reader = pdfReader('mock-report-pdf');

  beforeAll(async () => {
    service = await startTestFeedback({ deps: { interviewSources: sources, findStories: async () => new Map() } });
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => {
    reader.close();
    await service?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const finishedInterview = async (): Promise<MockInterview> => {
    const planned = await call('POST', '/api/mock-interviews', alice, { jobDescriptionId: DESCRIPTION, questionCount: 5 });
    expect(planned.statusCode, planned.body).toBe(201);
    const { id } = mockInterviewSchema.parse(planned.json());
    expect((await call('POST', `/api/mock-interviews/${id}/answers`, alice, { questionIndex: 0, text: STRONG_ANSWER })).statusCode).toBe(200);
    const finished = await call('POST', `/api/mock-interviews/${id}/finish`, alice);
    expect(finished.statusCode, finished.body).toBe(200);
    return mockInterviewSchema.parse(finished.json());
  };

  it('gives the overall score, readiness, things to work on, then each question with the answer, its scores and STAR parts', async () => {
    const interview = await finishedInterview();
    const response = await call('GET', `/api/mock-interviews/${interview.id}/pdf?timeZone=Europe/Paris`, alice);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Mock-interview-Operations-Manager-Cafe-Nord.pdf"');
    const file = reader.file(response.rawPayload);
    const text = flatText(reader.text(file));
    const report = interview.report;
    if (!report) throw new Error('finished without a report');
    const first = interview.questions[0];
    const inOrder = [
      'Mock interview: Operations Manager at Café Nord',
      'Finished',
      `1 of ${interview.questions.length} questions answered`,
      'Overall',
      `${report.overall.toFixed(1)} / 10`,
      ...(report.workOn.length > 0 ? ['Three things to work on', `1. ${report.workOn[0]?.title ?? ''}`] : []),
      'Question 1 of the interview',
      'Interviewer',
      flatText(first?.text ?? '?'),
      'You ·',
      'At Café Nord customers waited forty minutes',
      'Score',
      'Relevance',
      'Structure',
      'Situation —',
      'Result —',
      'Question 2 of the interview',
      'Not answered.',
    ];
    expect(missingInOrder(text, inOrder)).toBeUndefined();
    expect(text).toMatch(/Page 1 of \d/);
    expect(reader.info(file)['Page size']).toMatch(/^595\.\d+ x 841/);
    const letter = await call('GET', `/api/mock-interviews/${interview.id}/pdf?paper=letter`, alice);
    expect(reader.info(reader.file(letter.rawPayload))['Page size']).toMatch(/^612 x 792 pts/);
    expect(reader.pictures(file, 'report', { dpi: 50, first: 1, last: 1 })).toHaveLength(1);
  });

  it('makes an unchanged report once and anew after another answer; an answer past the cap is cut with a note', async () => {
    const planned = await call('POST', '/api/mock-interviews', alice, { jobDescriptionId: DESCRIPTION, questionCount: 5 });
    const { id } = mockInterviewSchema.parse(planned.json());
    const long = `${STRONG_ANSWER} `
      .repeat(Math.ceil(LIMITS.messageText / (STRONG_ANSWER.length + 1)))
      .slice(0, LIMITS.messageText - 12)
      .concat(' [the end]');
    expect((await call('POST', `/api/mock-interviews/${id}/answers`, alice, { questionIndex: 0, text: long })).statusCode).toBe(200);
    const before = await pdfDownloadCounts(service.app, 'mock-report');
    const first = await call('GET', `/api/mock-interviews/${id}/pdf`, alice);
    const second = await call('GET', `/api/mock-interviews/${id}/pdf`, alice);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const text = flatText(reader.text(reader.file(first.rawPayload)));
    expect(text).toContain(flatText(pdfTurnCutNote()));
    expect(text).not.toContain('[the end]');
    expect(await pdfDownloadCounts(service.app, 'mock-report')).toEqual({ ...before, rendered: before.rendered + 1, cached: before.cached + 1 });

    expect((await call('POST', `/api/mock-interviews/${id}/answers`, alice, { questionIndex: 1, text: STRONG_ANSWER })).statusCode).toBe(200);
    const third = await call('GET', `/api/mock-interviews/${id}/pdf`, alice);
    expect(third.statusCode).toBe(200);
    expect(await pdfDownloadCounts(service.app, 'mock-report')).toEqual({ ...before, rendered: before.rendered + 2, cached: before.cached + 1 });
    // Bob asking for it is still a 404, whatever was kept for Alice.
    expect((await call('GET', `/api/mock-interviews/${id}/pdf`, bob)).statusCode).toBe(404);
  });

  it('answers 404 for another person’s interview, 400 for a bad id or paper', async () => {
    const interview = await finishedInterview();
    const foreign = await call('GET', `/api/mock-interviews/${interview.id}/pdf`, bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: M.notFound });
    expect((await call('GET', '/api/mock-interviews/abc/pdf', alice)).statusCode).toBe(400);
    const paper = await call('GET', `/api/mock-interviews/${interview.id}/pdf?paper=a5`, alice);
    expect(paper.statusCode).toBe(400);
    expect(paper.json()).toEqual({ message: 'paper must be a4 or letter' });
  });
});
