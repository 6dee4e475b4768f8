/** The audio kinds the service takes: the specification's MP3, WAV, M4A and AAC, and what browsers record. */
export type AudioKind = 'mp3' | 'wav' | 'mp4' | 'aac' | 'webm' | 'ogg';

/** File name endings taken, and the kind each names. */
const EXTENSIONS: Record<string, AudioKind> = { mp3: 'mp3', wav: 'wav', m4a: 'mp4', mp4: 'mp4', aac: 'aac', webm: 'webm', ogg: 'ogg', oga: 'ogg', opus: 'ogg' };

/** Bytes needed to tell the kinds apart (an ID3 tag's header is read to look past it). */
export const SNIFF_BYTES = 16;

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
  if (head.length >= 10 && text(0, 3) === 'ID3') return 'mp3';
  if (head.length >= 8 && text(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 4 && text(0, 4) === 'OggS') return 'ogg';
  if (head.length >= 2) return frameKind(head[0] ?? 0, head[1] ?? 0);
  return undefined;
}
