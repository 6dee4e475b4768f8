/**
 * Moonshine in the offline recogniser (issue 19, point 4): the real model, fetched by `make deps`,
 * on flite voices the recogniser was never tuned on. It must hear better than pocketsphinx alone,
 * keep the recording's word times, and give a live recording the same transcript as the file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pauseRecording } from '../../../test/pause-recording.ts';
import { HELD_OUT_SENTENCES } from '../../../evaluation/recognition-sentences.ts';
import { wordErrorRate } from '../../../evaluation/word-error-rate.ts';
import { configuredRecognizerModel, DEFAULT_CAREER_MODEL } from '../pocketsphinx/language-model/language-model-paths.ts';
import { OfflineSpeechToText } from '../pocketsphinx/offline-speech-to-text.ts';
import { DEBIAN_MODEL_DIR } from '../pocketsphinx/pocketsphinx-recognizer.ts';
import { MoonshineRecognizer, tokensToWords } from './moonshine-recognizer.ts';
import { checkedWordModel, DEFAULT_WORD_MODEL_DIR, WORD_MODEL_FILES, wordModelPaths } from './word-model-files.ts';
import { matchForm } from './merge-words.ts';

const { missing: _missing, ...career } = configuredRecognizerModel(DEBIAN_MODEL_DIR, DEFAULT_CAREER_MODEL.languageModel, DEFAULT_CAREER_MODEL.dictionary);
const wordModel = wordModelPaths(DEFAULT_WORD_MODEL_DIR);
const options = { ...career, toleranceSeconds: 3, deadlineMarginSeconds: 60 };
const withWords = new OfflineSpeechToText({ ...options, wordModel });
const alone = new OfflineSpeechToText(options);

/** Held-out answers (services/speech/evaluation), read by voices neither recogniser was tuned on: awb and kal16 in turn. */
const SENTENCES = HELD_OUT_SENTENCES.slice(24, 30).map((text, index) => ({ voice: index % 2 === 0 ? 'awb' : 'kal16', text }));

describe('the word model’s files', () => {
  it('are the published ones, and a changed or missing file is told apart', () => {
    expect(checkedWordModel(DEFAULT_WORD_MODEL_DIR)).toEqual({ paths: wordModel });
    const dir = mkdtempSync(join(tmpdir(), 'word-model-'));
    try {
      expect(checkedWordModel(dir)).toEqual({ problem: `${join(dir, WORD_MODEL_FILES.encoder.name)} is missing` });
      writeFileSync(join(dir, WORD_MODEL_FILES.encoder.name), readFileSync(wordModel.encoder).subarray(1));
      writeFileSync(join(dir, WORD_MODEL_FILES.decoder.name), readFileSync(wordModel.decoder));
      expect(checkedWordModel(dir)).toMatchObject({ problem: expect.stringContaining('is not the published model') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Moonshine on its own', () => {
  it('groups pieces into words and leaves punctuation out of a word’s probability', () => {
    // "▁pay" "ments" "." : one word, whose probability is its least likely spoken piece.
    const words = tokensToWords([
      { token: 5146, probability: 0.9 },
      { token: 1860, probability: 0.8 },
      { token: 29889, probability: 0.1 },
    ]);
    expect(words).toHaveLength(1);
    expect(words[0]?.probability).toBe(0.8);
  });

  it('hears nothing in silence and under a tenth of a second', async () => {
    const recognizer = new MoonshineRecognizer(wordModel);
    expect(await recognizer.recognize(Buffer.alloc(1000))).toEqual([]);
    const silence = await recognizer.recognize(Buffer.alloc(32_000 * 2));
    expect(silence.length).toBeLessThanOrEqual(2);
  });
});

describe('the offline recogniser with Moonshine hearing the words', () => {
  const dir = mkdtempSync(join(tmpdir(), 'word-model-stt-'));
  const files: string[] = [];
  let pause = '';
  let firstPartSeconds = 0;

  beforeAll(() => {
    for (const [index, { voice, text }] of SENTENCES.entries()) {
      const file = join(dir, `${index}.wav`);
      execFileSync('flite', ['-voice', voice, '-t', text, '-o', file]);
      files.push(file);
    }
    // Two sentences with 3 s of silence between them: the cutter cuts there.
    ({ wav: pause, firstPartSeconds } = pauseRecording(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes fewer word errors than pocketsphinx alone on voices neither was tuned on', async () => {
    let errorsWith = 0;
    let errorsAlone = 0;
    let words = 0;
    for (const [index, file] of files.entries()) {
      const said = SENTENCES[index]?.text ?? '';
      const heard = await withWords.transcribeFile(file, 'wav', 60);
      const score = wordErrorRate(said, heard.text);
      errorsWith += score.errors;
      words += score.words;
      errorsAlone += wordErrorRate(said, (await alone.transcribeFile(file, 'wav', 60)).text).errors;
    }
    expect(errorsWith / words).toBeLessThan(0.12);
    expect(errorsWith).toBeLessThan(errorsAlone);
  });

  it('keeps the recording’s word times, in order, the words matching the text', async () => {
    const heard = await withWords.transcribeFile(pause, 'wav', 60);
    const words = heard.wordTimings;
    expect(words.map((word) => matchForm(word.word)).join(' ')).toBe(heard.text.split(/\s+/).map(matchForm).filter(Boolean).join(' '));
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]?.start ?? 0);
      expect(word.confidence).toBeGreaterThan(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
    const database = words.find((word) => matchForm(word.word) === 'database');
    const took = words.find((word) => matchForm(word.word) === 'took');
    expect(database?.end).toBeLessThan(firstPartSeconds + 0.1);
    expect(took?.start).toBeGreaterThan(firstPartSeconds + 3);
    expect(took?.start).toBeLessThan(firstPartSeconds + 3 + 0.55);
  });

  it('gives a live recording fed in pieces the same transcript as the file', async () => {
    const file = await withWords.transcribeFile(pause, 'wav', 60);
    const live = withWords.openLive('wav', 60);
    const bytes = readFileSync(pause);
    for (let offset = 0; offset < bytes.length; offset += 12_345) await live.write(bytes.subarray(offset, offset + 12_345));
    const { stages, ...heard } = await live.finish();
    expect(heard).toEqual(file);
    // What was left at Stop, stage by stage (the turn's timeline, issue 40); a file has none.
    expect(stages?.map((stage) => stage.stage)).toEqual(['chunks-in', 'decode-backlog', 'sphinx-tail', 'moonshine-tail', 'merge']);
    expect(file.stages).toBeUndefined();
  });
});
