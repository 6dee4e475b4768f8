/**
 * What an upload is (issue 22): its extension and its first bytes must agree on one of the résumé
 * formats; an empty, oversized or unknown file is refused before any parser sees it.
 */
import { RESUME_EXTENSIONS, RESUME_FORMATS, RESUME_MAX_BYTES, RESUME_MESSAGES, type ResumeFormat } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';

/** What the first bytes of a file say it is. */
export type SniffedContent = 'pdf' | 'zip' | 'binary' | 'text';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04
// Formats that are never text: PNG, JPEG, GIF, WebP/RIFF, OLE (old .doc), gzip, 7z, ELF, PE, RAR.
const BINARY = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x52, 0x49, 0x46, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
  [0x52, 0x61, 0x72, 0x21],
];

/** Reads the kind of content from the first bytes (a PDF may have a few bytes of junk before `%PDF-`). */
export function sniffContent(bytes: Uint8Array): SniffedContent {
  const head = bytes.subarray(0, 1024);
  for (let at = 0; at + PDF.length <= head.length; at++) if (startsWith(head, PDF, at)) return 'pdf';
  if (startsWith(bytes, ZIP)) return 'zip';
  if (BINARY.some((signature) => startsWith(bytes, signature))) return 'binary';
  return bytes.includes(0) ? 'binary' : 'text';
}

/** The format an extension names, or null when it names none (`.pages`, `.doc`, no extension). */
export function formatOfFileName(fileName: string): ResumeFormat | null {
  const lower = fileName.trim().toLowerCase();
  return RESUME_FORMATS.find((format) => RESUME_EXTENSIONS[format].some((extension) => lower.endsWith(extension))) ?? null;
}

const EXPECTED: Readonly<Record<ResumeFormat, SniffedContent>> = { pdf: 'pdf', docx: 'zip', txt: 'text', md: 'text' };

/**
 * The upload's format, or an HttpError: 400 empty, 413 over 5 MB, 415 an unknown extension or content
 * that does not match the extension (a PNG or a DOCX renamed `.pdf`, a binary renamed `.txt`).
 */
export function checkResumeFile(fileName: string, bytes: Uint8Array): ResumeFormat {
  if (bytes.length === 0) throw new HttpError(400, RESUME_MESSAGES.emptyFile);
  if (bytes.length > RESUME_MAX_BYTES) throw new HttpError(413, RESUME_MESSAGES.tooLarge);
  const format = formatOfFileName(fileName);
  if (!format) throw new HttpError(415, RESUME_MESSAGES.wrongType);
  if (sniffContent(bytes) !== EXPECTED[format]) throw new HttpError(415, RESUME_MESSAGES.contentMismatch);
  return format;
}
