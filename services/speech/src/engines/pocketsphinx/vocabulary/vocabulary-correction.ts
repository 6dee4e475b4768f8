/**
 * The offline recogniser's use of a practice's vocabulary. pocketsphinx runs with one language
 * model and cannot learn the snippet's words per recording, so they are put in afterwards: a heard
 * word, or two or three adjacent ones, whose sounds (the CMU dictionary's) are close to a term's
 * sounds becomes that term ("cooper net ease" → "Kubernetes", "flee bottom me" → "phlebotomy"),
 * spanning their times. Conservative: a word the recogniser was sure of is replaced only when the
 * sounds are nearly the same, an unsure one when they are close; the thresholds were chosen on the
 * tuning half of `services/speech/evaluation/vocabulary-sentences.json` (see vocabulary.eval.ts).
 */
import type { HeardWord } from '@story/proto';
import type { Transcription } from '../../speech-engines.ts';
import { isCommonWord } from '../../../vocabulary/common-words.ts';
import { UNSURE_BELOW } from '../word-confidence.ts';
import { phonemeDistance } from './phoneme-distance.ts';
import { termPronunciations, type PronunciationDictionary } from './pronunciations.ts';

/** How close a stretch's sounds must be to a term's (phoneme distance, 0 same to 1 unlike) to be replaced by it. */
export const CORRECTION_THRESHOLDS: CorrectionThresholds = {
  /** A stretch with a word the recogniser was unsure of. */
  unsure: 0.35,
  /** A stretch of words it was sure of. */
  sure: 0.2,
} as const;
export interface CorrectionThresholds {
  unsure: number;
  sure: number;
}

/** Adjacent heard words one term may replace at most. */
const MAX_SPAN = 3;
/** Terms shorter than this many phones are never put in: too many short words sound alike ("IV" and "every"). */
const MIN_TERM_PHONES = 4;
/** A pause longer than this (seconds) between two heard words: they are not one term. */
const MAX_INNER_PAUSE = 0.3;

interface TermSounds {
  term: string;
  words: string[];
  ways: string[][];
}

interface Replacement {
  start: number;
  /** Heard words replaced. */
  length: number;
  term: TermSounds;
  distance: number;
}

const same = (heard: readonly HeardWord[], term: TermSounds) =>
  heard.length === term.words.length && heard.every((word, index) => word.word.toLowerCase() === term.words[index]?.toLowerCase());

/** Every way a stretch of heard words may have been said (its words' dictionary pronunciations, one after another); none when one is unknown. */
function stretchWays(heard: readonly HeardWord[], dictionary: PronunciationDictionary): string[][] {
  let ways: string[][] = [[]];
  for (const word of heard) {
    const options = dictionary.get(word.word.toLowerCase());
    if (!options) return [];
    ways = ways.flatMap((before) => options.slice(0, 3).map((phones) => [...before, ...phones])).slice(0, 9);
  }
  return ways;
}

/** The closest any way of saying the stretch comes to any way of saying the term. */
function closest(stretch: readonly string[][], term: TermSounds): number {
  let best = Number.POSITIVE_INFINITY;
  for (const heard of stretch) {
    for (const said of term.ways) {
      if (heard.length < said.length * 0.6 || heard.length > said.length * 1.6) continue;
      best = Math.min(best, phonemeDistance(heard, said));
    }
  }
  return best;
}

/** Letters only, without an ending of inflection ("trailers" and "trailer" are one word here). */
const stem = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/(?:es|s|ed|d|ing)$/, '');
/** Whether the stretch holds the term in another form ("trailer" for "trailers", "schedule so" for "schedules"): the person's own form is kept. */
const inflectionOf = (heard: readonly HeardWord[], term: TermSounds) => heard.some((word) => term.words.some((termWord) => stem(word.word) === stem(termWord)));

/**
 * The largest distance at which the stretch may become a term: a stretch with an unsure word the
 * larger threshold, else the smaller; and one common word alone ("ocean", "every") always the
 * smaller, however unsure, since it is usually what was said.
 */
function thresholdFor(heard: readonly HeardWord[], thresholds: CorrectionThresholds): number {
  const oneCommonWord = heard.length === 1 && isCommonWord(heard[0]?.word ?? '');
  return hasUnsure(heard) && !oneCommonWord ? thresholds.unsure : thresholds.sure;
}

/** Whether the stretch holds a word the recogniser was unsure of. */
const hasUnsure = (heard: readonly HeardWord[]) => heard.some((word) => word.uncertain === true || (word.confidence ?? 1) < UNSURE_BELOW);
/** Whether the stretch was said in one go (no long pause inside it). */
const inOneGo = (heard: readonly HeardWord[]) =>
  heard.every((word, index) => index === 0 || word.start - (heard[index - 1]?.end ?? word.start) <= MAX_INNER_PAUSE);

/** Every stretch of heard words close enough to a term to be replaced by it, and the stretches that already are a term. */
function candidates(
  words: readonly HeardWord[],
  terms: readonly TermSounds[],
  dictionary: PronunciationDictionary,
  thresholds: CorrectionThresholds,
): { found: Replacement[]; right: Set<number> } {
  const found: Replacement[] = [];
  const right = new Set<number>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_SPAN && start + length <= words.length; length++) {
      const heard = words.slice(start, start + length);
      if (!inOneGo(heard)) break;
      const ways = stretchWays(heard, dictionary);
      const threshold = thresholdFor(heard, thresholds);
      for (const term of terms) {
        if (same(heard, term)) {
          for (let index = start; index < start + length; index++) right.add(index);
          continue;
        }
        const distance = inflectionOf(heard, term) ? Number.POSITIVE_INFINITY : closest(ways, term);
        if (distance <= threshold) found.push({ start, length, term, distance });
      }
    }
  }
  return { found, right };
}

/** Whether two replacements put the same term side by side ("freight freight"): the farther one is an echo. */
const echoes = (a: Replacement, b: Replacement) => a.term === b.term && (a.start + a.length === b.start || b.start + b.length === a.start);

/** The best replacements that do not overlap each other nor a term heard right, nor echo each other: closest first, then the shorter stretch. */
function chooseReplacements(found: Replacement[], right: ReadonlySet<number>): Replacement[] {
  const taken = new Set(right);
  const chosen: Replacement[] = [];
  for (const candidate of found.sort((a, b) => a.distance - b.distance || a.length - b.length)) {
    const span = Array.from({ length: candidate.length }, (_, index) => candidate.start + index);
    if (span.some((index) => taken.has(index)) || chosen.some((other) => echoes(other, candidate))) continue;
    for (const index of span) taken.add(index);
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The term's words over the replaced stretch's time, shared evenly. Their confidence is how close
 * the sounds were (1 minus the distance), so a loose match shows as unsure.
 */
function termWords(replaced: readonly HeardWord[], replacement: Replacement): HeardWord[] {
  const start = replaced[0]?.start ?? 0;
  const end = replaced.at(-1)?.end ?? start;
  const share = (end - start) / replacement.term.words.length;
  const confidence = round(1 - replacement.distance, 2);
  return replacement.term.words.map((word, index) => ({
    word,
    start: round(start + index * share, 3),
    end: round(start + (index + 1) * share, 3),
    confidence,
    uncertain: confidence < UNSURE_BELOW,
  }));
}

/** The vocabulary's terms that can be matched by sound (known or guessed pronunciation, long enough). */
export function termSounds(vocabulary: readonly string[], dictionary: PronunciationDictionary): TermSounds[] {
  return vocabulary
    .map((term) => ({
      term,
      words: term.split(/\s+/).filter(Boolean),
      ways: termPronunciations(term, dictionary).filter((way) => way.length >= MIN_TERM_PHONES),
    }))
    .filter((term) => term.ways.length > 0);
}

/** The heard words with the vocabulary's terms put in where their sounds were heard as other words. */
export function correctWords(
  words: readonly HeardWord[],
  vocabulary: readonly string[],
  dictionary: PronunciationDictionary,
  thresholds: CorrectionThresholds = CORRECTION_THRESHOLDS,
): { words: HeardWord[]; replaced: number } {
  const terms = termSounds(vocabulary, dictionary);
  if (terms.length === 0 || words.length === 0) return { words: [...words], replaced: 0 };
  const { found, right } = candidates(words, terms, dictionary, thresholds);
  const chosen = chooseReplacements(found, right);
  const corrected: HeardWord[] = [];
  let next = 0;
  for (const replacement of chosen) {
    corrected.push(...words.slice(next, replacement.start));
    corrected.push(...termWords(words.slice(replacement.start, replacement.start + replacement.length), replacement));
    next = replacement.start + replacement.length;
  }
  corrected.push(...words.slice(next));
  return { words: corrected, replaced: chosen.length };
}

/** A transcription with the practice's vocabulary put in (the text made again from its words when anything changed). */
export function correctTranscription(
  transcription: Transcription,
  vocabulary: readonly string[] | undefined,
  dictionary: () => PronunciationDictionary,
): Transcription {
  if (!vocabulary || vocabulary.length === 0 || transcription.wordTimings.length === 0) return transcription;
  const { words, replaced } = correctWords(transcription.wordTimings, vocabulary, dictionary());
  if (replaced === 0) return transcription;
  // The evidence was the recogniser's, word for word: it no longer lines up.
  return {
    text: words.map((word) => word.word).join(' '),
    durationSeconds: transcription.durationSeconds,
    wordTimings: words,
    ...(transcription.alternative ? { alternative: transcription.alternative } : {}),
  };
}
