/** TXT and Markdown résumés (issue 22): strict UTF-8, lines as written (the parser reads Markdown syntax). */
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The lines of a UTF-8 text file; anything that is not valid UTF-8 is a 422 with `notUtf8`. */
export function extractPlainTextLines(bytes: Uint8Array): string[] {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new HttpError(422, RESUME_MESSAGES.notUtf8);
  }
  return text.split(/\r\n|\r|\n|\u2028|\u2029/);
}
