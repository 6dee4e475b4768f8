/**
 * The practice's vocabulary with two hearings (issue 19, point 4). Moonshine writes the transcript,
 * but a term it misheard as ordinary words ("to cover needs" for "Kubernetes") can be too far in
 * sound to be put back, where pocketsphinx's hearing of the same moment ("to burn eats") is close
 * enough. So the vocabulary is looked for in pocketsphinx's words too; a term found there replaces
 * the transcript's words at the same time (sure words at the edges kept) when they are unsure and
 * do not already say it.
 */
import type { HeardWord } from '@story/proto';
import type { Transcription } from '../../speech-engines.ts';
import type { PronunciationDictionary } from './pronunciations.ts';
import { correctWords } from './vocabulary-correction.ts';

const key = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, '');

/** How much of `word` lies between `start` and `end` (0 to 1). */
function overlap(word: HeardWord, start: number, end: number): number {
  const length = Math.max(word.end - word.start, 0.001);
  return Math.max(0, Math.min(word.end, end) - Math.max(word.start, start)) / length;
}

/** The terms put into `alternative` by the vocabulary, as runs of timed words. */
function termsFound(alternative: readonly HeardWord[], vocabulary: readonly string[], dictionary: PronunciationDictionary): HeardWord[][] {
  const { words, replaced } = correctWords(alternative, vocabulary, dictionary);
  if (replaced === 0) return [];
  const kept = new Set(alternative);
  const runs: HeardWord[][] = [];
  let run: HeardWord[] = [];
  for (const word of words) {
    if (!kept.has(word)) {
      run.push(word);
      continue;
    }
    if (run.length > 0) runs.push(run);
    run = [];
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * `transcription` (already corrected with the vocabulary by its own words) with the terms found in
 * pocketsphinx's hearing put in where its own words there are all unsure and say something else.
 */
export function withSecondHearing(transcription: Transcription, vocabulary: readonly string[], dictionary: PronunciationDictionary): Transcription {
  const alternative = transcription.alternative;
  if (!alternative || alternative.length === 0 || vocabulary.length === 0) return transcription;
  let words = transcription.wordTimings;
  let changed = false;
  for (const term of termsFound(alternative, vocabulary, dictionary)) {
    const start = term[0]?.start ?? 0;
    const end = term.at(-1)?.end ?? start;
    const there = words.map((word, index) => ({ word, index })).filter(({ word }) => overlap(word, start, end) >= 0.5);
    // Sure words at its edges ("to" before "cover needs") stay beside the term.
    while (there.length > 0 && !there[0]?.word.uncertain) there.shift();
    while (there.length > 0 && !there.at(-1)?.word.uncertain) there.pop();
    const said = term.map((word) => key(word.word)).join(' ');
    if (there.length === 0 || there.some(({ word }) => !word.uncertain)) continue;
    if (words.some((word) => overlap(word, start, end) > 0 && said.split(' ').includes(key(word.word)))) continue;
    const first = there[0]?.index ?? 0;
    const last = there.at(-1)?.index ?? first;
    words = [...words.slice(0, first), ...term, ...words.slice(last + 1)];
    changed = true;
  }
  if (!changed) return transcription;
  return { ...transcription, text: words.map((word) => word.word).join(' '), wordTimings: words };
}
