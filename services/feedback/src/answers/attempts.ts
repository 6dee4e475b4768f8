import type { AnswerGivenEvent, AnswerKind, StarPart, StarPartFeedback } from '@story/proto';
import type { AttemptRecord } from './answer-feedback.repository.ts';
import { practiceScope } from './question-identity.ts';

/** A question as attempts shared it before question identities: case, spacing, quotes and end punctuation aside, the same words. */
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

type AttemptEvent = Pick<AnswerGivenEvent, 'answerId' | 'question' | 'snippetId' | 'requirements' | 'kind' | 'earlierTurns'>;

/**
 * The practice scope an answer is an attempt in (a snippet's practice, or practising without a
 * snippet the same requirements), or undefined when it is no attempt: attempts exist only in
 * interview practice, so a story turn or an answer that belongs to no practice is an attempt of its
 * own, never counted with others. An answer to a follow-up is an attempt too (issue 38, 6): it is
 * scored with the answer it follows up, as a better answer to the same question.
 */
export function attemptScope(event: AttemptEvent): string | undefined {
  if (answerKindOf(event) !== 'practice') return undefined;
  return practiceScope(event);
}

/** The question an answer is an attempt at: the one it answers, or, for an answer to a follow-up, the question that was followed up. */
export const attemptQuestion = (event: Pick<AnswerGivenEvent, 'question' | 'earlierTurns'>): string => event.earlierTurns?.[0]?.question || event.question;

/** The key of an answer that is an attempt of its own (see attemptScope). */
export const loneAnswerKey = (answerId: string): string => `answer:${answerId}`;

/**
 * The key attempts had before question identities (issue 19, 2): the scope and the coach's whole turn,
 * word for word. Keys stored so far are of this kind; new attempts join them through `questionKeyIn`.
 * Kept as the baseline of the question identity's evaluation.
 */
export function attemptKey(event: AttemptEvent): string {
  const scope = attemptScope(event);
  return scope ? `${scope}|${normalisedQuestion(attemptQuestion(event))}` : loneAnswerKey(event.answerId);
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
