/**
 * PDF résumés (issue 22): pdfjs reads the text items of each page (no eval, no system fonts, no font
 * faces), refused fast when the PDF has more than ten pages, is encrypted or has no text; the layout
 * module puts the lines in reading order.
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { joinWrappedBullets, joinWrappedLines, markListLines, pageLines, type PdfLine, type PdfTextItem } from './pdf-layout.ts';

/** A résumé has at most this many pages; a longer PDF is refused before any text is read. */
export const PDF_MAX_PAGES = 10;

/** Opens a PDF with pdfjs as the upload path does (a copy of the bytes: pdfjs detaches what it is given). */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    fontExtraProperties: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof Error && error.name === 'PasswordException') throw new HttpError(422, RESUME_MESSAGES.encryptedPdf);
    throw new HttpError(422, RESUME_MESSAGES.noPdfText);
  }
}

const isTextItem = (item: object): item is { str: string; transform: number[]; width: number; height: number } => 'str' in item && 'transform' in item;

/** A page's text items with their positions (rotated text is kept, read where it starts). */
async function pageItems(pdf: PDFDocumentProxy, pageNumber: number): Promise<PdfTextItem[]> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!isTextItem(item) || !item.str) continue;
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
      items.push({ text: item.str, x, y, width: item.width, height: item.height || Math.hypot(c, d) || Math.hypot(a, b) });
    }
    return items;
  } finally {
    page.cleanup();
  }
}

/**
 * The largest line of the first page's top half goes first when it stands out (the name in a
 * sidebar that the layout reads second).
 */
function nameFirst(lines: PdfLine[]): PdfLine[] {
  if (lines.length < 3) return lines;
  const heights = lines.map((line) => line.height).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const top = Math.max(...lines.map((line) => line.y));
  let index = -1;
  lines.forEach((line, at) => {
    if (line.text.length <= 60 && line.y > top / 2 && line.height >= 1.3 * median && (index < 0 || line.height > (lines[index]?.height ?? 0))) index = at;
  });
  if (index <= 0) return lines;
  const name = lines[index];
  return name ? [name, ...lines.slice(0, index), ...lines.slice(index + 1)] : lines;
}

/** The lines of a PDF in reading order; 422 `tooManyPages`, `encryptedPdf` or `noPdfText` when it cannot be a readable résumé. */
export async function extractPdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > PDF_MAX_PAGES) throw new HttpError(422, RESUME_MESSAGES.tooManyPages);
    const all: PdfLine[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) all.push(...joinWrappedBullets(pageLines(await pageItems(pdf, pageNumber), pageNumber)));
    // List indents are read over the whole document: a second page may hold nothing but list items.
    const marked = markListLines(all);
    const lines: string[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const pageText = joinWrappedLines(marked.filter((line) => line.page === pageNumber && !line.secondary));
      lines.push(...(pageNumber === 1 ? nameFirst(pageText) : pageText).map((line) => line.text), '');
    }
    // Sidebars after the main text of every page, so that a role running onto page two stays whole.
    lines.push(...joinWrappedLines(marked.filter((line) => line.secondary)).map((line) => line.text));
    if (!lines.some((line) => /\p{L}{2}/u.test(line))) throw new HttpError(422, RESUME_MESSAGES.noPdfText);
    return lines;
  } finally {
    await pdf.destroy();
  }
}
