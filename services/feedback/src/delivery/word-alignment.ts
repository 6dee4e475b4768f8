import type { AnswerWordTiming } from '@story/proto';

/** A word of the answer's text and where it stands (end exclusive). */
export interface TextWord {
  word: string;
  start: number;
  end: number;
}

/** A word as the transcriber timed it, with the answer's word it was matched to (when any). */
export interface SpokenWord extends AnswerWordTiming {
  /** Lower case, without pronunciation variants ("read(2)" → "read"). */
  normal: string;
  text: TextWord | undefined;
}

const TEXT_WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g;
/** Markers a decoder reports that are no word: silence, noise, sentence ends. */
const NOT_A_WORD = /^(?:<\/?s>|<sil>|\[.*\]|\+\+.*\+\+|\(.*\))$/i;
/** How far ahead in the text a timed word is looked for (a transcript tidied a little still lines up). */
const LOOK_AHEAD = 6;

const normalise = (word: string) =>
  word
    .toLowerCase()
    .replace(/\(\d+\)$/, '')
    .replace(/’/g, "'");

/** The words of a text with their offsets. */
export const textWords = (text: string): TextWord[] =>
  [...text.matchAll(TEXT_WORD)].map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));

/**
 * The timed words that are words (silences and noises dropped), in time order, each matched to the
 * next unmatched word of the answer's text that reads the same, a few words ahead at most: a
 * transcript that dropped or tidied a word still lines up after it.
 */
export function alignWords(answer: string, timings: readonly AnswerWordTiming[]): SpokenWord[] {
  const words = textWords(answer);
  let next = 0;
  return [...timings]
    .filter((timing) => timing.word.trim() !== '' && !NOT_A_WORD.test(timing.word.trim()) && timing.end >= timing.start)
    .sort((a, b) => a.start - b.start)
    .map((timing) => {
      const normal = normalise(timing.word.trim());
      const limit = Math.min(words.length, next + LOOK_AHEAD);
      for (let index = next; index < limit; index++) {
        const candidate = words[index];
        if (candidate && normalise(candidate.word) === normal) {
          next = index + 1;
          return { ...timing, normal, text: candidate };
        }
      }
      return { ...timing, normal, text: undefined };
    });
}
