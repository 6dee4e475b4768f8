import type { AnswerQuote, AssessmentDimension, AssessmentScore } from '@story/proto';
import { admitsNotHaving } from '@story/language';
import { isInAnswer, type AnswerReading, type ReadSpan } from './answer-reading.ts';
import { bestQuote, quoteOf, type Span } from './answer-spans.ts';
import { named, SAID_EARLIER } from './feedback-phrases.ts';

/** A score kept to the scale: a whole number from 0 to 10. */
export const toScale = (value: number): number => Math.max(0, Math.min(10, Math.round(value)));

/** Times the pattern (global) occurs in the text. */
export const countOf = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * What to quote: from the first of `spans` (else the answer's first clause), the part that `shows`
 * the finding when given, from `from` on ("I …"). Null only for an answer with no words.
 */
export const quoteFrom = (
  reading: AnswerReading,
  spans: readonly (ReadSpan | undefined)[],
  shows?: (text: string) => boolean,
  from?: RegExp,
): AnswerQuote | null => {
  // Only words that were heard are quoted: a clause's stretch without unsure words, else the next clause that has one;
  // and only the answer's own words, never an earlier turn's (issue 38, 3: a comment on an answer quotes that answer).
  // Nor words that say the person has not done it, except by the sentence that hears them (heard-admission.ts).
  const own = (candidate: ReadSpan | undefined): candidate is ReadSpan & { quotable: Span } =>
    candidate?.quotable !== undefined && isInAnswer(reading, candidate.quotable) && !admitsNotHaving(candidate.text);
  const earlier = spans.find((candidate) => candidate?.quotable !== undefined && !isInAnswer(reading, candidate.quotable));
  const span =
    spans.find(own)?.quotable ??
    (shows ? reading.spans.find((candidate) => own(candidate) && shows(candidate.text))?.quotable : undefined) ??
    // The evidence stands in the answer before: say so rather than quote other words of this answer for it.
    (earlier ? undefined : reading.spans.find(own)?.quotable);
  if (!span) return earlier ? SAID_EARLIER : null;
  return shows ? bestQuote(span, shows, from ? { from } : {}) : quoteOf(span);
};

/** The sentence of a score when no words of the answer can be quoted: the recogniser was unsure of all of them. */
const UNHEARD = 'The recogniser was unsure of the words of this answer; correct the transcript to have them judged.';

/** One dimension's score with its sentence: the sentence quotes `quote` and names the answer's target. */
export function scored(
  reading: AnswerReading,
  dimension: AssessmentDimension,
  score: number,
  quote: AnswerQuote | null,
  sentence: (quote: AnswerQuote, what: string) => string,
): AssessmentScore {
  const what = named(reading.target);
  const unheard = !quote && reading.spans.some((span) => span.quotable !== span);
  const start = reading.turns.at(-1)?.start ?? 0;
  const said = quote ?? { start, end: reading.answer.length, text: reading.answer.slice(start) };
  const shown = quote === SAID_EARLIER ? null : quote;
  return { dimension, score: toScale(score), comment: unheard ? UNHEARD : sentence(said, what), quote: shown, requirement: reading.target?.name ?? null };
}
