/**
 * DOCX résumés (issue 22): the ZIP is checked for bombs first, then mammoth turns the document into
 * HTML, whose list items become bullet lines, paragraphs and headings lines, and table rows one line
 * with their cells joined by " | ".
 */
import mammoth from 'mammoth';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { checkDocxZip } from './docx-zip.guard.ts';

// Images are not text: mammoth would inline them as data: URIs.
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

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

/** The lines of a DOCX; 413 `docxTooLarge` for a bomb, 422 `unreadableDocx` for anything mammoth cannot read. */
export async function extractDocxLines(bytes: Uint8Array): Promise<string[]> {
  checkDocxZip(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, { convertImage: noImages });
    html = result.value;
  } catch {
    throw new HttpError(422, RESUME_MESSAGES.unreadableDocx);
  }
  return htmlToLines(html);
}
