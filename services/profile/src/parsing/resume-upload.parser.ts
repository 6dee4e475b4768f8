/**
 * The one entry point the upload route calls (issues 22 and 36): the file is checked (size, extension
 * and content), its text extracted in reading order and made plain (on a worker thread when the route
 * passes one), then parsed into a `ResumeContent`.
 */
import { RESUME_MESSAGES, type ResumeContent, type ResumeFormat } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { parseResumeText } from './offline-resume.parser.ts';
import { checkResumeFile } from './resume-file.guard.ts';
import { extractResumeLines, type ResumeLinesExtractor } from './resume-text.extractor.ts';

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

/**
 * Checks, extracts and parses an upload. Errors are HttpErrors with `RESUME_MESSAGES`: 400 empty,
 * 413 too large, 415 wrong or mismatched type, 422 unreadable (no text, encrypted, too many pages,
 * pages larger than paper, too complex, too much text, not UTF-8, too little text), and what
 * `extract` adds (429 and 503 from the worker threads).
 */
export async function parseResumeUpload(
  { fileName, bytes }: { fileName: string; bytes: Uint8Array },
  parse: ResumeTextParser = (text) => Promise.resolve(parseResumeText(text)),
  extract: ResumeLinesExtractor = extractResumeLines,
): Promise<ParsedResumeUpload> {
  const format = checkResumeFile(fileName, bytes);
  const lines = await extract(format, bytes);
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const characters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
  if (characters < MIN_CHARACTERS || !lines.some((line) => /\p{L}{2,}[\s,.-]+\p{L}{2,}/u.test(line))) throw new HttpError(422, RESUME_MESSAGES.tooLittleText);
  return { format, text, content: await parse(text) };
}
