import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineProcesses } from '../../../test/engine-processes.ts';
import { pauseRecording } from '../../../test/pause-recording.ts';
import { OfflineSpeechToText } from './offline-speech-to-text.ts';
import { DEBIAN_MODEL_DIR, backtraceRowOf, evidenceOf, timedWordOf, withBacktrace } from './pocketsphinx-recognizer.ts';
import { UNSURE_BELOW, wordConfidences } from './word-confidence.ts';

describe('timedWordOf (a line of pocketsphinx -time yes)', () => {
  it('reads a word with its times, without its pronunciation variant, and tells markers and hypotheses apart', () => {
    expect(timedWordOf('migration 1.400 2.080 0.999600')).toEqual({ word: 'migration', start: 1.4, end: 2.08, posterior: 0.9996, token: 'migration' });
    expect(timedWordOf('our(2) 2.190 2.360 0.610329')).toEqual({ word: 'our', start: 2.19, end: 2.36, posterior: 0.610329, token: 'our(2)' });
    for (const marker of [
      '<s> 0.000 0.130 0.999400',
      '</s> 4.440 4.480 1.000000',
      '<sil> 0.560 0.670 0.660242',
      '[NOISE] 1.0 1.2 0.5',
      '++BREATH++ 1.0 1.2 0.5',
    ])
      expect(timedWordOf(marker), marker).toBe('marker');
    expect(timedWordOf('i led the migration of our database')).toBeUndefined();
  });
});

describe('what pocketsphinx tells of its certainty (-backtrace yes)', () => {
  it('logs the backtrace to a file of its own, replacing any log or backtrace argument (pocketsphinx refuses one given twice)', () => {
    expect(withBacktrace(['-hmm', 'm', '-logfn', '/dev/null', '-time', 'yes'], '/tmp/x.log')).toEqual([
      '-hmm',
      'm',
      '-time',
      'yes',
      '-backtrace',
      'yes',
      '-logfn',
      '/tmp/x.log',
    ]);
  });

  it('reads a backtrace row, skipping the log’s other lines, and joins it to the timed word by token and start frame', () => {
    const row = backtraceRowOf('led                  101   124   0.066 -882688    -686       2  ');
    expect(row).toEqual({ token: 'led', startFrame: 101, endFrame: 124, acousticScore: -882688, languageScore: -686, ngramOrder: 2 });
    expect(backtraceRowOf('INFO: ngram_search.c(1025): bestpath 0.00 CPU 0.000 xRT')).toBeUndefined();
    expect(backtraceRowOf('word                 start end   pprob ascr       lscr       lback')).toBeUndefined();
    const word = timedWordOf('led 1.010 1.240 0.066058');
    if (!word || word === 'marker' || !row) throw new Error('a word and a row');
    expect(evidenceOf(word, new Map([['led@101', row]]))).toEqual({
      word: 'led',
      posterior: 0.066058,
      frames: 24,
      acousticPerFrame: -882688 / 24,
      languageScore: -686,
      ngramOrder: 2,
    });
    expect(evidenceOf(word, new Map())).toEqual({ word: 'led', posterior: 0.066058, frames: 24 });
  });

  it('marks a word unsure when the evidence is weak, and trusts a word heard clearly', () => {
    // "…migration of a checkup database…": flite's awb voice said "our checkout database" (pocketsphinx's backtrace figures).
    const heard = [
      { word: 'migration', posterior: 1, frames: 73, acousticPerFrame: -1_444_864 / 73, languageScore: -753, ngramOrder: 2 },
      { word: 'a', posterior: 0.693, frames: 15, acousticPerFrame: -855_040 / 15, languageScore: -202, ngramOrder: 2 },
      { word: 'checkup', posterior: 0.038, frames: 51, acousticPerFrame: -2_185_216 / 51, languageScore: -723, ngramOrder: 2 },
      { word: 'database', posterior: 0.977, frames: 57, acousticPerFrame: -1_244_160 / 57, languageScore: -772, ngramOrder: 1 },
    ];
    const confidences = wordConfidences(heard);
    expect(confidences.map((word) => word.uncertain)).toEqual([false, false, true, false]);
    for (const word of confidences) expect(word.uncertain).toBe(word.confidence < UNSURE_BELOW);
    expect(confidences[0]?.confidence).toBeGreaterThan(0.9);
  });
});

/**
 * pocketsphinx (Debian's) on a flite recording with a 3-second silence in it: the utterance cutter
 * puts 0.6 s of silence in at its cut, and the word times must be the recording's, not the
 * recogniser's; a live recording fed in pieces gives the very same times as the file.
 */
describe('OfflineSpeechToText word timings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'offline-stt-'));
  let wav = '';
  const stt = new OfflineSpeechToText({ modelDir: DEBIAN_MODEL_DIR, toleranceSeconds: 3, deadlineMarginSeconds: 30 });
  let firstPartSeconds = 0;

  beforeAll(() => {
    ({ wav, firstPartSeconds } = pauseRecording(dir));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('times each heard word in seconds of the recording, the silence put in at cuts taken out', async () => {
    const heard = await stt.transcribeFile(wav, 'wav', 60);
    expect(heard.text).toContain('database');
    const words = heard.wordTimings;
    expect(words.map((word) => word.word).join(' ')).toBe(heard.text);
    const starts = words.map((word) => word.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const database = words.find((word) => word.word === 'database');
    const took = words.find((word) => word.word === 'took');
    expect(database?.end).toBeLessThan(firstPartSeconds + 0.1);
    // "took" comes after the first sentence, the 3 s silence and "it": not 0.6 s later (the put-in silence).
    expect(took?.start).toBeGreaterThan(firstPartSeconds + 3);
    expect(took?.start).toBeLessThan(firstPartSeconds + 3 + 0.55);
    expect(heard.durationSeconds).toBeCloseTo(Math.max(...words.map((word) => word.end)), 0);
  });

  it('gives each heard word a confidence from 0 to 1 out of pocketsphinx’s backtrace', async () => {
    const heard = await stt.transcribeFile(wav, 'wav', 60);
    expect(heard.evidence?.map((word) => word.word)).toEqual(heard.wordTimings.map((word) => word.word));
    expect(heard.evidence?.every((word) => word.acousticPerFrame !== undefined && word.ngramOrder !== undefined)).toBe(true);
    for (const word of heard.wordTimings) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      expect(word.uncertain).toBe((word.confidence ?? 1) < UNSURE_BELOW);
    }
  });

  it('gives a live recording fed in pieces the same words at the same times as the file', async () => {
    const file = await stt.transcribeFile(wav, 'wav', 60);
    const live = stt.openLive('wav', 60);
    const bytes = readFileSync(wav);
    for (let offset = 0; offset < bytes.length; offset += 16_000) await live.write(bytes.subarray(offset, offset + 16_000));
    const { stages, ...heard } = await live.finish();
    expect(heard).toEqual(file);
    // What was left at Stop, stage by stage (the turn's timeline, issue 40); a file has none.
    expect(stages?.map((stage) => stage.stage)).toEqual(['chunks-in', 'decode-backlog', 'sphinx-tail']);
    expect(file.stages).toBeUndefined();
  });
});

/** Issue 18, point 1: whatever the bytes make ffmpeg do, a decode ends at its deadline with every process it started. */
describe('OfflineSpeechToText deadlines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'offline-stt-deadline-'));
  const webm = join(dir, 'answer.webm');
  // Deadline: a 1 s limit, no tolerance, 1 s of margin.
  const stt = new OfflineSpeechToText({ modelDir: DEBIAN_MODEL_DIR, toleranceSeconds: 0, deadlineMarginSeconds: 1 });

  beforeAll(() => {
    execFileSync('flite', ['-voice', 'rms', '-t', 'I led the migration.', '-o', join(dir, 'answer.wav')]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(dir, 'answer.wav'), '-c:a', 'libopus', webm]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('kills a live decode that is still open at its deadline, ffmpeg and pocketsphinx alike, and says why', async () => {
    const live = stt.openLive('webm', 1);
    await live.write(readFileSync(webm).subarray(0, 400));
    expect(engineProcesses().length).toBeGreaterThan(0);
    // Nothing more comes and the recording is never finished: ffmpeg would wait for ever.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(live.write(Buffer.alloc(10))).rejects.toMatchObject({ name: 'DecodeTimeoutError' });
    await expect(live.finish()).rejects.toMatchObject({ name: 'DecodeTimeoutError' });
    await expect.poll(engineProcesses, { timeout: 2000, interval: 100 }).toEqual([]);
  });

  it('stops a file’s decode at once when its signal aborts', async () => {
    const controller = new AbortController();
    const run = stt.transcribeFile(join(dir, 'answer.wav'), 'wav', 60, controller.signal);
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'WorkCancelledError' });
    await expect.poll(engineProcesses, { timeout: 2000, interval: 100 }).toEqual([]);
  });

  it('refuses to let ffmpeg read a file of another kind than it was told', async () => {
    await expect(stt.transcribeFile(webm, 'mp3', 60)).rejects.toMatchObject({ name: 'UnreadableAudioError' });
  });
});
