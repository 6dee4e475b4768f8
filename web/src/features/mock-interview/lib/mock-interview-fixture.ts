import type { AnswerFeedback, MockInterview, MockQuestion, ReadinessResponse } from '@story/proto';

/** Feedback on a typed answer scored `overall`, for tests. */
function feedbackOn(answer: string, overall: number): AnswerFeedback {
  return {
    answerId: `answer-${overall}`,
    question: 'Tell me about a time you led a project.',
    answer,
    source: 'typed',
    engine: 'offline',
    kind: 'practice',
    turns: 1,
    overall,
    star: [],
    next: null,
    assessment: [],
    delivery: null,
    attempt: 1,
    attempts: 1,
    best: true,
    questionId: null,
    answeredAt: '2026-03-01T09:05:00.000Z',
    uncertain: [],
    corrected: false,
  };
}

/** A question of a mock interview as the API gives it, for tests. */
export function questionFixture(index: number, overrides: Partial<MockQuestion> = {}): MockQuestion {
  return {
    index,
    text: `Tell me about a time you led a project (${index + 1}).`,
    source: { kind: 'requirement', key: `snippet:${index + 1}`, text: 'Lead cross-functional projects', snippetId: index + 1 },
    difficulty: Math.min(5, index + 1),
    storyFit: [],
    pinnedStoryId: null,
    answer: null,
    followUp: null,
    ...overrides,
  };
}

/** A planned voice mock interview of three questions, for tests; `overrides` change what a test is about. */
export function interviewFixture(overrides: Partial<MockInterview> = {}): MockInterview {
  const questions = overrides.questions ?? [0, 1, 2].map((index) => questionFixture(index));
  return {
    id: 41,
    jobDescriptionId: 7,
    companyName: 'Harbor',
    jobTitle: 'Operations Lead',
    targetRole: null,
    resumeId: null,
    status: 'in-progress',
    mode: 'voice',
    thinkSeconds: 10,
    handsFreeSilenceSeconds: null,
    engine: 'offline',
    currentIndex: 0,
    interviewerLine: questions[0]?.text ?? '',
    expecting: 'answer',
    report: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    finishedAt: null,
    ...overrides,
    questions,
  };
}

/** A typed answer with its feedback scored `overall`. */
export function answerFixture(text: string, overall: number): NonNullable<MockQuestion['answer']> {
  return {
    answerId: `answer-${overall}`,
    text,
    source: 'typed',
    answeredAt: '2026-03-01T09:05:00.000Z',
    feedback: feedbackOn(text, overall),
  };
}

export function readinessFixture(requirements: ReadinessResponse['requirements']): ReadinessResponse {
  return { jobDescriptionId: 7, companyName: 'Harbor', jobTitle: 'Operations Lead', requirements };
}
