/**
 * Word timings of a spoken reply: when each whitespace-separated word of its text is said. The
 * speech service makes them; the web app highlights the word being said. Shared so that both split
 * words, and estimate timings where an engine gives none, the same way.
 */
import type { WordTiming } from './api/speech.ts';

/** The words of a reply as they are highlighted: split on whitespace. */
export function displayWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

/** How long a word takes to say, relative to others: its letters and digits, plus a pause after punctuation. */
export function wordWeight(word: string): number {
  const letters = Math.max(1, word.replace(/[^\p{L}\p{N}]/gu, '').length);
  if (/[.!?]["'’”)\]]*$/.test(word)) return letters + 6;
  if (/[,;:\u2014]["'’”)\]]*$/.test(word)) return letters + 3;
  return letters + 1;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Timings for speech that came without them (OpenAI's, a saved reply played again): the audio's
 * length shared among the words by their length, with room for the pauses punctuation makes.
 */
export function estimateWordTimings(text: string, durationSeconds: number): WordTiming[] {
  const words = displayWords(text);
  const total = words.reduce((sum, word) => sum + wordWeight(word), 0);
  let at = 0;
  return words.map((word) => {
    const length = (wordWeight(word) / total) * durationSeconds;
    const timing = { word, start: round(at), end: round(at + length) };
    at += length;
    return timing;
  });
}

/** The index of the word being said at `seconds`, or -1 before the first; the last word once all are said. */
export function wordIndexAt(timings: readonly WordTiming[], seconds: number): number {
  let index = -1;
  for (let i = 0; i < timings.length; i++) {
    if ((timings[i]?.start ?? 0) <= seconds) index = i;
    else break;
  }
  return index;
}
