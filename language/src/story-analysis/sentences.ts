/**
 * Where a person's sentences start and end, without touching their words: a full stop, "!" or "?"
 * ends a sentence only before a space, a line break or the end of the text, so "1.8 seconds",
 * "$1.2M", "v2.3" and "e-mail.com" stay whole. The one splitter every quote, summary and rewrite uses.
 */

/** One sentence as a span of the text it was read from (trimmed, its closing punctuation kept). */
export interface SentenceSpan {
  start: number;
  end: number;
}

/** A sentence: anything up to a closing mark followed by white space, or up to a line break, or to the end. */
const SENTENCE = /(?:[^.!?\n]|[.!?]+(?=[^\s.!?]))+(?:[.!?]+(?=\s|$)|(?=\n)|$)/g;

/** The sentences of a text as spans of it (blank ones left out). */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const said = match[0];
    const start = match.index + (said.length - said.trimStart().length);
    const end = match.index + said.trimEnd().length;
    if (end > start && /[\p{L}\p{N}]/u.test(text.slice(start, end))) spans.push({ start, end });
  }
  return spans;
}

/** The sentences of a text, each exactly as written (trimmed). */
export const sentencesOf = (text: string): string[] => sentenceSpans(text).map((span) => text.slice(span.start, span.end));
