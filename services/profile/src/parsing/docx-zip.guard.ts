/**
 * A DOCX is a ZIP, and a ZIP can be a bomb (issue 22): before mammoth reads one, every entry is
 * inflated here in small slices with a running count of the bytes it really expands to (the sizes its
 * headers declare can lie), and the file is refused as soon as the count passes the limit.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';

/** Limits on what a DOCX may expand to. */
export interface DocxZipLimits {
  /** Uncompressed bytes of all entries together. */
  totalBytes: number;
  /** An entry that expands past `ratioFloorBytes` may not be more than this many times its compressed size. */
  ratio: number;
  ratioFloorBytes: number;
  entries: number;
}

/** A résumé's DOCX is a few hundred KB unpacked; images can take a few MB. */
export const DOCX_ZIP_LIMITS: DocxZipLimits = { totalBytes: 20 * 1024 * 1024, ratio: 200, ratioFloorBytes: 1024 * 1024, entries: 1000 };

const SLICE = 4096;
const unreadable = () => new HttpError(422, RESUME_MESSAGES.unreadableDocx);
const tooLarge = () => new HttpError(413, RESUME_MESSAGES.docxTooLarge);

/**
 * Walks the ZIP: 413 `docxTooLarge` when it expands past the limits, 422 `unreadableDocx` when it is
 * corrupt or holds no `word/document.xml`. Memory stays small: compressed input goes in 4 KB slices.
 */
export function checkDocxZip(bytes: Uint8Array, limits: DocxZipLimits = DOCX_ZIP_LIMITS): void {
  let total = 0;
  let entries = 0;
  let hasDocument = false;
  let failure: HttpError | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (file) => {
    entries++;
    if (entries > limits.entries) failure ??= tooLarge();
    if (file.name === 'word/document.xml') hasDocument = true;
    let inflated = 0;
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = unreadable();
        return;
      }
      inflated += chunk.length;
      total += chunk.length;
      const compressed = Math.max(1, file.size ?? 1);
      if (total > limits.totalBytes || (inflated > limits.ratioFloorBytes && inflated / compressed > limits.ratio)) {
        failure = tooLarge();
        file.terminate();
      }
    };
    file.start();
  };
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch {
    failure ??= unreadable();
  }
  if (failure) throw failure;
  if (!hasDocument) throw unreadable();
}
