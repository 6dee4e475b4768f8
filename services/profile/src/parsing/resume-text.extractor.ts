/**
 * A résumé file's lines in reading order, as plain text (issues 22 and 36): the one piece of parsing
 * that a hostile file can make costly (pdfjs, mammoth, the PDF layout), so it is what runs on a worker
 * thread (`resume-extraction.thread.ts`). Its text is capped: nothing past a long CV's length is read.
 */
import { RESUME_MESSAGES, type ResumeFormat } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { extractDocxLines } from './docx-text.extractor.ts';
import { extractPdfLines } from './pdf-text.extractor.ts';
import { extractPlainTextLines } from './plain-text.extractor.ts';
import { sanitiseLines } from './resume-text.sanitiser.ts';

/** A ten-page CV holds about 40,000 characters; a file with more than this is not one résumé. */
export const RESUME_MAX_CHARACTERS = 100_000;

/** Reads a file's lines: in process (tests, the benchmark), or on a worker thread for a person (the upload route). */
export type ResumeLinesExtractor = (format: ResumeFormat, bytes: Uint8Array) => Promise<string[]>;

const tooMuchText = () => new HttpError(422, RESUME_MESSAGES.tooMuchText);

/** The lines of a résumé file in reading order, made plain; 422 `tooMuchText` past `RESUME_MAX_CHARACTERS`. */
export async function extractResumeLines(format: ResumeFormat, bytes: Uint8Array): Promise<string[]> {
  const lines =
    format === 'pdf' ? await extractPdfLines(bytes, RESUME_MAX_CHARACTERS) : format === 'docx' ? await extractDocxLines(bytes) : extractPlainTextLines(bytes);
  // Counted before the sanitiser's patterns run over the text, and again after (entities can grow it).
  if (lines.reduce((total, line) => total + line.length, 0) > RESUME_MAX_CHARACTERS * 2) throw tooMuchText();
  const plain = sanitiseLines(lines);
  if (plain.reduce((total, line) => total + line.trim().length, 0) > RESUME_MAX_CHARACTERS) throw tooMuchText();
  return plain;
}
