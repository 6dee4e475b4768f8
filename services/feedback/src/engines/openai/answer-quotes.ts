import type { AnswerQuote } from '@story/proto';

/** Quotation marks a sentence may wrap a quote in. */
const QUOTED = /[“"]([^“”"]{2,}?)[”"]/g;

const normalise = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/**
 * Where the quote stands in the answer: its exact words first, else the same words in another case
 * or with other apostrophes; undefined when the answer does not say them (the model made them up).
 * The text returned is always the answer's own.
 */
export function locateQuote(answer: string, quote: string): AnswerQuote | undefined {
  const wanted = quote.trim().replace(/^[.,;:!?…\s]+|[.,;:!?…\s]+$/g, '');
  if (wanted.length < 2) return undefined;
  let start = answer.indexOf(wanted);
  if (start < 0) start = normalise(answer).indexOf(normalise(wanted));
  if (start < 0) return undefined;
  return { start, end: start + wanted.length, text: answer.slice(start, start + wanted.length) };
}

/** True when every span a sentence puts in quotation marks is the answer's own words. */
export const quotesOnlyTheAnswer = (sentence: string, answer: string): boolean =>
  [...sentence.matchAll(QUOTED)].every((match) => locateQuote(answer, match[1] ?? '') !== undefined);

/** True when the quote takes in a word the recogniser was unsure of. */
export const takesInUnsure = (quote: Pick<AnswerQuote, 'start' | 'end'>, unsure: readonly Pick<AnswerQuote, 'start' | 'end'>[]): boolean =>
  unsure.some((word) => word.start < quote.end && word.end > quote.start);

/** True when no span a sentence puts in quotation marks takes in a word the recogniser was unsure of. */
export const quotesOnlyHeardWords = (sentence: string, answer: string, unsure: readonly Pick<AnswerQuote, 'start' | 'end'>[]): boolean =>
  [...sentence.matchAll(QUOTED)].every((match) => {
    const quote = locateQuote(answer, match[1] ?? '');
    return !quote || !takesInUnsure(quote, unsure);
  });
