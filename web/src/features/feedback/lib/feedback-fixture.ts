import type { AnswerFeedback } from '@story/proto';

/** Feedback on one typed practice answer as the API gives it, for tests; `overrides` change what a test is about. */
export function feedbackFixture(overrides: Partial<AnswerFeedback> = {}): AnswerFeedback {
  return {
    answerId: 'answer-1',
    question: 'Tell me about a time you improved a process.',
    answer: 'I grouped the fastest SKUs near the packing benches.',
    source: 'typed',
    engine: 'offline',
    kind: 'practice',
    turns: 1,
    overall: 7.2,
    star: [],
    next: null,
    assessment: [],
    delivery: null,
    attempt: 1,
    attempts: 1,
    best: true,
    questionId: null,
    answeredAt: '2025-03-01T09:00:00.000Z',
    uncertain: [],
    corrected: false,
    ...overrides,
  };
}
