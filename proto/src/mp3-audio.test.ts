import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { id3v2TagLength, isMp3Audio, mp3FrameAt } from './mp3-audio.ts';
import { isMp3Base64 } from './spoken-reply.ts';

/** An ID3v2 tag of `bodyBytes` bytes (its size written syncsafe), with a footer when `footer` is set. */
function id3Tag(bodyBytes: number, footer = false): Buffer {
  const size = [21, 14, 7, 0].map((shift) => (bodyBytes >> shift) & 0x7f);
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, footer ? 0x10 : 0, ...size]);
  const body = Buffer.alloc(bodyBytes, 0);
  // Frames of a tag that a check ignoring the tag's size would take for audio.
  if (bodyBytes >= 8) body.set([0xff, 0xfb, 0x90, 0xc0], 4);
  return Buffer.concat([header, body, footer ? Buffer.from([0x33, 0x44, 0x49, 4, 0, 0x10, ...size]) : Buffer.alloc(0)]);
}

/** Both ways in: the bytes, and their base64 as a save carries them. */
const verdicts = (bytes: Uint8Array) => [isMp3Audio(bytes), isMp3Base64(Buffer.from(bytes).toString('base64'))];

describe('MP3 audio check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp3-audio-'));
  const real: Record<string, Buffer> = {};

  beforeAll(() => {
    // Speech as flite says it (8 kHz) and a tone at 44.1 kHz, made into MP3 by lame and by ffmpeg.
    const speech = join(dir, 'speech.wav');
    const tone = join(dir, 'tone.wav');
    execFileSync('flite', ['-t', 'Saved audio is audio.', '-o', speech]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1:sample_rate=44100', tone]);
    const encode = (name: string, command: string, args: string[]) => {
      execFileSync(command, args);
      real[name] = readFileSync(join(dir, name));
    };
    encode('lame-8k.mp3', 'lame', ['--silent', speech, join(dir, 'lame-8k.mp3')]);
    encode('lame-16k.mp3', 'lame', ['--silent', '--resample', '16', speech, join(dir, 'lame-16k.mp3')]);
    encode('lame-cbr.mp3', 'lame', ['--silent', '-b', '128', tone, join(dir, 'lame-cbr.mp3')]);
    encode('lame-vbr.mp3', 'lame', ['--silent', '-V', '5', tone, join(dir, 'lame-vbr.mp3')]);
    encode('ffmpeg-id3.mp3', 'ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      tone,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-metadata',
      'title=reply',
      join(dir, 'ffmpeg-id3.mp3'),
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes real MP3s from lame and ffmpeg: MPEG-1, 2 and 2.5, constant and variable bitrate, with and without an ID3 tag', () => {
    expect(Object.keys(real)).toHaveLength(5);
    for (const [name, bytes] of Object.entries(real)) expect(verdicts(bytes), name).toEqual([true, true]);
    expect(real['ffmpeg-id3.mp3']?.subarray(0, 3).toString()).toBe('ID3');
    expect(new Set(Object.values(real).map((bytes) => mp3FrameAt(bytes, id3v2TagLength(bytes) ?? 0)?.version))).toEqual(new Set([0, 2, 3]));
  });

  it('skips an ID3v2 tag by its syncsafe size, and its footer when flagged, however the tag falls across base64 groups', () => {
    const audio = real['lame-cbr.mp3'] ?? Buffer.alloc(0);
    for (const bodyBytes of [0, 1, 2, 200, 1000, 20_000]) {
      expect(verdicts(Buffer.concat([id3Tag(bodyBytes), audio])), `tag of ${bodyBytes}`).toEqual([true, true]);
      expect(verdicts(Buffer.concat([id3Tag(bodyBytes, true), audio])), `tag of ${bodyBytes} with footer`).toEqual([true, true]);
    }
    expect(id3v2TagLength(id3Tag(200))).toBe(210);
    expect(id3v2TagLength(id3Tag(200, true))).toBe(220);
    // A size that is not syncsafe, a tag that claims more than there is, a tag with no audio after it.
    const broken = id3Tag(200);
    broken[9] = (broken[9] ?? 0) | 0x80; // read masked to seven bits, this would be the right size
    expect(verdicts(Buffer.concat([broken, audio]))).toEqual([false, false]);
    expect(verdicts(Buffer.concat([id3Tag(200).subarray(0, 10), audio]))).toEqual([false, false]);
    expect(verdicts(id3Tag(5000))).toEqual([false, false]);
  });

  it('refuses what is not MP3: an HTML page, text, nothing, other audio', () => {
    const wav = readFileSync(join(dir, 'speech.wav'));
    for (const [what, bytes] of [
      ['HTML', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
      ['text', Buffer.from('These are my notes, not a recording.')],
      ['nothing', Buffer.alloc(0)],
      ['WAV', wav],
      ['zeros', Buffer.alloc(5000)],
      ['HTML behind one frame header', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc0]), Buffer.from('<html>'.repeat(200))])],
    ] as const) {
      expect(verdicts(bytes), what).toEqual([false, false]);
    }
    expect(isMp3Base64('not base64!')).toBe(false);
  });

  it('refuses an MP3 cut off before its second frame ends', () => {
    const audio = real['lame-cbr.mp3'] ?? Buffer.alloc(0);
    const first = mp3FrameAt(audio, 0)?.length ?? 0;
    const second = mp3FrameAt(audio, first)?.length ?? 0;
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    for (const cut of [3, 4, 100, first, first + 4, first + second - 1]) expect(verdicts(audio.subarray(0, cut)), `cut at ${cut}`).toEqual([false, false]);
    expect(verdicts(audio.subarray(0, first + second))).toEqual([true, true]);
  });

  it('reads each frame header: Layer III only, no reserved or free-format value, the next frame where the length says', () => {
    const audio = real['lame-cbr.mp3'] ?? Buffer.alloc(0);
    const changed = (at: number, byte: (old: number) => number) => {
      const copy = Buffer.from(audio);
      copy[at] = byte(copy[at] ?? 0);
      return copy;
    };
    const first = mp3FrameAt(audio, 0)?.length ?? 0;
    for (const [what, bytes] of [
      ['no sync', changed(1, (b) => b & 0x1f)],
      ['reserved version', changed(1, (b) => (b & ~0x18) | 0x08)],
      ['Layer II', changed(1, (b) => (b & ~0x06) | 0x04)],
      ['Layer I', changed(1, (b) => b | 0x06)],
      ['free-format bitrate', changed(2, (b) => b & 0x0f)],
      ['bad bitrate', changed(2, (b) => b | 0xf0)],
      ['reserved sample rate', changed(2, (b) => b | 0x0c)],
      ['padding not there', changed(2, (b) => b ^ 0x02)],
      ['second frame of another sample rate', changed(first + 2, (b) => (b & ~0x0c) | 0x04)],
      ['second frame not Layer III', changed(first + 1, (b) => b | 0x06)],
      ['a byte put in after the first frame', Buffer.concat([audio.subarray(0, first), Buffer.from([0]), audio.subarray(first)])],
    ] as const) {
      expect(verdicts(bytes), what).toEqual([false, false]);
    }
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: 417 bytes, 418 padded.
    expect(mp3FrameAt(Buffer.from([0xff, 0xfb, 0x90, 0xc0]), 0)).toEqual({ version: 3, sampleRate: 44100, length: 417 });
    expect(mp3FrameAt(Buffer.from([0xff, 0xfb, 0x92, 0xc0]), 0)?.length).toBe(418);
    // MPEG-2.5 Layer III, 8 kbit/s, 8 kHz: 72 bytes.
    expect(mp3FrameAt(Buffer.from([0xff, 0xe3, 0x18, 0xc4]), 0)).toEqual({ version: 0, sampleRate: 8000, length: 72 });
  });
});
