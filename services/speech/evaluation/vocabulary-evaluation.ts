/**
 * Measures the practice vocabulary on the offline recogniser: interview answers that use words of
 * their job-description snippet (`vocabulary-sentences.json`), read by flite voices (tuning: rms and
 * slt on the odd items; held-out: awb and kal16 on the even ones), transcribed once by the service's
 * pipeline without a vocabulary (cached), then corrected with the snippet's vocabulary as the worker
 * would. Word error rate and the share of the snippet's terms heard right, before and after; and on
 * answers without any term (each corrected with some snippet's vocabulary), how many words the
 * correction changed: every change there is wrong.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OfflineSpeechToText } from '../src/engines/pocketsphinx/offline-speech-to-text.ts';
import type { RecognizerModel } from '../src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import type { PronunciationDictionary } from '../src/engines/pocketsphinx/vocabulary/pronunciations.ts';
import { correctWords, type CorrectionThresholds } from '../src/engines/pocketsphinx/vocabulary/vocabulary-correction.ts';
import type { Transcription } from '../src/engines/speech-engines.ts';
import { practiceVocabulary } from '../src/vocabulary/practice-vocabulary.ts';
import { recordAll, type Recording } from './recognition-evaluation.ts';
import { HELD_OUT_VOICES, TUNING_VOICES, type RecognitionCondition } from './recognition-voices.ts';
import { wordErrorRate, wordsOf } from './word-error-rate.ts';

interface VocabularyItem {
  snippet: string;
  sentence: string;
  terms: string[];
  /** How a person says it, where flite would spell out or misread the written form. */
  spoken?: string;
}

interface VocabularySet {
  items: VocabularyItem[];
  control: string[];
}

export const VOCABULARY_SET: VocabularySet = JSON.parse(readFileSync(new URL('./vocabulary-sentences.json', import.meta.url), 'utf8')) as VocabularySet;

/** One recording to measure: what was meant, the vocabulary it is corrected with, and the terms it should hold. */
export interface VocabularyCase {
  part: 'tuning' | 'held-out';
  reference: string;
  vocabulary: string[];
  terms: string[];
  recording: Recording;
  heard: Transcription;
}

const PARTS = [
  { part: 'tuning', voices: [TUNING_VOICES[0], TUNING_VOICES[1]], parity: 0 },
  { part: 'held-out', voices: [HELD_OUT_VOICES[0], HELD_OUT_VOICES[1]], parity: 1 },
] as const;

/** Transcribes each recording once (or reads it from `cacheDir`'s heard.json, kept between runs). */
async function heardAll(recordings: readonly Recording[], model: RecognizerModel, cacheDir: string): Promise<Map<string, Transcription>> {
  const cacheFile = join(cacheDir, 'vocabulary-heard.json');
  const cached = new Map<string, Transcription>(existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as [string, Transcription][]) : []);
  const stt = new OfflineSpeechToText({ ...model, toleranceSeconds: 3, deadlineMarginSeconds: 120 });
  const missing = recordings.filter((recording) => !cached.has(recording.file));
  let next = 0;
  const worker = async () => {
    for (let recording = missing[next++]; recording; recording = missing[next++]) {
      const { text, durationSeconds, wordTimings } = await stt.transcribeFile(recording.file, recording.kind, 600);
      cached.set(recording.file, { text, durationSeconds, wordTimings });
    }
  };
  await Promise.all([worker(), worker()]);
  if (missing.length > 0) writeFileSync(cacheFile, JSON.stringify([...cached]));
  return cached;
}

/** Records and transcribes every case: the items with terms, and the control answers (terms: none). */
export async function collectCases(model: RecognizerModel, cacheDir: string): Promise<VocabularyCase[]> {
  const cases: Omit<VocabularyCase, 'heard'>[] = [];
  const recordings: Recording[] = [];
  const { items, control } = VOCABULARY_SET;
  for (const { part, voices, parity } of PARTS) {
    const conditions: RecognitionCondition[] = voices.map((voice) => ({ voice, change: 'none' }));
    const mine = items.filter((_, index) => index % 2 === parity);
    const said = mine.map((item) => item.spoken ?? item.sentence);
    const plain = control.filter((_, index) => index % 2 === parity);
    const recorded = recordAll(conditions, [...said, ...plain], cacheDir).recordings;
    for (const recording of recorded) {
      const item = mine[said.indexOf(recording.sentence)];
      const plainIndex = control.indexOf(recording.sentence);
      const snippet = item?.snippet ?? items[plainIndex % items.length]?.snippet ?? '';
      const reference = item?.sentence ?? recording.sentence;
      cases.push({ part, reference, vocabulary: practiceVocabulary(snippet), terms: item?.terms ?? [], recording });
      recordings.push(recording);
    }
  }
  const heard = await heardAll(recordings, model, cacheDir);
  return cases.map((item) => ({ ...item, heard: heard.get(item.recording.file) ?? { text: '', durationSeconds: 0, wordTimings: [] } }));
}

/** Whether the words of `term` come in `text`, in order. */
function holdsTerm(text: string, term: string): boolean {
  const words = wordsOf(text);
  const wanted = wordsOf(term);
  return words.some((_, start) => wanted.every((word, index) => words[start + index] === word));
}

export interface PartFigures {
  part: string;
  withTerms: { recordings: number; words: number; errorsBefore: number; errorsAfter: number; terms: number; termsBefore: number; termsAfter: number };
  control: { recordings: number; words: number; changedWords: number; recordingsChanged: number };
  /** Terms the snippet's vocabulary did not contain (the extraction missed them). */
  termsNotInVocabulary: string[];
  /** What changed, for reading. */
  changes: { heard: string; corrected: string; reference: string }[];
}

/** The figures of one part, with the correction's `thresholds`. */
export function measurePart(cases: readonly VocabularyCase[], part: string, dictionary: PronunciationDictionary, thresholds: CorrectionThresholds): PartFigures {
  const figures: PartFigures = {
    part,
    withTerms: { recordings: 0, words: 0, errorsBefore: 0, errorsAfter: 0, terms: 0, termsBefore: 0, termsAfter: 0 },
    control: { recordings: 0, words: 0, changedWords: 0, recordingsChanged: 0 },
    termsNotInVocabulary: [],
    changes: [],
  };
  for (const item of cases.filter((candidate) => candidate.part === part)) {
    const corrected = correctWords(item.heard.wordTimings, item.vocabulary, dictionary, thresholds).words.map((word) => word.word).join(' ');
    const before = item.heard.wordTimings.map((word) => word.word).join(' ');
    if (corrected !== before) figures.changes.push({ heard: before, corrected, reference: item.reference });
    if (item.terms.length === 0) {
      const changed = wordErrorRate(before, corrected).errors;
      figures.control.recordings += 1;
      figures.control.words += wordsOf(before).length;
      figures.control.changedWords += changed;
      figures.control.recordingsChanged += changed > 0 ? 1 : 0;
      continue;
    }
    const { withTerms } = figures;
    withTerms.recordings += 1;
    withTerms.words += wordsOf(item.reference).length;
    withTerms.errorsBefore += wordErrorRate(item.reference, before).errors;
    withTerms.errorsAfter += wordErrorRate(item.reference, corrected).errors;
    for (const term of item.terms) {
      withTerms.terms += 1;
      withTerms.termsBefore += holdsTerm(before, term) ? 1 : 0;
      withTerms.termsAfter += holdsTerm(corrected, term) ? 1 : 0;
      const known = item.vocabulary.some((word) => word.toLowerCase() === term.toLowerCase());
      if (!known && !figures.termsNotInVocabulary.includes(term)) figures.termsNotInVocabulary.push(term);
    }
  }
  return figures;
}
