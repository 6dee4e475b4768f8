import { createHash } from 'node:crypto';
import type { AnswerGivenEvent, AnswerKind, StarPart, StarPartFeedback } from '@story/proto';
import type { AttemptRecord } from './answer-feedback.repository.ts';

/** A question as attempts share it: case, spacing, quotes and end punctuation do not make another question. */
const normalisedQuestion = (question: string): string =>
  question
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/[\s.?!…]+$/, '')
    .trim();

/** What an answer is part of: as the event says, else (events from before kinds) an interview answer. */
export const answerKindOf = (event: Pick<AnswerGivenEvent, 'kind'>): AnswerKind => event.kind ?? 'practice';

/**
 * What makes two answers attempts at the same question ("Answer this again" asks it again): the same
 * words asked in the same snippet's practice (or, practising without a snippet, for the same
 * requirements). Attempts exist only in interview practice: a story turn, or an answer that belongs
 * to no practice, is an attempt of its own, never counted with answers of other threads or stories.
 */
export function attemptKey(event: Pick<AnswerGivenEvent, 'answerId' | 'question' | 'snippetId' | 'requirements' | 'kind' | 'earlierTurns'>): string {
  const requirements = event.requirements?.trim();
  // An answer to a follow-up goes on with the answer before it: it is no attempt of its own.
  if (answerKindOf(event) === 'practice' && !event.earlierTurns?.length) {
    if (event.snippetId !== undefined) return `snippet:${event.snippetId}|${normalisedQuestion(event.question)}`;
    if (requirements) return `requirements:${createHash('sha256').update(requirements).digest('hex').slice(0, 16)}|${normalisedQuestion(event.question)}`;
  }
  return `answer:${event.answerId}`;
}

/** True for the key of an answer that is an attempt of its own, counted with no other (see attemptKey). */
export const isLoneAnswer = (questionKey: string): boolean => questionKey.startsWith('answer:');

/** The best of attempts at one question: the highest overall score, the later of equals (the person got there again). */
export function bestAttempt<A extends Pick<AttemptRecord, 'overall'>>(attempts: readonly A[]): A | undefined {
  return attempts.reduce<A | undefined>((best, attempt) => (!best || attempt.overall >= best.overall ? attempt : best), undefined);
}

/** The order in which missing parts are worth adding: the scene, what the person did, how it ended, then the goal. */
const NEXT_PART_ORDER: readonly StarPart[] = ['situation', 'action', 'result', 'task'];

/** What to add next: the prompt of the most important STAR part not told yet, null when all are. */
export function nextStep(star: readonly Pick<StarPartFeedback, 'part' | 'present' | 'prompt'>[]): string | null {
  for (const part of NEXT_PART_ORDER) {
    const found = star.find((entry) => entry.part === part);
    if (found && !found.present && found.prompt) return found.prompt;
  }
  return null;
}
