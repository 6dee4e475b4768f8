/**
 * Two recognisers, one transcript. Moonshine (moonshine-recognizer.ts) hears the words far better
 * than pocketsphinx, but tells no times; pocketsphinx times every word. Within one utterance the
 * two word sequences are aligned (word-level Levenshtein): a Moonshine word takes the time of the
 * pocketsphinx word it matches or replaces, and words between such anchors share the time between
 * them. Pocketsphinx's hesitations ("um", "uh"), which Moonshine leaves out of its writing, stay, so
 * delivery feedback still counts them.
 *
 * A word is unsure when Moonshine's probability for it is low; the bar is lower when pocketsphinx
 * heard the same word (two recognisers agreeing), higher when it did not. Both bars were chosen on
 * the tuning voices (services/speech/evaluation/README.md): 55 % of the words marked are wrong, 45 %
 * of the wrong words are marked, and 3.4 % of the right ones.
 */
import type { HeardWord } from '@story/proto';
import type { RecognizedWord } from './moonshine-recognizer.ts';

/** Unsure below these probabilities: when pocketsphinx heard the same word, and when it did not. */
export const UNSURE_WHEN_AGREED = 0.4;
export const UNSURE_WHEN_ALONE = 0.8;
/** Hesitations pocketsphinx writes and Moonshine leaves out. */
const HESITATIONS = new Set(['um', 'uh', 'er', 'ah', 'erm', 'hmm', 'mm', 'uhm']);
/** More Moonshine words than this many per pocketsphinx word (plus a few) is a decode gone astray: pocketsphinx's words are kept. */
const MOST_WORDS_PER_HEARD = 2;
const MOST_EXTRA_WORDS = 4;

/** A word as matched: lower case, letters, digits and inner apostrophes only. */
export const matchForm = (word: string) =>
  word
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, '')
    .replace(/^'+|'+$/g, '');

/** The word as shown in the word list: the model's writing without the punctuation around it. */
const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

type Step = { kind: 'same' | 'replace'; heard: number; recognized: number } | { kind: 'extra'; recognized: number } | { kind: 'missed'; heard: number };

/** The cheapest edit from `heard` to `recognized` (word-level Levenshtein), as steps in order. */
export function alignWords(heard: readonly string[], recognized: readonly string[]): Step[] {
  const rows = heard.length + 1;
  const cols = recognized.length + 1;
  const cost = new Uint32Array(rows * cols);
  for (let i = 0; i < rows; i++) cost[i * cols] = i;
  for (let j = 0; j < cols; j++) cost[j] = j;
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < cols; j++) {
      const diagonal = (cost[(i - 1) * cols + j - 1] ?? 0) + (heard[i - 1] === recognized[j - 1] ? 0 : 1);
      cost[i * cols + j] = Math.min(diagonal, (cost[(i - 1) * cols + j] ?? 0) + 1, (cost[i * cols + j - 1] ?? 0) + 1);
    }
  const steps: Step[] = [];
  let i = heard.length;
  let j = recognized.length;
  while (i > 0 || j > 0) {
    const here = cost[i * cols + j] ?? 0;
    if (i > 0 && j > 0 && here === (cost[(i - 1) * cols + j - 1] ?? 0) + (heard[i - 1] === recognized[j - 1] ? 0 : 1)) {
      steps.push({ kind: heard[i - 1] === recognized[j - 1] ? 'same' : 'replace', heard: --i, recognized: --j });
    } else if (j > 0 && here === (cost[i * cols + j - 1] ?? 0) + 1) steps.push({ kind: 'extra', recognized: --j });
    else steps.push({ kind: 'missed', heard: --i });
  }
  return steps.reverse();
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Spreads untimed words (start NaN) evenly over the time between their timed neighbours (or the utterance's edges). */
function spreadTimes(words: HeardWord[], from: number, to: number): void {
  let index = 0;
  while (index < words.length) {
    if (!Number.isNaN(words[index]?.start)) {
      index++;
      continue;
    }
    let end = index;
    while (end < words.length && Number.isNaN(words[end]?.start)) end++;
    // Without room between the neighbours, the word before gives up its time to share.
    let first = index;
    let start = index > 0 ? (words[index - 1]?.end ?? from) : from;
    const stop = end < words.length ? (words[end]?.start ?? to) : to;
    if (stop - start < 0.1 * (end - index) && index > 0) {
      first = index - 1;
      start = words[first]?.start ?? from;
    }
    const share = Math.max(0, stop - start) / (end - first);
    for (let k = first; k < end; k++) {
      const word = words[k];
      if (!word) continue;
      word.start = round3(start + share * (k - first));
      word.end = round3(start + share * (k - first + 1));
    }
    index = end;
  }
}

/**
 * One utterance's words: Moonshine's `recognized` words with pocketsphinx's `heard` times (both in
 * the same clock, the utterance running from `from` to `to` seconds). Pocketsphinx hearing nothing
 * means no speech there; Moonshine writing far more than it heard means a decode gone astray: in
 * both cases pocketsphinx's words are kept.
 */
export function mergeWords(
  heard: readonly HeardWord[],
  recognized: readonly RecognizedWord[],
  from: number,
  to: number,
  rule: DisagreementRule = DISAGREEMENT_RULE,
): { words: HeardWord[]; text: string[] } {
  if (heard.length === 0 || recognized.length > heard.length * MOST_WORDS_PER_HEARD + MOST_EXTRA_WORDS || recognized.length === 0) {
    return { words: heard.map((word) => ({ ...word })), text: heard.map((word) => word.word) };
  }
  const steps = alignWords(
    heard.map((word) => matchForm(word.word)),
    recognized.map((word) => matchForm(word.text)),
  );
  const words: HeardWord[] = [];
  const text: string[] = [];
  const takeRecognized = (index: number, timed: HeardWord | undefined, agreed: boolean) => {
    const recognizedWord = recognized[index];
    if (!recognizedWord) return;
    const probability = round2(recognizedWord.probability);
    words.push({
      word: bare(recognizedWord.text) || recognizedWord.text,
      start: timed?.start ?? Number.NaN,
      end: timed?.end ?? Number.NaN,
      confidence: probability,
      uncertain: probability < (agreed ? UNSURE_WHEN_AGREED : UNSURE_WHEN_ALONE),
    });
    text.push(recognizedWord.text);
  };
  for (const region of regionsOf(steps)) {
    if (region.length === 1 && region[0]?.kind === 'same') {
      const step = region[0];
      takeRecognized(step.recognized, heard[step.heard], true);
      continue;
    }
    const heardHere = region.flatMap((step) => ('heard' in step ? [heard[step.heard] as HeardWord] : []));
    const recognizedHere = region.flatMap((step) => ('recognized' in step ? [recognized[step.recognized] as RecognizedWord] : []));
    if (prefersHeard(heardHere, recognizedHere, rule)) {
      for (const word of heardHere) {
        words.push({ ...word });
        text.push(word.word);
      }
      continue;
    }
    for (const step of region) {
      if (step.kind === 'missed') {
        const word = heard[step.heard];
        if (word && HESITATIONS.has(matchForm(word.word))) {
          words.push({ ...word });
          text.push(word.word);
        }
      } else takeRecognized(step.recognized, step.kind === 'extra' ? undefined : heard[step.heard], false);
    }
  }
  spreadTimes(words, from, to);
  return { words, text };
}

/** The steps in runs: each word both heard alike alone, and each stretch where they differ together. */
function regionsOf(steps: readonly Step[]): Step[][] {
  const regions: Step[][] = [];
  let differing: Step[] = [];
  for (const step of steps) {
    if (step.kind !== 'same') {
      differing.push(step);
      continue;
    }
    if (differing.length > 0) regions.push(differing);
    differing = [];
    regions.push([step]);
  }
  if (differing.length > 0) regions.push(differing);
  return regions;
}

/**
 * Where the two differ, Moonshine's words are kept unless it was unsure of them and pocketsphinx
 * was sure of its own: then pocketsphinx's. A stretch only pocketsphinx heard is left out (but for
 * hesitations): keeping it when pocketsphinx was sure did no better on the tuning voices.
 */
export interface DisagreementRule {
  /** Moonshine's words are doubted when their mean probability is below this... */
  recognizedBelow: number;
  /** ...and pocketsphinx's words taken when their mean confidence is at least this. */
  heardAtLeast: number;
}

/**
 * Chosen on the tuning recordings (services/speech/evaluation): 12.7 % word errors with Moonshine's
 * words alone, 9.5 % with this rule; 0.8 / 0.7 is the middle of a flat best (0.8–0.9 / 0.7–0.8).
 */
export const DISAGREEMENT_RULE: DisagreementRule = { recognizedBelow: 0.8, heardAtLeast: 0.7 };

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

function prefersHeard(heard: readonly HeardWord[], recognized: readonly RecognizedWord[], rule: DisagreementRule): boolean {
  if (heard.length === 0 || recognized.length === 0) return false;
  const heardConfidence = mean(heard.map((word) => word.confidence ?? 0));
  return mean(recognized.map((word) => word.probability)) < rule.recognizedBelow && heardConfidence >= rule.heardAtLeast;
}

/** Every utterance merged (mergeWords): pocketsphinx's words go to the utterance their middle falls in. */
export function mergeUtterances(
  heard: readonly HeardWord[],
  utterances: readonly { from: number; to: number; words: readonly RecognizedWord[] }[],
): { words: HeardWord[]; text: string } {
  const words: HeardWord[] = [];
  const text: string[] = [];
  let next = 0;
  for (const [index, utterance] of utterances.entries()) {
    const last = index === utterances.length - 1;
    const mine: HeardWord[] = [];
    const limit = last ? Infinity : (utterances[index + 1]?.from ?? Infinity);
    while (next < heard.length && ((heard[next]?.start ?? 0) + (heard[next]?.end ?? 0)) / 2 < limit) mine.push(heard[next++] as HeardWord);
    const merged = mergeWords(mine, utterance.words, utterance.from, utterance.to);
    words.push(...merged.words);
    text.push(...merged.text);
  }
  for (; next < heard.length; next++) {
    const word = heard[next] as HeardWord;
    words.push({ ...word });
    text.push(word.word);
  }
  return { words, text: text.join(' ') };
}
