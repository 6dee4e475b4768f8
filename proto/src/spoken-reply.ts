/**
 * A spoken reply travels as base64 MP3 (what `/api/transcribe` answers and a save may carry) and is
 * stored apart from its message; a thread read points at it with a URL instead of carrying it.
 */

import { ID3_HEADER_BYTES, MP3_FRAMES_CHECKED_BYTES, id3v2TagLength, mp3FrameAt, startsWithMp3Frames } from './mp3-audio.ts';

const OUTSIDE_BASE64_ALPHABET = /[^A-Za-z0-9+/]/;

/** How many `=` pad the end of a base64 text. */
function paddingOf(base64: string): number {
  if (base64.endsWith('==')) return 2;
  return base64.endsWith('=') ? 1 : 0;
}

/** Whether a text is standard, padded base64 (as `Buffer.toString('base64')` writes it). */
export function isBase64(text: string): boolean {
  // A search for one bad character, not an anchored pattern: linear and quick even on 8 MB.
  return text.length % 4 === 0 && !OUTSIDE_BASE64_ALPHABET.test(text.slice(0, text.length - paddingOf(text)));
}

/** The number of bytes a standard base64 text decodes to, without decoding it. */
export function decodedByteLength(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - paddingOf(base64);
}

/** Bytes `start` to `end` of what a standard base64 text decodes to, decoding only those (fewer past its end). */
function decodeBase64Bytes(base64: string, start: number, end: number): Uint8Array {
  // Each 4 characters are 3 bytes: decode the whole groups the range lies in, then cut it out.
  const groups = base64.slice(Math.floor(start / 3) * 4, Math.ceil(end / 3) * 4);
  const binary = atob(groups).slice(start % 3, (start % 3) + Math.max(0, end - start));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Whether a text is standard base64 of MP3 audio (`isMp3Audio`: an optional ID3v2 tag, then Layer
 * III frames), decoding only the tag's header and the frames checked, never the whole reply.
 */
export function isMp3Base64(base64: string): boolean {
  if (!isBase64(base64)) return false;
  const tag = id3v2TagLength(decodeBase64Bytes(base64, 0, ID3_HEADER_BYTES));
  return tag !== undefined && startsWithMp3Frames(decodeBase64Bytes(base64, tag, tag + MP3_FRAMES_CHECKED_BYTES));
}

/** Where the MP3 of a saved message's spoken reply is served (GET, to the thread's owner only). */
export function messageAudioPath(threadId: number, messageId: number): string {
  return `/api/conversation-threads/${threadId}/messages/${messageId}/audio`;
}

/** Whether the frame at `at` is a Xing or Info frame (a silent frame that describes the whole file). */
function isInfoFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  const mono = (bytes[at + 3] ?? 0) >> 6 === 3;
  const sideInfo = ((b1 >> 3) & 3) === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const tag = String.fromCharCode(...bytes.subarray(at + 4 + sideInfo, at + 8 + sideInfo));
  return tag === 'Xing' || tag === 'Info';
}

/** An MP3's audio frames: without a leading ID3v2 tag or a Xing/Info frame, which describe one file only. */
function mp3Frames(bytes: Uint8Array): Uint8Array {
  let at = id3v2TagLength(bytes) ?? 0;
  const frame = mp3FrameAt(bytes, at);
  if (frame && isInfoFrame(bytes, at)) at += frame.length;
  return bytes.subarray(at);
}

/**
 * One MP3 of a reply spoken in pieces: their audio frames one after another. What describes one
 * piece only (an ID3 tag, a Xing or Info frame with its length and seek table) is left out: in the
 * middle of the audio it is not sound, and at the start it would describe the first piece as the whole.
 */
export function joinMp3(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const frames = parts.map(mp3Frames);
  const joined = new Uint8Array(frames.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of frames) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
