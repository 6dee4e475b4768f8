import type { AnswerFeedback, AnswerQuote } from '@story/proto';
import type { TextSpan } from '../../../lib/text-span.ts';

export type { TextSpan };

/** A piece of the answer's text, marked when feedback quotes it. */
export interface AnswerPiece {
  text: string;
  /** What the quote stands for ("Situation", "Filler: um"), or null for unquoted text. */
  label: string | null;
}

const PART_NAMES = { situation: 'Situation', task: 'Task', action: 'Action', result: 'Result' } as const;

/** The quotes worth marking in the answer: the STAR parts' words, and the filler words of a spoken answer. */
export function quotedRanges(feedback: AnswerFeedback): { start: number; end: number; label: string }[] {
  const star = feedback.star.flatMap((part) => part.quotes.map((quote: AnswerQuote) => ({ start: quote.start, end: quote.end, label: PART_NAMES[part.part] })));
  const fillers = (feedback.delivery?.fillers ?? [])
    .filter((filler) => filler.end > filler.start)
    .map((filler) => ({ start: filler.start, end: filler.end, label: `Filler: ${filler.word}` }));
  return [...star, ...fillers];
}

/**
 * The answer cut into pieces at the quoted ranges (by character offsets), in order: overlapping
 * or out-of-range quotes are clipped so every character appears once.
 */
export function answerPieces(answer: string, ranges: readonly { start: number; end: number; label: string }[]): AnswerPiece[] {
  const sorted = [...ranges].filter((range) => range.end > range.start && range.start < answer.length).sort((a, b) => a.start - b.start || b.end - a.end);
  const pieces: AnswerPiece[] = [];
  let at = 0;
  for (const range of sorted) {
    const start = Math.max(range.start, at);
    const end = Math.min(range.end, answer.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: answer.slice(at, start), label: null });
    pieces.push({ text: answer.slice(start, end), label: range.label });
    at = end;
  }
  if (at < answer.length) pieces.push({ text: answer.slice(at), label: null });
  return pieces;
}
