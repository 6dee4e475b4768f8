/**
 * DOCX résumés (issues 22 and 36): the ZIP is checked and inflated by the guard first, then mammoth
 * reads the guard's parts (never the ZIP) and turns the document into HTML, whose list items become
 * bullet lines, paragraphs and headings lines, and table rows one line with their cells joined by " | ".
 */
import mammoth from 'mammoth';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { checkDocxZip, type DocxParts } from './docx-zip.guard.ts';

// Images are not text: mammoth would inline them as data: URIs.
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/**
 * mammoth 1.x reads any object with `exists(name)` and `read(name, encoding)` as the unzipped package
 * (`options.file` in its lib/unzip.js), which lets it read what the guard checked; its typings list
 * only a path or a buffer.
 */
const convertPartsToHtml = mammoth.convertToHtml as unknown as (
  input: { file: DocxParts },
  options: Parameters<typeof mammoth.convertToHtml>[1],
) => ReturnType<typeof mammoth.convertToHtml>;

/** Lines of the HTML mammoth writes: one per paragraph, heading and list item; table rows joined by " | ". */
export function htmlToLines(html: string): string[] {
  const marked = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    // A table row is one line: its cells' paragraphs are joined, the cells by " | ".
    .replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/gi, (row) => row.replace(/<\/?p\b[^>]*>/gi, ' '))
    .replace(/<\/(td|th)>\s*(?=<(td|th)\b)/gi, ' | ')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<h[1-6]\b[^>]*>/gi, '\n# ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|ul|ol|table|div)>/gi, '\n')
    .replace(/<(p|tr|ul|ol|table|div)\b[^>]*>/gi, '\n')
    // Nested lists: an item's own text ends where its sub-list begins.
    .replace(/<[^>]*>/g, '');
  return marked.split('\n').map((line) => line.replace(/[ \t]+/g, ' ').trim());
}

/** The lines of a DOCX; 413 `docxTooLarge` past the guard's limits, 422 `unreadableDocx` for anything the guard or mammoth cannot read. */
export async function extractDocxLines(bytes: Uint8Array): Promise<string[]> {
  const parts = checkDocxZip(bytes);
  let html: string;
  try {
    html = (await convertPartsToHtml({ file: parts }, { convertImage: noImages })).value;
  } catch (error) {
    // The guard's own refusal (mammoth read past the limit) keeps its status.
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, RESUME_MESSAGES.unreadableDocx);
  }
  return htmlToLines(html);
}
