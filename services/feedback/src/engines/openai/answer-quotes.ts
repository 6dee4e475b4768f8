import type { AnswerQuote } from '@story/proto';
import { locateQuote } from '@story/language';

/** Where a quote stands in the answer (shared with the profile service's story quotes). */
export { locateQuote };

/** Quotation marks a sentence may wrap a quote in. */
const QUOTED = /[“"]([^“”"]{2,}?)[”"]/g;

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
