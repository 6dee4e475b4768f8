import { open } from 'node:fs/promises';

import type { AudioKind } from '@story/proto';

/** The audio kinds the service takes: the specification's MP3, WAV, M4A and AAC, and what browsers record. */
export type { AudioKind };

/** File name endings taken, and the kind each names. */
const EXTENSIONS: Record<string, AudioKind> = { mp3: 'mp3', wav: 'wav', m4a: 'mp4', mp4: 'mp4', aac: 'aac', webm: 'webm', ogg: 'ogg', oga: 'ogg', opus: 'ogg' };

/** Bytes needed to tell the kinds apart (an ID3 tag's header is read to look past it). */
export const SNIFF_BYTES = 16;

/**
 * The ffmpeg demuxer of each kind. ffmpeg is always told the kind (`-f`) and allowed no other
 * demuxer: left to probe, it found a playlist behind an ID3 tag and read files it named (issue 18).
 */
export const DEMUXERS: Record<AudioKind, string> = { mp3: 'mp3', wav: 'wav', mp4: 'mov', aac: 'aac', webm: 'matroska', ogg: 'ogg' };

/** ffmpeg's input options for audio of `kind`: that demuxer only, and local files or pipes only. */
export function demuxerArgs(kind: AudioKind): string[] {
  const demuxer = DEMUXERS[kind];
  return ['-f', demuxer, '-format_whitelist', demuxer, '-protocol_whitelist', 'file,pipe'];
}

/** A live recording's kind from the recorder's MIME type (`audio/webm;codecs=opus`). */
export function kindOfMimeType(mimeType: string): AudioKind | undefined {
  const match = /^audio\/(webm|ogg|mp4)\b/.exec(mimeType.trim().toLowerCase());
  return match?.[1] === 'mp4' ? 'mp4' : (match?.[1] as AudioKind | undefined);
}

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Whether a file name ends in an extension the service takes. */
export function hasAudioExtension(fileName: string): boolean {
  return extensionOf(fileName) in EXTENSIONS;
}

/** An MPEG audio frame header: eleven sync bits, then Layer III (MP3) or Layer "00" (AAC in ADTS). */
function frameKind(first: number, second: number): AudioKind | undefined {
  if (first !== 0xff || (second & 0xe0) !== 0xe0) return undefined;
  const layer = (second >> 1) & 0x03;
  if (layer === 0x01) return 'mp3';
  if (layer === 0x00 && (second & 0xf0) === 0xf0) return 'aac';
  return undefined;
}

/**
 * What the first bytes of a file say it is (its magic bytes), whatever its name claims: RIFF/WAVE,
 * an ID3 tag or an MPEG frame (MP3), an ADTS frame (AAC), an ISO box `ftyp` (M4A, MP4), EBML (WebM),
 * `OggS` (Ogg). Undefined for anything else, such as a text file renamed `.mp3`.
 */
export function sniffAudioKind(head: Uint8Array): AudioKind | undefined {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  // Only a first guess: what follows the tag decides (`sniffAudioFile`).
  if (head.length >= 10 && text(0, 3) === 'ID3') return 'mp3';
  if (head.length >= 8 && text(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 4 && text(0, 4) === 'OggS') return 'ogg';
  if (head.length >= 2) return frameKind(head[0] ?? 0, head[1] ?? 0);
  return undefined;
}

/** The length of an ID3v2 tag at the start of `head` (header, syncsafe size, footer), or 0 when there is none. */
export function id3TagLength(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  const size = head.subarray(6, 10);
  if (size.some((byte) => byte > 0x7f)) return -1;
  const body = ((size[0] ?? 0) << 21) | ((size[1] ?? 0) << 14) | ((size[2] ?? 0) << 7) | (size[3] ?? 0);
  const footer = ((head[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + body + footer;
}

/** Zero bytes some encoders leave between an ID3 tag and the first frame, at most. */
const MAX_PADDING = 4096;

/**
 * What a file's bytes are. An ID3 tag says nothing by itself (anything may follow it): the bytes
 * after it must be an MP3 or AAC frame, or the file is not audio.
 */
export async function sniffAudioFile(path: string): Promise<AudioKind | undefined> {
  const file = await open(path, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0, SNIFF_BYTES);
    const tag = id3TagLength(head);
    if (tag === 0) return sniffAudioKind(head);
    if (tag < 0) return undefined;
    const after = await read(tag, MAX_PADDING + 2);
    let start = 0;
    while (start < after.length && after[start] === 0) start += 1;
    return after.length - start >= 2 ? frameKind(after[start] ?? 0, after[start + 1] ?? 0) : undefined;
  } finally {
    await file.close();
  }
}
