/**
 * Decoder settings against the recogniser's defaults (issue 19, point 4): the service's own pipeline
 * (`OfflineSpeechToText`, the career model) on the clean tuning voices, each setting its word error
 * rate per voice and its decoding speed. Recordings are cached in .test-data/speech-evaluation.
 *
 *   node --import tsx services/speech/evaluation/decoder-sweep.eval.ts [sentences] ['{"name":["-arg","value"]}']
 *
 * Measured 2026-11-28 (30 sentences x flite rms, slt, kal, festival kal_diphone): defaults 16.8 %;
 * -topn 8 16.6 % (decoding 1.3x slower); wider beams 16.6 % (1.8x slower); -lw 7.5 19.3 %; -lw 5.5
 * 16.8 %; -wip 0.4 17.2 %; -wip 1.0 17.2 %; -pip 1.2 16.9 %: none adopted.
 */
import { join } from 'node:path';
import { configuredRecognizerModel, DEFAULT_CAREER_MODEL } from '../src/engines/pocketsphinx/language-model/language-model-paths.ts';
import { DEBIAN_MODEL_DIR } from '../src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import { measureRecognition, percent, recordAll } from './recognition-evaluation.ts';
import { TUNING_SENTENCES } from './recognition-sentences.ts';
import { TUNING_CONDITIONS } from './recognition-voices.ts';

const DEFAULT_SETTINGS: Record<string, string[]> = {
  defaults: [],
  'topn 8': ['-topn', '8'],
  'wider beams': ['-beam', '1e-60', '-wbeam', '1e-40', '-pbeam', '1e-60'],
  'lw 7.5': ['-lw', '7.5'],
  'lw 5.5': ['-lw', '5.5'],
  'wip 0.4': ['-wip', '0.4'],
  'wip 1.0': ['-wip', '1.0'],
  'pip 1.2': ['-pip', '1.2'],
};

const career = configuredRecognizerModel(DEBIAN_MODEL_DIR, DEFAULT_CAREER_MODEL.languageModel, DEFAULT_CAREER_MODEL.dictionary);
if (career.missing) throw new Error(`${career.missing} is missing: run make deps`);
const clean = TUNING_CONDITIONS.filter((condition) => condition.change === 'none' && !condition.voice.name.startsWith('espeak'));
const sentences = TUNING_SENTENCES.slice(0, Number(process.argv[2] ?? 30));
const settings = process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string[]>) : DEFAULT_SETTINGS;
const { recordings } = recordAll(clean, sentences, join(import.meta.dirname, '../../../.test-data/speech-evaluation'));
for (const [name, decoderArgs] of Object.entries(settings)) {
  const figures = await measureRecognition(recordings, { ...career, decoderArgs });
  const perVoice = figures.conditions.map((condition) => `${condition.condition} ${percent(condition.errors, condition.words)}`).join(', ');
  console.log(`${name.padEnd(14)} ${percent(figures.errors, figures.words).padStart(6)}  ${perVoice}  (${figures.realTimeFactor.toFixed(2)}x real time)`);
}
