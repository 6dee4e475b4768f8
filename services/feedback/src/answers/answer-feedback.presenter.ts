import { createHash } from 'node:crypto';
import type { AnswerFeedback, QuestionProgress, SnippetProgressResponse } from '@story/proto';
import type { AttemptRecord, FeedbackRecord } from './answer-feedback.repository.ts';
import { bestAttempt, isLoneAnswer, nextStep } from './attempts.ts';

/** A question's key as the API shows it: opaque, the same for every attempt at the question (the key holds the question's words). */
const questionIdOf = (questionKey: string): string => createHash('sha256').update(questionKey).digest('hex').slice(0, 20);

/**
 * Feedback on one answer as the API gives it, with its place among the attempts at its question.
 * Attempts exist in practice only: a turn of a story thread is 1 of 1 and never "Best"; an answer
 * to a follow-up is an attempt at the question it follows up.
 */
export function presentFeedback(record: FeedbackRecord, attempts: readonly AttemptRecord[]): AnswerFeedback {
  const { findings } = record;
  const kind = findings.kind ?? 'practice';
  const star = findings.star.map((part) => ({ ...part, earlier: part.earlier ?? [] }));
  const index = attempts.findIndex((attempt) => attempt.answerId === record.answerId);
  // Every graded practice answer is an attempt, an answer to a follow-up included (issue 38, 6).
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
    questionId: practice ? questionIdOf(record.questionKey) : null,
    answeredAt: record.answeredAt,
    uncertain: findings.uncertain ?? [],
    corrected: findings.corrected ?? false,
  };
}

/**
 * A snippet's attempts grouped by question, the questions in the order first answered, each attempt
 * numbered and the best (the highest) marked; answers to follow-ups are attempts at their question.
 */
export function presentProgress(attempts: readonly AttemptRecord[]): SnippetProgressResponse {
  const byQuestion = new Map<string, AttemptRecord[]>();
  for (const attempt of attempts.filter((entry) => !isLoneAnswer(entry.questionKey)))
    byQuestion.set(attempt.questionKey, [...(byQuestion.get(attempt.questionKey) ?? []), attempt]);
  const questions: QuestionProgress[] = [...byQuestion.values()].flatMap((group) => {
    const best = bestAttempt(group);
    const first = group[0];
    if (!best || !first) return [];
    return [
      {
        question: first.question,
        bestAnswerId: best.answerId,
        attempts: group.map((attempt, index) => ({
          answerId: attempt.answerId,
          attempt: index + 1,
          overall: attempt.overall,
          best: attempt === best,
          answeredAt: attempt.answeredAt,
        })),
      },
    ];
  });
  return { questions };
}
