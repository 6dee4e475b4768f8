import { describe, expect, it } from 'vitest';
import { extensionOf, hasAudioExtension, sniffAudioKind } from './audio-format.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])));

describe('sniffAudioKind', () => {
  it('knows each kind by its first bytes', () => {
    expect(sniffAudioKind(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBe('wav');
    expect(sniffAudioKind(bytes('ID3', 4, 0, 0, 0, 0, 0, 0))).toBe('mp3');
    expect(sniffAudioKind(bytes(0xff, 0xfb, 0x90, 0xc0))).toBe('mp3');
    expect(sniffAudioKind(bytes(0xff, 0xf3, 0x48, 0xc4))).toBe('mp3');
    expect(sniffAudioKind(bytes(0xff, 0xf1, 0x50, 0x80))).toBe('aac');
    expect(sniffAudioKind(bytes(0xff, 0xf9, 0x50, 0x80))).toBe('aac');
    expect(sniffAudioKind(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe('mp4');
    expect(sniffAudioKind(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('webm');
    expect(sniffAudioKind(bytes('OggS', 0, 2))).toBe('ogg');
  });

  it('refuses text, images, archives and nothing at all', () => {
    expect(sniffAudioKind(Buffer.from('This is not audio, only text.'))).toBeUndefined();
    expect(sniffAudioKind(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBeUndefined();
    expect(sniffAudioKind(bytes('PK', 3, 4))).toBeUndefined();
    expect(sniffAudioKind(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBeUndefined();
    expect(sniffAudioKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBeUndefined();
    expect(sniffAudioKind(new Uint8Array())).toBeUndefined();
  });
});

describe('file name extensions', () => {
  it('takes the specification’s four and what browsers record, in any case', () => {
    for (const name of ['a.mp3', 'a.WAV', 'talk.m4a', 'x.aac', 'recording.webm', 'r.ogg', 'r.mp4']) expect(hasAudioExtension(name), name).toBe(true);
    for (const name of ['a.txt', 'a.mp3.exe', 'noextension', 'a.', '.mp3x']) expect(hasAudioExtension(name), name).toBe(false);
    expect(extensionOf('Talk.Final.MP3')).toBe('mp3');
  });
});
