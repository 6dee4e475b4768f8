/**
 * How well the offline recogniser hears voices: the word error rate of Debian's generic language
 * model against the career model (services/speech/src/engines/pocketsphinx/language-model), and of
 * the career model with Moonshine hearing the words (engines/moonshine, the service's default), on the
 * tuning recordings (used to choose the model's weight and the decoder's settings) and on the
 * held-out ones (other voices, other sentences, never used to choose anything), per voice and
 * change, and how fast each decodes (seconds of decoding per second of audio; two decodes at once).
 * The recordings are cached in .test-data/speech-evaluation (synthesis is slow).
 *
 *   node --import tsx bench/speech-recognition.bench.ts [tuning|held-out]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HELD_OUT_SENTENCES, TUNING_SENTENCES } from '../services/speech/evaluation/recognition-sentences.ts';
import { measureRecognition, percent, recordAll, type RecognitionFigures } from '../services/speech/evaluation/recognition-evaluation.ts';
import { HELD_OUT_CONDITIONS, TUNING_CONDITIONS } from '../services/speech/evaluation/recognition-voices.ts';
import { configuredRecognizerModel, DEFAULT_CAREER_MODEL } from '../services/speech/src/engines/pocketsphinx/language-model/language-model-paths.ts';
import { DEFAULT_WORD_MODEL_DIR, wordModelPaths } from '../services/speech/src/engines/moonshine/word-model-files.ts';
import { DEBIAN_MODEL_DIR } from '../services/speech/src/engines/pocketsphinx/pocketsphinx-recognizer.ts';

const CACHE_DIR = join(import.meta.dirname, '../.test-data/speech-evaluation');

export interface RecognitionBenchFigures {
  set: string;
  generic: RecognitionFigures;
  career: RecognitionFigures;
  /** The career model with Moonshine hearing the words (the service's default). */
  words: RecognitionFigures;
}

export async function runSpeechRecognitionBench(log: (line: string) => void = console.log, only?: string): Promise<RecognitionBenchFigures[]> {
  const career = configuredRecognizerModel(DEBIAN_MODEL_DIR, DEFAULT_CAREER_MODEL.languageModel, DEFAULT_CAREER_MODEL.dictionary);
  if (career.missing) throw new Error(`${career.missing} is missing: run make deps (or node --import tsx services/speech/src/cli/build-language-model.ts)`);
  const sets = [
    { set: 'tuning', conditions: TUNING_CONDITIONS, sentences: TUNING_SENTENCES },
    { set: 'held-out', conditions: HELD_OUT_CONDITIONS, sentences: HELD_OUT_SENTENCES },
  ].filter(({ set }) => !only || only === set);
  const results: RecognitionBenchFigures[] = [];
  for (const { set, conditions, sentences } of sets) {
    const { recordings, skipped } = recordAll(conditions, sentences, CACHE_DIR);
    if (skipped.length > 0) log(`${set}: not installed, skipped: ${skipped.join(', ')}`);
    const generic = await measureRecognition(recordings, { modelDir: DEBIAN_MODEL_DIR });
    const tuned = await measureRecognition(recordings, career);
    const words = await measureRecognition(recordings, { ...career, wordModel: wordModelPaths(DEFAULT_WORD_MODEL_DIR) });
    log(
      `\n${set}: ${sentences.length} sentences x ${conditions.length - skipped.length} voices and changes, ${recordings.length} recordings, ${generic.words} words`,
    );
    log(`${'voice'.padEnd(44)} generic   career  +moonshine`);
    for (const [index, figures] of generic.conditions.entries()) {
      const after = tuned.conditions[index];
      log(
        `${figures.condition.padEnd(44)} ${percent(figures.errors, figures.words).padStart(7)}  ${percent(after?.errors ?? 0, after?.words ?? 1).padStart(7)}  ${percent(words.conditions[index]?.errors ?? 0, words.conditions[index]?.words ?? 1).padStart(7)}`,
      );
    }
    log(
      `${'all'.padEnd(44)} ${percent(generic.errors, generic.words).padStart(7)}  ${percent(tuned.errors, tuned.words).padStart(7)}  ${percent(words.errors, words.words).padStart(7)}`,
    );
    log(
      `decoding: ${generic.realTimeFactor.toFixed(3)}x real time generic, ${tuned.realTimeFactor.toFixed(3)}x career (ratio ${(tuned.realTimeFactor / generic.realTimeFactor).toFixed(2)}), ${words.realTimeFactor.toFixed(3)}x with moonshine (ratio ${(words.realTimeFactor / generic.realTimeFactor).toFixed(2)})`,
    );
    results.push({ set, generic, career: tuned, words });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSpeechRecognitionBench(console.log, process.argv[2]);
