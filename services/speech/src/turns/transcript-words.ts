import type { AnswerDeliveryInput, AnswerPart, AnswerWordTiming, HeardWord, MockInterviewTurn, TranscriptWord } from '@story/proto';
import { alignWordTimings, displayWords, wordKey } from '../engines/word-timings.ts';

/** How many heard words ahead a word of the transcript is looked for (a solo memo's cleaning drops fillers and repeats). */
const LOOK_AHEAD = 6;

/**
 * The words of `transcript` (one per whitespace-separated word, as the web app splits it) with the
 * recogniser's times and confidence: each takes those of the heard word it reads as (compared
 * without case or punctuation, a few heard words ahead at most, so a solo memo's cleaned text still
 * lines up). A word of the transcript the recogniser did not say on its own (the cleaning's
 * punctuation only changes words, never adds them) has its time shared out and no confidence.
 */
export function transcriptWordsOf(transcript: string, heard: readonly HeardWord[], durationSeconds: number): TranscriptWord[] {
  const words = displayWords(transcript);
  const timings = alignWordTimings(
    transcript,
    heard.map((word) => ({ token: word.word, start: word.start, end: word.end })),
    durationSeconds,
  );
  let next = 0;
  return words.map((word, index) => {
    const key = wordKey(word);
    const timing = timings[index] ?? { word, start: 0, end: 0 };
    for (let look = next; key && look < Math.min(heard.length, next + LOOK_AHEAD); look++) {
      const candidate = heard[look];
      if (!candidate || wordKey(candidate.word) !== key) continue;
      next = look + 1;
      return { word, start: candidate.start, end: candidate.end, confidence: candidate.confidence ?? null, uncertain: candidate.uncertain ?? false };
    }
    return { word, start: timing.start, end: timing.end, confidence: null, uncertain: false };
  });
}

/** The heard words as the answer's delivery facts carry them: times, and the unsure mark where the recogniser gave one. */
export const deliveryWordsOf = (heard: readonly HeardWord[]): AnswerWordTiming[] =>
  heard.map((word) => ({ word: word.word.slice(0, 100), start: word.start, end: word.end, ...(word.uncertain ? { uncertain: true } : {}) }));

/** The delivery facts that travel with a spoken answer, unsure words marked (none without timed words). */
export function deliveryOf(heard: { wordTimings?: HeardWord[] | undefined; durationSeconds: number } | undefined): AnswerDeliveryInput | undefined {
  if (!heard?.wordTimings || heard.wordTimings.length === 0) return undefined;
  return { wordTimings: deliveryWordsOf(heard.wordTimings), ...(heard.durationSeconds > 0 ? { durationSeconds: heard.durationSeconds } : {}) };
}

/** The mock interview a recording sent whole answers (issue 23): its three form fields together, or none; the recording's id keys the answer. */
export function mockInterviewTurnOf(
  id: number | undefined,
  questionIndex: number | undefined,
  part: AnswerPart | undefined,
  attemptKey: string,
): (MockInterviewTurn & { attemptKey: string }) | undefined {
  return id !== undefined && questionIndex !== undefined && part !== undefined ? { id, questionIndex, part, attemptKey } : undefined;
}
