/**
 * The one entry point the upload route calls (issue 22): the file is checked (size, extension and
 * content), its text extracted in reading order and made plain, then parsed into a `ResumeContent`.
 */
import { RESUME_MESSAGES, type ResumeContent, type ResumeFormat } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { extractDocxLines } from './docx-text.extractor.ts';
import { parseResumeText } from './offline-resume.parser.ts';
import { extractPdfLines } from './pdf-text.extractor.ts';
import { extractPlainTextLines } from './plain-text.extractor.ts';
import { checkResumeFile } from './resume-file.guard.ts';
import { sanitiseLines } from './resume-text.sanitiser.ts';

/** What an upload gives the routes: its format, its plain text and the parsed content. */
export interface ParsedResumeUpload {
  format: ResumeFormat;
  text: string;
  content: ResumeContent;
}

/** Turns the text into content (the offline parser, or one that improves on it with a model). */
export type ResumeTextParser = (text: string) => Promise<ResumeContent>;

/** At least this many letters or digits, and one line of two words, or it is not a résumé. */
const MIN_CHARACTERS = 40;

/** A résumé's lines in reading order, as plain text. */
export async function extractResumeLines(format: ResumeFormat, bytes: Uint8Array): Promise<string[]> {
  const lines = format === 'pdf' ? await extractPdfLines(bytes) : format === 'docx' ? await extractDocxLines(bytes) : extractPlainTextLines(bytes);
  return sanitiseLines(lines);
}

/**
 * Checks, extracts and parses an upload. Errors are HttpErrors with `RESUME_MESSAGES`: 400 empty,
 * 413 too large, 415 wrong or mismatched type, 422 unreadable (no text, encrypted, too many pages,
 * not UTF-8, too little text).
 */
export async function parseResumeUpload(
  { fileName, bytes }: { fileName: string; bytes: Uint8Array },
  parse: ResumeTextParser = (text) => Promise.resolve(parseResumeText(text)),
): Promise<ParsedResumeUpload> {
  const format = checkResumeFile(fileName, bytes);
  const lines = await extractResumeLines(format, bytes);
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const characters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
  if (characters < MIN_CHARACTERS || !lines.some((line) => /\p{L}{2,}[\s,.-]+\p{L}{2,}/u.test(line))) throw new HttpError(422, RESUME_MESSAGES.tooLittleText);
  return { format, text, content: await parse(text) };
}
