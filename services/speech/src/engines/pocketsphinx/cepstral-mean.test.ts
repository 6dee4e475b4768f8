import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../../evaluation/word-error-rate.ts';
import { acousticModelWithoutCmninit, withoutCmninit } from './acoustic-model.ts';
import { cepstralMeanOf, cmninitArg, framesOfMfc, voicedMean } from './cepstral-mean.ts';
import { OfflineSpeechToText } from './offline-speech-to-text.ts';
import { DEBIAN_MODEL_DIR, PocketsphinxRecognizer, recognizerArgs } from './pocketsphinx-recognizer.ts';

const mfcOf = (frames: number[][]) => {
  const file = Buffer.alloc(4 + frames.length * 13 * 4);
  file.writeInt32LE(frames.length * 13, 0);
  frames.flat().forEach((value, index) => file.writeFloatLE(value, 4 + index * 4));
  return file;
};

describe('the cepstral mean a recording starts from', () => {
  it('reads sphinx_fe’s frames, 13 cepstra each, ignoring a count that runs past the file', () => {
    const frames = [Array.from({ length: 13 }, (_, index) => index), Array.from({ length: 13 }, (_, index) => -index)];
    expect(framesOfMfc(mfcOf(frames))).toEqual(frames);
    const cut = mfcOf(frames).subarray(0, 4 + 13 * 4 + 8);
    expect(framesOfMfc(cut)).toEqual([frames[0]]);
    expect(framesOfMfc(Buffer.alloc(2))).toEqual([]);
  });

  it('averages the voiced frames only (energy in the upper part of the range), and says nothing of too little voice', () => {
    const quiet = Array.from({ length: 100 }, () => [20, ...Array.from({ length: 12 }, () => -9)]);
    const voiced = Array.from({ length: 60 }, (_, index) => [60 + (index % 2), ...Array.from({ length: 12 }, () => 3)]);
    const mean = voicedMean([...quiet, ...voiced]);
    expect(mean?.[0]).toBeCloseTo(60.5, 5);
    expect(mean?.slice(1).every((value) => value === 3)).toBe(true);
    expect(voicedMean(voiced.slice(0, 10))).toBeUndefined();
    expect(cmninitArg([52.346, -5.291, 0])).toBe('52.35,-5.29,0.00');
  });

  it('gives pocketsphinx a model folder whose feat.params leaves -cmninit to the command line, and passes the mean', () => {
    expect(withoutCmninit('-lowerf 130\n-cmninit 41.00,-5.29\n-cmn batch\n')).toBe('-lowerf 130\n-cmn batch\n');
    const folder = acousticModelWithoutCmninit(join(DEBIAN_MODEL_DIR, 'en-us'));
    expect(readFileSync(join(folder, 'feat.params'), 'utf8')).not.toContain('-cmninit');
    expect(existsSync(join(folder, 'mdef'))).toBe(true);
    expect(acousticModelWithoutCmninit(join(DEBIAN_MODEL_DIR, 'en-us'))).toBe(folder);
    const args = recognizerArgs({ modelDir: DEBIAN_MODEL_DIR }, [50, 1]);
    expect(args.slice(0, 4)).toEqual(['-hmm', folder, '-cmninit', '50.00,1.00']);
    expect(recognizerArgs({ modelDir: DEBIAN_MODEL_DIR })[1]).toBe(join(DEBIAN_MODEL_DIR, 'en-us'));
  });
});

/**
 * flite's kal voice (8 kHz) has a cepstral mean far from the US English model's start: with the
 * model's own start, pocketsphinx hears next to nothing of what it says (93 % word errors on the
 * tuning sentences); started from the recording's own mean, most of it (28 %).
 */
describe('OfflineSpeechToText with the recording’s own cepstral mean', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cepstral-mean-'));
  const wav = join(dir, 'kal.wav');
  const sentence = 'Last year I led the migration of our customer database to a new system.';

  beforeAll(() => {
    execFileSync('flite', ['-voice', 'kal', '-t', sentence, '-o', join(dir, 'voice.wav')]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(dir, 'voice.wav'), '-ar', '16000', '-ac', '1', wav]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hears far more of a voice the model’s own start does not fit', async () => {
    const stt = new OfflineSpeechToText({ modelDir: DEBIAN_MODEL_DIR, toleranceSeconds: 3, deadlineMarginSeconds: 30 });
    const heard = await stt.transcribeFile(wav, 'wav', 60);
    const pcm = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, '-f', 's16le', '-ac', '1', '-ar', '16000', '-']);
    expect(await cepstralMeanOf(pcm)).toHaveLength(13);
    const modelsOwn = new PocketsphinxRecognizer({ modelDir: DEBIAN_MODEL_DIR });
    await modelsOwn.write(pcm);
    const before = wordErrorRate(sentence, (await modelsOwn.finish()).text);
    const after = wordErrorRate(sentence, heard.text);
    expect(after.errors / after.words).toBeLessThan(0.5);
    expect(after.errors).toBeLessThan(before.errors - 3);
    expect(heard.text).toContain('migration of our customer');
  });
});
