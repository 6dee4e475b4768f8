/**
 * A spoken reply travels as base64 MP3 (what `/api/transcribe` answers and a save may carry) and is
 * stored apart from its message; a thread read points at it with a URL instead of carrying it.
 */

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

/** Where the MP3 of a saved message's spoken reply is served (GET, to the thread's owner only). */
export function messageAudioPath(threadId: number, messageId: number): string {
  return `/api/conversation-threads/${threadId}/messages/${messageId}/audio`;
}

/** Layer III bitrates (kbit/s) by index, for MPEG-1 and for MPEG-2/2.5. */
const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1) and index. */
const SAMPLE_RATES: Record<number, readonly number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/** The byte length of the Layer III frame at `at`, or 0 when no frame header starts there. */
function mp3FrameLength(bytes: Uint8Array, at: number): number {
  const [b0 = 0, b1 = 0, b2 = 0] = bytes.subarray(at, at + 3);
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) return 0;
  const version = (b1 >> 3) & 3;
  const bitrate = (version === 3 ? MPEG1_BITRATES : MPEG2_BITRATES)[b2 >> 4] ?? 0;
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3] ?? 0;
  if (bitrate === 0 || sampleRate === 0) return 0;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / sampleRate) + ((b2 >> 1) & 1);
}

/** Whether the frame at `at` is a Xing or Info frame (a silent frame that describes the whole file). */
function isInfoFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0;
  const mono = ((bytes[at + 3] ?? 0) >> 6) === 3;
  const sideInfo = ((b1 >> 3) & 3) === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const tag = String.fromCharCode(...bytes.subarray(at + 4 + sideInfo, at + 8 + sideInfo));
  return tag === 'Xing' || tag === 'Info';
}

/** An MP3's audio frames: without a leading ID3v2 tag or a Xing/Info frame, which describe one file only. */
function mp3Frames(bytes: Uint8Array): Uint8Array {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33 && bytes.length >= 10) {
    const size = (((bytes[6] ?? 0) & 0x7f) << 21) | (((bytes[7] ?? 0) & 0x7f) << 14) | (((bytes[8] ?? 0) & 0x7f) << 7) | ((bytes[9] ?? 0) & 0x7f);
    at = 10 + size + ((bytes[5] ?? 0) & 0x10 ? 10 : 0);
  }
  const length = mp3FrameLength(bytes, at);
  if (length > 0 && isInfoFrame(bytes, at)) at += length;
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
