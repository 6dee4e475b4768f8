/**
 * Measures the offline recogniser on recorded sentences: each condition (a voice, maybe changed)
 * reads each sentence once into a cache folder (kept between runs: synthesis is the slow part),
 * then the speech service's own pipeline (ffmpeg, the utterance cutter, pocketsphinx) transcribes
 * every recording, two at a time, and the word error rate is counted per condition.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { OfflineSpeechToText } from '../src/engines/pocketsphinx/offline-speech-to-text.ts';
import type { RecognizerModel } from '../src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import type { WordModelPaths } from '../src/engines/moonshine/word-model-files.ts';
import { conditionAvailable, conditionName, recordCondition, type RecognitionCondition } from './recognition-voices.ts';
import { wordErrorRate } from './word-error-rate.ts';

export interface Recording {
  condition: string;
  sentence: string;
  file: string;
  kind: 'wav' | 'mp3';
}

/** Records every sentence in every available condition (or finds it in `cacheDir`); skipped conditions are named in `skipped`. */
export function recordAll(conditions: readonly RecognitionCondition[], sentences: readonly string[], cacheDir: string): { recordings: Recording[]; skipped: string[] } {
  const recordings: Recording[] = [];
  const skipped: string[] = [];
  for (const condition of conditions) {
    const name = conditionName(condition);
    if (!conditionAvailable(condition)) {
      skipped.push(name);
      continue;
    }
    const dir = join(cacheDir, name.replace(/[^a-z0-9]+/gi, '-'));
    mkdirSync(dir, { recursive: true });
    for (const sentence of sentences) {
      const path = join(dir, createHash('sha1').update(sentence).digest('hex').slice(0, 12));
      const kind = condition.change === 'mp3' ? 'mp3' : 'wav';
      const file = `${path}.${kind}`;
      if (!existsSync(file)) recordCondition(condition, sentence, path);
      recordings.push({ condition: name, sentence, file, kind });
    }
  }
  return { recordings, skipped };
}

export interface ConditionFigures {
  condition: string;
  errors: number;
  words: number;
}

export interface RecognitionFigures {
  conditions: ConditionFigures[];
  errors: number;
  words: number;
  /** Seconds of decoding (wall clock, per recording, summed) per second of audio. */
  realTimeFactor: number;
  /** What was heard for each recording, for reading the mistakes. */
  heard: { recording: Recording; text: string }[];
}

/** Transcribes every recording with `model` (`parallel` at a time) and counts the word errors per condition. */
export async function measureRecognition(recordings: readonly Recording[], model: RecognizerModel & { wordModel?: WordModelPaths }, parallel = 2): Promise<RecognitionFigures> {
  const stt = new OfflineSpeechToText({ ...model, toleranceSeconds: 3, deadlineMarginSeconds: 120 });
  const heard: { recording: Recording; text: string; seconds: number; decodeMs: number }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < recordings.length) {
      const recording = recordings[next++];
      if (!recording) break;
      const started = performance.now();
      const result = await stt.transcribeFile(recording.file, recording.kind, 600);
      heard.push({ recording, text: result.text, seconds: result.durationSeconds, decodeMs: performance.now() - started });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const byCondition = new Map<string, ConditionFigures>();
  let errors = 0;
  let words = 0;
  for (const { recording, text } of heard) {
    const score = wordErrorRate(recording.sentence, text);
    const figures = byCondition.get(recording.condition) ?? { condition: recording.condition, errors: 0, words: 0 };
    figures.errors += score.errors;
    figures.words += score.words;
    byCondition.set(recording.condition, figures);
    errors += score.errors;
    words += score.words;
  }
  const order = [...new Set(recordings.map((recording) => recording.condition))];
  const seconds = heard.reduce((sum, item) => sum + item.seconds, 0);
  const decodeSeconds = heard.reduce((sum, item) => sum + item.decodeMs / 1000, 0);
  return {
    conditions: order.map((condition) => byCondition.get(condition) ?? { condition, errors: 0, words: 0 }),
    errors,
    words,
    realTimeFactor: decodeSeconds / seconds,
    heard: heard.map(({ recording, text }) => ({ recording, text })),
  };
}

/** "12.3%" */
export const percent = (errors: number, words: number) => `${((errors / Math.max(words, 1)) * 100).toFixed(1)}%`;
