import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audioSha256, cachedRecording, convertedAudio, spokenWav } from './test-audio.ts';

describe('recordings made once (the test audio cache)', () => {
  const cache = mkdtempSync(join(tmpdir(), 'test-audio-cache-'));
  const work = mkdtempSync(join(tmpdir(), 'test-audio-work-'));
  afterAll(() => {
    rmSync(cache, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('makes a recording once for the same recipe, and anew for another', () => {
    let made = 0;
    const make = (text: string) => (path: string) => {
      made += 1;
      writeFileSync(path, text);
    };
    const first = cachedRecording({ text: 'one' }, 'wav', make('one'), cache);
    expect(first.startsWith(cache)).toBe(true);
    expect(first.endsWith('.wav')).toBe(true);
    expect(cachedRecording({ text: 'one' }, 'wav', make('other'), cache)).toBe(first);
    expect(readFileSync(first, 'utf8')).toBe('one');
    expect(made).toBe(1);
    const second = cachedRecording({ text: 'two' }, 'wav', make('two'), cache);
    expect(second).not.toBe(first);
    expect(cachedRecording({ text: 'one' }, 'mp3', make('one as mp3'), cache)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('gives the maker a path with the right ending, leaves nothing half-made, and keeps the recording that landed first', () => {
    // The maker sees a file name ending in the extension (ffmpeg picks its format by it), not the cached name.
    const seen: string[] = [];
    const landed = cachedRecording(
      { race: 1 },
      'webm',
      (path) => {
        seen.push(path);
        // Another test file makes the same recording meanwhile, and lands first.
        cachedRecording({ race: 1 }, 'webm', (other) => writeFileSync(other, 'first'), cache);
        writeFileSync(path, 'second');
      },
      cache,
    );
    expect(seen[0]?.endsWith('.webm')).toBe(true);
    expect(seen[0]).not.toBe(landed);
    expect(readFileSync(landed, 'utf8')).toBe('first');
    // A maker that fails leaves nothing: the next call makes it.
    expect(() =>
      cachedRecording(
        { broken: 1 },
        'wav',
        (path) => {
          writeFileSync(path, 'half');
          throw new Error('flite failed');
        },
        cache,
      ),
    ).toThrow('flite failed');
    expect(readdirSync(cache).filter((name) => name.startsWith('.making-'))).toEqual([]);
    expect(
      readFileSync(
        cachedRecording({ broken: 1 }, 'wav', (path) => writeFileSync(path, 'whole'), cache),
        'utf8',
      ),
    ).toBe('whole');
  });

  it('keys a conversion by its input’s bytes, wherever the input lies, and by its options', () => {
    const wav = spokenWav('We shipped it in six weeks.', 'rms', cache);
    expect(spokenWav('We shipped it in six weeks.', 'rms', cache)).toBe(wav);
    expect(readFileSync(wav).subarray(0, 4).toString('ascii')).toBe('RIFF');
    const copy = join(work, 'copy.wav');
    copyFileSync(wav, copy);
    const webm = convertedAudio(wav, 'webm', ['-c:a', 'libopus', '-b:a', '64k'], cache);
    expect(convertedAudio(copy, 'webm', ['-c:a', 'libopus', '-b:a', '64k'], cache)).toBe(webm);
    expect(convertedAudio(wav, 'webm', ['-c:a', 'libopus', '-b:a', '32k'], cache)).not.toBe(webm);
    const other = spokenWav('We shipped it in seven weeks.', 'rms', cache);
    expect(convertedAudio(other, 'webm', ['-c:a', 'libopus', '-b:a', '64k'], cache)).not.toBe(webm);
    expect(audioSha256(copy)).toBe(audioSha256(wav));
  });
});
