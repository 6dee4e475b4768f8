import type { AnswerDeliveryInput, AnswerQuote, AnswerWordTiming } from '@story/proto';
import { alignWords, textWords } from './word-alignment.ts';

/**
 * The words of the answer the recogniser was unsure of (issue 19): the unsure timed words matched to
 * the answer's text, as offsets into it, in order. An unsure word the text does not hold (a solo
 * memo's cleaning took it out) has no place and is left out.
 */
export function uncertainWords(answer: string, delivery: AnswerDeliveryInput | undefined): AnswerQuote[] {
  if (!delivery) return [];
  return alignWords(answer, delivery.wordTimings).flatMap((word) =>
    word.uncertain && word.text ? [{ start: word.text.start, end: word.text.end, text: word.text.word }] : [],
  );
}

const normal = (word: string) =>
  word
    .toLowerCase()
    .replace(/\(\d+\)$/, '')
    .replace(/’/g, "'");
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The word timings of a corrected transcript: its words lined up with the words heard (word-level
 * edit distance), a kept or replaced word taking the heard word's times, an added word a share of
 * the time around it, a removed word gone. Every word is now the person's own: none is unsure.
 * So a filler the person took out is no longer counted, and one they left in still is.
 */
export function correctedWordTimings(corrected: string, heard: readonly AnswerWordTiming[]): AnswerWordTiming[] {
  const words = textWords(corrected).map((word) => word.word);
  const spoken = alignWords(heard.map((timing) => timing.word).join(' '), heard).map(({ word, start, end }) => ({ word, start, end }));
  const rows = words.length + 1;
  const cols = spoken.length + 1;
  const cost = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => cost[i]?.[j] ?? 0;
  for (let i = 1; i < rows; i++) {
    const row = cost[i];
    if (!row) continue;
    for (let j = 1; j < cols; j++)
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (normal(words[i - 1] ?? '') === normal(spoken[j - 1]?.word ?? '') ? 0 : 1));
  }
  // Walk back: each corrected word gets the heard word it lines up with, or none (added).
  const matched: ({ start: number; end: number } | undefined)[] = words.map(() => undefined);
  let i = words.length;
  let j = spoken.length;
  while (i > 0 && j > 0) {
    const same = normal(words[i - 1] ?? '') === normal(spoken[j - 1]?.word ?? '');
    if (at(i, j) === at(i - 1, j - 1) + (same ? 0 : 1)) {
      const timing = spoken[j - 1];
      matched[i - 1] = timing && { start: timing.start, end: timing.end };
      i--;
      j--;
    } else if (at(i, j) === at(i - 1, j) + 1) i--;
    else j--;
  }
  const lastEnd = spoken.at(-1)?.end ?? 0;
  return words.map((word, index) => {
    const own = matched[index];
    if (own) return { word, start: own.start, end: own.end };
    // An added word sits between the words around it that were heard.
    const before = matched.slice(0, index).findLast((timing) => timing !== undefined)?.end ?? 0;
    const after = matched.slice(index + 1).find((timing) => timing !== undefined)?.start ?? lastEnd;
    const from = Math.min(before, after);
    return { word, start: round(from), end: round(Math.max(from, after)) };
  });
}
