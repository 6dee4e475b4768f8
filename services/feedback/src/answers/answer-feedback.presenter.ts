import type { AnswerFeedback, QuestionProgress, SnippetProgressResponse } from '@story/proto';
import type { AttemptRecord, FeedbackRecord } from './answer-feedback.repository.ts';
import { bestAttempt, nextStep } from './attempts.ts';

/**
 * Feedback on one answer as the API gives it, with its place among the attempts at its question.
 * A turn of a story thread has no attempts: it is 1 of 1 and never "Best".
 */
export function presentFeedback(record: FeedbackRecord, attempts: readonly AttemptRecord[]): AnswerFeedback {
  const { findings } = record;
  const kind = findings.kind ?? 'practice';
  const star = findings.star.map((part) => ({ ...part, earlier: part.earlier ?? [] }));
  const index = attempts.findIndex((attempt) => attempt.answerId === record.answerId);
  const practice = kind === 'practice' && index >= 0;
  return {
    answerId: record.answerId,
    question: record.question,
    answer: record.answer,
    source: record.source,
    engine: record.engine,
    kind,
    turns: findings.turns ?? 1,
    overall: record.overall,
    star,
    next: findings.next === undefined ? nextStep(star) : findings.next,
    assessment: findings.assessment,
    delivery: findings.delivery,
    attempt: practice ? index + 1 : 1,
    attempts: practice ? attempts.length : 1,
    best: practice && bestAttempt(attempts)?.answerId === record.answerId,
    answeredAt: record.answeredAt,
  };
}

/** A snippet's attempts grouped by question, the questions in the order first answered, each attempt numbered and the best marked. */
export function presentProgress(attempts: readonly AttemptRecord[]): SnippetProgressResponse {
  const byQuestion = new Map<string, AttemptRecord[]>();
  for (const attempt of attempts) byQuestion.set(attempt.questionKey, [...(byQuestion.get(attempt.questionKey) ?? []), attempt]);
  const questions: QuestionProgress[] = [...byQuestion.values()].flatMap((group) => {
    const best = bestAttempt(group);
    const first = group[0];
    if (!best || !first) return [];
    return [
      {
        question: first.question,
        bestAnswerId: best.answerId,
        attempts: group.map((attempt, index) => ({ answerId: attempt.answerId, attempt: index + 1, overall: attempt.overall, best: attempt === best, answeredAt: attempt.answeredAt })),
      },
    ];
  });
  return { questions };
}
