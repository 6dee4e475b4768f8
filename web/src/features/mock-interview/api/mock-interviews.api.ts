import {
  mockAnswerResponseSchema,
  mockInterviewSchema,
  mockInterviewSummarySchema,
  readinessResponseSchema,
  spokenOpeningResponseSchema,
  type CreateMockInterviewRequest,
  type MockAnswerRequest,
  type MockAnswerResponse,
  type MockInterview,
  type ReadinessResponse,
  type SpokenOpeningResponse,
} from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';

/*
 * Mock interviews (issue 23) go over REST: the feedback service plans, records and scores them; the
 * speech service speaks the interviewer's line and takes spoken answers (a voice session's finish).
 */

const parseInterview = (data: unknown): MockInterview => mockInterviewSchema.parse(data);
const summariesSchema = mockInterviewSummarySchema.array();
export type MockInterviewSummary = ReturnType<typeof summariesSchema.parse>[number];

/** Plans a mock interview (AI work): the planned interview, its questions and the stories that fit them. */
export function createMockInterview(request: CreateMockInterviewRequest): Promise<MockInterview> {
  return httpClient.post('/api/mock-interviews', { ...request }, { parse: parseInterview });
}

export function fetchMockInterview(id: number): Promise<MockInterview> {
  return httpClient.get(`/api/mock-interviews/${id}`, { parse: parseInterview });
}

/** The person's mock interviews for a job description, newest first. */
export function fetchMockInterviews(jobDescriptionId: number): Promise<MockInterviewSummary[]> {
  return httpClient.get(`/api/mock-interviews?jobDescriptionId=${jobDescriptionId}`, { parse: (data) => summariesSchema.parse(data) });
}

/** Pins one of the person's stories to a question (null unpins). */
export function pinStory(id: number, questionIndex: number, storyId: number | null): Promise<MockInterview> {
  return httpClient.put(`/api/mock-interviews/${id}/questions/${questionIndex}/story`, { storyId }, { parse: parseInterview });
}

/**
 * A typed answer (409 when that part was answered already, in another tab, or the interview is
 * finished); the same `attemptKey` sent again gets the first result.
 */
export function answerInWriting(id: number, answer: MockAnswerRequest): Promise<MockAnswerResponse> {
  return httpClient.post(`/api/mock-interviews/${id}/answers`, { ...answer }, { parse: (data) => mockAnswerResponseSchema.parse(data) });
}

/** Ends the interview: the interview with its report. */
export function finishMockInterview(id: number): Promise<MockInterview> {
  return httpClient.post(`/api/mock-interviews/${id}/finish`, undefined, { parse: parseInterview });
}

/** What the interviewer says now, spoken when the person's plan speaks replies (text only otherwise). */
export function fetchInterviewerLine(mockInterviewId: number): Promise<SpokenOpeningResponse> {
  return httpClient.post('/api/transcribe/opening', { mockInterviewId }, { parse: (data) => spokenOpeningResponseSchema.parse(data) });
}

export function fetchReadiness(jobDescriptionId: number): Promise<ReadinessResponse> {
  return httpClient.get(`/api/job-descriptions/${jobDescriptionId}/readiness`, { parse: (data) => readinessResponseSchema.parse(data) });
}
