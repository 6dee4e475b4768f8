import type { AnswerQuote, AssessmentDimension, AssessmentScore } from '@story/proto';
import type { AnswerReading, ReadSpan } from './answer-reading.ts';
import { bestQuote, quoteOf } from './answer-spans.ts';
import { named } from './feedback-phrases.ts';

/** A score kept to the scale: a whole number from 0 to 10. */
export const toScale = (value: number): number => Math.max(0, Math.min(10, Math.round(value)));

/** Times the pattern (global) occurs in the text. */
export const countOf = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * What to quote: from the first of `spans` (else the answer's first clause), the part that `shows`
 * the finding when given, from `from` on ("I …"). Null only for an answer with no words.
 */
export const quoteFrom = (reading: AnswerReading, spans: readonly (ReadSpan | undefined)[], shows?: (text: string) => boolean, from?: RegExp): AnswerQuote | null => {
  const span = spans.find((candidate) => candidate !== undefined) ?? reading.spans[0];
  if (!span) return null;
  return shows ? bestQuote(span, shows, from ? { from } : {}) : quoteOf(span);
};

/** One dimension's score with its sentence: the sentence quotes `quote` and names the answer's target. */
export function scored(
  reading: AnswerReading,
  dimension: AssessmentDimension,
  score: number,
  quote: AnswerQuote | null,
  sentence: (quote: AnswerQuote, what: string) => string,
): AssessmentScore {
  const what = named(reading.target);
  const said = quote ?? { start: 0, end: reading.answer.length, text: reading.answer };
  return { dimension, score: toScale(score), comment: sentence(said, what), quote, requirement: reading.target?.name ?? null };
}
