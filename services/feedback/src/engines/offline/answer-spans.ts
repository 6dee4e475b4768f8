import type { AnswerQuote } from '@story/proto';

/** A clause of the answer: where it stands (offsets into the answer, end exclusive) and its exact text. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Where written text breaks into clauses (the coach's `clauses` splits the same way, without offsets). */
const BOUNDARY = /(?<=[.!?])\s+|;\s*|\s+[-–—]\s+|,\s+(?=(?:and|but|so|which|because|then|while|although)\b)|\n+/gi;
/** Where a long unpunctuated stretch (speech as a transcriber writes it) breaks: before a word that starts a clause. */
const SPOKEN_BOUNDARY = /,\s*|\s+(?=(?:and then|and|so|but|because|then|after|which|when|while|until|i|we|she|he|they)\s)/gi;
/** Words after which a spoken clause goes on ("what we sold", "that they used"): never cut after them. */
const CLAUSE_OPENERS = new Set('what that which who whom whose how where when why if whether because so and but or than as the a an to of for with'.split(' '));
/** A clause longer than this is read as several (a spoken answer has no full stops). */
const LONG_CLAUSE_WORDS = 25;
/** Spoken clauses are cut no shorter than this, so that "so i" never stands alone. */
const MIN_SPOKEN_WORDS = 6;
const LEADING_FILLER = /^(?:(?:and|but|so|then|um+|uh+|er+m?|well|anyway|basically|actually|also|yeah|okay|ok|oh|like|you know)\b[\s,]*)+/i;
const TRAILING_PUNCTUATION = /[\s,;:.!?'"“”‘’)-]+$/;
/** Words a quote should not end on ("we were stuck on an" reads better as "we were stuck"). */
const DANGLING = new Set(
  'i we they he she it a an the of to on in at for with and or but by from into my our your their his her its that which who as was were is are be been than so if when while about over under up'.split(
    ' ',
  ),
);
const WORD = /[A-Za-z0-9][A-Za-z0-9'’%£$€.,-]*[A-Za-z0-9%]|[A-Za-z0-9]/g;

/** Words of a text as written (figures and contractions whole). */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** The span of `answer` between `start` and `end` with surrounding spaces, leading fillers and trailing punctuation cut off. */
export function trimmedSpan(answer: string, start: number, end: number): Span | undefined {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(answer[from] ?? '')) from++;
  const lead = LEADING_FILLER.exec(answer.slice(from, to))?.[0].length ?? 0;
  if (lead > 0 && wordsOf(answer.slice(from + lead, to)).length >= 2) from += lead;
  const tail = TRAILING_PUNCTUATION.exec(answer.slice(from, to))?.[0].length ?? 0;
  to -= tail;
  if (to <= from || wordsOf(answer.slice(from, to)).length === 0) return undefined;
  return { start: from, end: to, text: answer.slice(from, to) };
}

/**
 * The longest stretch of a span with none of the `unsure` words in it (offsets into `text`), trimmed
 * as quotes are: the span itself when it holds none; undefined when no stretch of two words is left.
 */
export function certainStretch(text: string, span: Span, unsure: readonly { start: number; end: number }[]): Span | undefined {
  const inside = unsure.filter((word) => word.start < span.end && word.end > span.start).sort((a, b) => a.start - b.start);
  if (inside.length === 0) return span;
  let best: Span | undefined;
  let from = span.start;
  for (const cut of [...inside, { start: span.end, end: span.end }]) {
    const piece = cut.start > from ? trimmedSpan(text, from, cut.start) : undefined;
    if (piece && wordsOf(piece.text).length >= 2 && (!best || wordsOf(piece.text).length > wordsOf(best.text).length)) best = piece;
    from = Math.max(from, cut.end);
  }
  return best;
}

/** Boundaries (offsets) of `pattern` inside answer[start, end). */
function boundaries(answer: string, start: number, end: number, pattern: RegExp): { at: number; next: number }[] {
  const found: { at: number; next: number }[] = [];
  for (const match of answer.slice(start, end).matchAll(pattern)) {
    const at = start + (match.index ?? 0);
    found.push({ at, next: at + match[0].length });
  }
  return found;
}

/** A long clause cut before the words that start a spoken clause, each piece at least MIN_SPOKEN_WORDS long. */
function splitLong(answer: string, span: Span): Span[] {
  if (wordsOf(span.text).length <= LONG_CLAUSE_WORDS) return [span];
  const pieces: Span[] = [];
  let from = span.start;
  for (const cut of boundaries(answer, span.start, span.end, SPOKEN_BOUNDARY)) {
    const before = wordsOf(answer.slice(from, cut.at));
    if (before.length < MIN_SPOKEN_WORDS || wordsOf(answer.slice(cut.next, span.end)).length < MIN_SPOKEN_WORDS) continue;
    // "counting what | we sold": a pronoun after a word that opens a clause belongs to that clause.
    if (CLAUSE_OPENERS.has((before.at(-1) ?? '').toLowerCase())) continue;
    const piece = trimmedSpan(answer, from, cut.at);
    if (piece) pieces.push(piece);
    from = cut.next;
  }
  const last = trimmedSpan(answer, from, span.end);
  if (last) pieces.push(last);
  return pieces;
}

/** The answer's clauses with their offsets, in order: sentences and clauses, long spoken stretches cut into clauses. */
export function clauseSpans(answer: string): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (const cut of [...boundaries(answer, 0, answer.length, BOUNDARY), { at: answer.length, next: answer.length }]) {
    const span = trimmedSpan(answer, from, cut.at);
    if (span) spans.push(...splitLong(answer, span));
    from = cut.next;
  }
  return spans;
}

/**
 * A quote of at most `maxWords` words from the start of a span: the answer's exact words (its
 * offsets and text), never ending on a dangling little word.
 */
export function quoteOf(span: Span, maxWords = 12): AnswerQuote {
  const ends = [...span.text.matchAll(WORD)].map((match) => ({ word: match[0], end: (match.index ?? 0) + match[0].length }));
  let count = Math.min(ends.length, maxWords);
  while (count > 3 && count < ends.length && DANGLING.has((ends[count - 1]?.word ?? '').toLowerCase())) count--;
  const end = count === ends.length ? span.text.length : (ends[count - 1]?.end ?? span.text.length);
  const text = span.text.slice(0, end).replace(TRAILING_PUNCTUATION, '');
  return { start: span.start, end: span.start + text.length, text };
}

/** Where a clause splits into the parts a short quote is taken from. */
const SUB_CLAUSE = /,\s*|:\s*|\s+(?=(?:and|but|so|which|while|because|until|whereas|when|after|before)\s)/gi;

/** The parts of a clause (at commas and conjunctions), each with its offsets; the clause itself when it has one part. */
export function partsOf(span: Span): Span[] {
  const parts: Span[] = [];
  let from = 0;
  for (const match of [...span.text.matchAll(SUB_CLAUSE), { index: span.text.length, 0: '' }]) {
    const at = match.index ?? span.text.length;
    const part = trimmedSpan(span.text, from, at);
    if (part && wordsOf(part.text).length >= 3) parts.push({ start: span.start + part.start, end: span.start + part.end, text: part.text });
    from = at + match[0].length;
  }
  return parts.length > 0 ? parts : [span];
}

/**
 * The words of a clause to quote for a finding: its first part that `shows` it (from "I"/"we" on when
 * `from` says so), else the clause; at most `maxWords` words.
 */
export function bestQuote(span: Span, shows: (text: string) => boolean, options: { from?: RegExp; maxWords?: number } = {}): AnswerQuote {
  const part = partsOf(span).find((candidate) => shows(candidate.text)) ?? span;
  const at = options.from ? part.text.search(options.from) : -1;
  const start = at > 0 && wordsOf(part.text.slice(at)).length >= 3 ? at : 0;
  return quoteOf({ start: part.start + start, end: part.end, text: part.text.slice(start) }, options.maxWords ?? 14);
}
