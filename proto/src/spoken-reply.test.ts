import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idTextSchema } from './ids.ts';
import { decodedByteLength, isBase64, joinMp3, messageAudioPath } from './spoken-reply.ts';

describe('spoken replies as base64', () => {
  it('knows the decoded size of standard base64 without decoding it', () => {
    for (let bytes = 0; bytes < 12; bytes++) {
      const base64 = Buffer.alloc(bytes, 0xff).toString('base64');
      expect(isBase64(base64), base64).toBe(true);
      expect(decodedByteLength(base64), base64).toBe(bytes);
    }
  });

  it('refuses what is not standard padded base64', () => {
    for (const bad of ['abc', 'ab c', 'ab=c', '====', 'A===', 'AB-_', 'data:audio/mpeg;base64,AAAA', '<svg/>AA']) expect(isBase64(bad), bad).toBe(false);
  });

  it('points at a saved reply with plain decimal ids, which the path schema reads back strictly', () => {
    expect(messageAudioPath(12, 345)).toBe('/api/conversation-threads/12/messages/345/audio');
    expect(idTextSchema.parse('345')).toBe(345);
    for (const bad of ['0x10', ' 6', '06', '1e3', '+6', '6.0', '', '9007199254740993'])
      expect(idTextSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('joinMp3', () => {
  /** Seconds of an MP3 as a player works them out (ffprobe reads an Info frame's count when there is one). */
  const secondsOf = (bytes: Uint8Array, dir: string) => {
    const path = join(dir, 'probe.mp3');
    writeFileSync(path, bytes);
    return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString().trim());
  };
  /** A tone of `seconds` as an MP3 made by `encoder`: lame's at a constant or a variable bitrate (Info or Xing frame), or ffmpeg's (ID3 tag too). */
  const tone = (dir: string, seconds: number, encoder: 'lame' | 'lame-vbr' | 'ffmpeg', rate: number) => {
    const wav = join(dir, `tone-${seconds}-${rate}.wav`);
    const mp3 = join(dir, `tone-${seconds}-${rate}-${encoder}.mp3`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}:sample_rate=${rate}`, wav]);
    if (encoder === 'lame') execFileSync('lame', ['--silent', '-m', 'm', '-b', '64', wav, mp3]);
    else if (encoder === 'lame-vbr') execFileSync('lame', ['--silent', '-V', '5', wav, mp3]);
    else execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '64k', '-metadata', 'title=piece', mp3]);
    return new Uint8Array(readFileSync(mp3));
  };

  it('gives pieces spoken one after another the length of all of them and no tag of one piece, whichever encoder made them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'join-mp3-'));
    try {
      for (const [encoder, rate] of [
        ['lame', 22050],
        ['lame-vbr', 22050],
        ['lame-vbr', 44100],
        ['ffmpeg', 22050],
        ['ffmpeg', 44100],
      ] as const) {
        const pieces = [tone(dir, 1.5, encoder, rate), tone(dir, 4, encoder, rate), tone(dir, 2.5, encoder, rate)];
        // At a variable bitrate without a Xing frame a player estimates from the first frames: within a tenth.
        expect(Math.abs(secondsOf(joinMp3(pieces), dir) - 8), `${encoder} ${rate}`).toBeLessThan(encoder === 'lame-vbr' ? 0.8 : 0.3);
        // What describes one file only (an ID3 tag, a Xing or Info frame) is not left in the middle of the audio.
        const joined = Buffer.from(joinMp3(pieces));
        for (const tag of ['ID3', 'Xing', 'Info']) expect(joined.indexOf(tag), `${encoder} ${rate} ${tag}`).toBe(-1);
        expect(Buffer.concat(pieces).indexOf(encoder === 'lame-vbr' ? 'Xing' : 'Info')).toBeGreaterThanOrEqual(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a single piece as it is, and the frames of pieces without tags', () => {
    const piece = new Uint8Array([0xff, 0xfb, 0x50, 0xc4, 1, 2, 3]);
    expect(joinMp3([piece])).toBe(piece);
    expect([...joinMp3([piece, piece])]).toEqual([...piece, ...piece]);
  });
});
