import type { AnswerQuote } from '@story/proto';

const normalise = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/**
 * Where the quote stands in the text: its exact words first, else the same words in another case
 * or with other apostrophes; undefined when the text does not say them (a model made them up).
 * The text returned is always the text's own. Used for the feedback service's quotes of an answer
 * and the profile service's quotes of a story.
 */
export function locateQuote(text: string, quote: string): AnswerQuote | undefined {
  const wanted = quote.trim().replace(/^[.,;:!?…\s]+|[.,;:!?…\s]+$/g, '');
  if (wanted.length < 2) return undefined;
  let start = text.indexOf(wanted);
  if (start < 0) start = normalise(text).indexOf(normalise(wanted));
  if (start < 0) return undefined;
  return { start, end: start + wanted.length, text: text.slice(start, start + wanted.length) };
}
