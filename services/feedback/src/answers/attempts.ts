import type { AnswerGivenEvent } from '@story/proto';
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

/**
 * What makes two answers attempts at the same question ("Answer this again" asks it again): the same
 * words asked, in the same snippet's practice (else the same thread, else anywhere of the person's).
 */
export function attemptKey(event: Pick<AnswerGivenEvent, 'question' | 'snippetId' | 'threadId'>): string {
  const scope = event.snippetId !== undefined ? `snippet:${event.snippetId}` : event.threadId !== undefined ? `thread:${event.threadId}` : 'none';
  return `${scope}|${normalisedQuestion(event.question)}`;
}

/** The best of attempts at one question: the highest overall score, the later of equals (the person got there again). */
export function bestAttempt<A extends Pick<AttemptRecord, 'overall'>>(attempts: readonly A[]): A | undefined {
  return attempts.reduce<A | undefined>((best, attempt) => (!best || attempt.overall >= best.overall ? attempt : best), undefined);
}
