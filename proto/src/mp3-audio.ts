/**
 * MP3 as the product keeps it: MPEG audio Layer III frames, after an optional ID3v2 tag. Spoken
 * replies are checked with it before they are saved (anything else would be served back as
 * `audio/mpeg`), and joined with it (`joinMp3`).
 */

/** Layer III bitrates (kbit/s) by index, for MPEG-1 and for MPEG-2/2.5; 0 (free format) and 15 (bad) are refused. */
const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1; 1 is reserved) and index (3 is reserved). */
const SAMPLE_RATES: Record<number, readonly number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };
const MPEG1 = 3;

/** An ID3v2 tag starts with a 10-byte header: "ID3", version, flags, syncsafe size. */
export const ID3_HEADER_BYTES = 10;
const ID3_FOOTER_BYTES = 10;
const ID3_FOOTER_FLAG = 0x10;

/** How many frames in a row a save must start with: one frame header can happen by chance, a chain of them hardly. */
const FRAMES_CHECKED = 2;
/** The longest Layer III frame: 144 × 320 kbit/s ÷ 32 kHz (MPEG-1) or 72 × 160 kbit/s ÷ 8 kHz (MPEG-2.5), plus padding. */
const LONGEST_FRAME_BYTES = 1441;
/** How many bytes after the tag `startsWithMp3Frames` reads, at most. */
export const MP3_FRAMES_CHECKED_BYTES = FRAMES_CHECKED * LONGEST_FRAME_BYTES;

/** What a Layer III frame header says: enough to find the next frame and to see it belongs to the same stream. */
export interface Mp3FrameHeader {
  /** Version bits: 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5. */
  version: number;
  sampleRate: number;
  /** The frame's length in bytes, header and padding included. */
  length: number;
}

/** The Layer III frame header at `at`, or undefined when none starts there (no sync, another layer, a reserved or free-format value). */
export function mp3FrameAt(bytes: Uint8Array, at: number): Mp3FrameHeader | undefined {
  if (at < 0 || at + 4 > bytes.length) return undefined;
  const [b0 = 0, b1 = 0, b2 = 0] = bytes.subarray(at, at + 3);
  // 11 sync bits, then the version, then layer bits 01 (Layer III).
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) return undefined;
  const version = (b1 >> 3) & 3;
  const bitrate = (version === MPEG1 ? MPEG1_BITRATES : MPEG2_BITRATES)[b2 >> 4] ?? 0;
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3] ?? 0;
  if (bitrate === 0 || sampleRate === 0) return undefined;
  const padding = (b2 >> 1) & 1;
  return { version, sampleRate, length: Math.floor(((version === MPEG1 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding };
}

/**
 * The byte length of the ID3v2 tag at the start (header, syncsafe size, and footer when flagged),
 * 0 when there is none, or undefined when it starts like one but its header is broken.
 */
export function id3v2TagLength(bytes: Uint8Array): number | undefined {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0; // "ID3"
  if (bytes.length < ID3_HEADER_BYTES) return undefined;
  const [major = 0xff, revision = 0xff, flags = 0, ...size] = bytes.subarray(3, ID3_HEADER_BYTES);
  // The size is syncsafe: four bytes of seven bits each.
  if (major === 0xff || revision === 0xff || size.some((byte) => byte >= 0x80)) return undefined;
  const tagSize = size.reduce((total, byte) => total * 128 + byte, 0);
  return ID3_HEADER_BYTES + tagSize + (flags & ID3_FOOTER_FLAG ? ID3_FOOTER_BYTES : 0);
}

/** Whether `bytes` start with whole Layer III frames, one straight after another, of one version and sample rate. */
export function startsWithMp3Frames(bytes: Uint8Array): boolean {
  let at = 0;
  let first: Mp3FrameHeader | undefined;
  for (let i = 0; i < FRAMES_CHECKED; i++) {
    const frame = mp3FrameAt(bytes, at);
    if (!frame || at + frame.length > bytes.length) return false;
    if (first && (frame.version !== first.version || frame.sampleRate !== first.sampleRate)) return false;
    first ??= frame;
    at += frame.length;
  }
  return true;
}

/** Whether `bytes` are MP3 audio: an optional ID3v2 tag, then MPEG audio Layer III frames. */
export function isMp3Audio(bytes: Uint8Array): boolean {
  const tag = id3v2TagLength(bytes);
  return tag !== undefined && startsWithMp3Frames(bytes.subarray(tag, tag + MP3_FRAMES_CHECKED_BYTES));
}
