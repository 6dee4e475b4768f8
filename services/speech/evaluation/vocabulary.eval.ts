/**
 * The practice vocabulary's evaluation (vocabulary-evaluation.ts), in one command:
 *
 *   node --import tsx services/speech/evaluation/vocabulary.eval.ts          # before → after, tuning and held-out
 *   node --import tsx services/speech/evaluation/vocabulary.eval.ts sweep    # the thresholds tried on the tuning part
 *   node --import tsx services/speech/evaluation/vocabulary.eval.ts try 0.3 0.15   # a report with other thresholds (unsure, sure)
 *
 * Recordings and their transcriptions are cached in .test-data/speech-evaluation (the first run
 * synthesises and transcribes about 150 recordings: a few minutes).
 */
import { join } from 'node:path';
import { configuredRecognizerModel, DEFAULT_CAREER_MODEL } from '../src/engines/pocketsphinx/language-model/language-model-paths.ts';
import { DEBIAN_MODEL_DIR } from '../src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import { dictionaryAt } from '../src/engines/pocketsphinx/vocabulary/pronunciations.ts';
import { CORRECTION_THRESHOLDS, type CorrectionThresholds } from '../src/engines/pocketsphinx/vocabulary/vocabulary-correction.ts';
import { percent } from './recognition-evaluation.ts';
import { collectCases, measurePart, type PartFigures, type VocabularyCase } from './vocabulary-evaluation.ts';

const CACHE_DIR = join(import.meta.dirname, '../../../.test-data/speech-evaluation');

/** One line of figures: word errors and terms before → after, and the words changed in answers without terms. */
function summary({ withTerms, control }: PartFigures): string {
  const wer = `WER ${percent(withTerms.errorsBefore, withTerms.words)} → ${percent(withTerms.errorsAfter, withTerms.words)}`;
  const terms = `terms heard right ${percent(withTerms.termsBefore, withTerms.terms)} → ${percent(withTerms.termsAfter, withTerms.terms)} (${withTerms.termsBefore} → ${withTerms.termsAfter} of ${withTerms.terms})`;
  const wrong = `no-term answers: ${control.changedWords} of ${control.words} words changed (${percent(control.changedWords, control.words)}), ${control.recordingsChanged} of ${control.recordings} answers`;
  return `${wer}; ${terms}; ${wrong}`;
}

function report(cases: readonly VocabularyCase[], dictionaryPath: string, thresholds: CorrectionThresholds): void {
  const dictionary = dictionaryAt(dictionaryPath);
  console.log(`thresholds: unsure ${thresholds.unsure}, sure ${thresholds.sure}`);
  for (const part of ['tuning', 'held-out']) {
    const figures = measurePart(cases, part, dictionary, thresholds);
    console.log(`\n${part} (${figures.withTerms.recordings} answers with terms, ${figures.control.recordings} without): ${summary(figures)}`);
    if (figures.termsNotInVocabulary.length > 0) console.log(`  terms the vocabulary lacked: ${figures.termsNotInVocabulary.join(', ')}`);
    for (const change of figures.changes) console.log(`  heard:     ${change.heard}\n  corrected: ${change.corrected}\n  said:      ${change.reference}`);
  }
}

function sweep(cases: readonly VocabularyCase[], dictionaryPath: string): void {
  const dictionary = dictionaryAt(dictionaryPath);
  for (const unsure of [0.2, 0.25, 0.3, 0.35, 0.4, 0.45]) {
    for (const sure of [0, 0.1, 0.15, 0.2, 0.25]) {
      if (sure > unsure) continue;
      console.log(`unsure ${unsure} sure ${sure}: ${summary(measurePart(cases, 'tuning', dictionary, { unsure, sure }))}`);
    }
  }
}

async function main(): Promise<void> {
  const model = configuredRecognizerModel(DEBIAN_MODEL_DIR, DEFAULT_CAREER_MODEL.languageModel, DEFAULT_CAREER_MODEL.dictionary);
  if (model.missing) throw new Error(`${model.missing} is missing: run make deps`);
  const cases = await collectCases(model, CACHE_DIR);
  const dictionaryPath = model.dictionary ?? DEFAULT_CAREER_MODEL.dictionary;
  if (process.argv[2] === 'sweep') sweep(cases, dictionaryPath);
  else if (process.argv[2] === 'try') report(cases, dictionaryPath, { unsure: Number(process.argv[3]), sure: Number(process.argv[4]) });
  else report(cases, dictionaryPath, CORRECTION_THRESHOLDS);
}

await main();
