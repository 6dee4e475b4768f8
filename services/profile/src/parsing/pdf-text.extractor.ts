/**
 * PDF résumés (issues 22 and 36): the streams are counted before pdfjs opens the file
 * (`pdf-stream.guard.ts`); pdfjs reads the text items of each page (no eval, no system fonts, no font
 * faces) of a PDF of at most ten pages that is not encrypted, pages larger than any paper refused,
 * items capped per page and text in all; only the text on the page is kept, and the layout module puts
 * the lines in reading order.
 */
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { extentOf, joinWrappedBullets, pageLines, type PdfLine, type PdfTextItem } from './pdf-layout.ts';
import { joinWrappedLines, markListLines } from './pdf-wrapped-lines.ts';
import { checkInflatedReads, checkPdfStreams } from './pdf-stream.guard.ts';

/** A résumé has at most this many pages; a longer PDF is refused before any text is read. */
export const PDF_MAX_PAGES = 10;
/** No paper is larger than 200 inches a side (14,400 units, the most PDF allows without scaling its unit). */
export const PDF_MAX_PAGE_SIDE = 14_400;
/** A dense page written glyph by glyph has a few thousand text items. */
export const PDF_MAX_ITEMS_PER_PAGE = 10_000;
/** How far outside its box text still counts as on the page (half an inch: a bleed, a rounding). */
const PAGE_MARGIN = 36;

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
const isTextChunk = (value: unknown): value is { items: object[] } =>
  typeof value === 'object' && value !== null && 'items' in value && Array.isArray(value.items);

/** A page's box in PDF units: left, bottom, right, top. */
interface PageBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** The page's visible box; 422 `pageTooLarge` when a side is longer than any paper (its unit scaled by `UserUnit`). */
function pageBox(page: PDFPageProxy): PageBox {
  const [x1 = NaN, y1 = NaN, x2 = NaN, y2 = NaN] = page.view;
  const width = Math.abs(x2 - x1) * page.userUnit;
  const height = Math.abs(y2 - y1) * page.userUnit;
  if (!(width <= PDF_MAX_PAGE_SIDE && height <= PDF_MAX_PAGE_SIDE)) throw new HttpError(422, RESUME_MESSAGES.pageTooLarge);
  return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}

/** What the document's pages may still hold. */
interface TextBudget {
  characters: number;
}

/**
 * A page's text items on the page, with their positions (rotated text is kept, read where it starts).
 * The items are read as pdfjs streams them, and reading stops once the page passes
 * `PDF_MAX_ITEMS_PER_PAGE` (422 `tooComplex`) or the document its characters (422 `tooMuchText`).
 */
async function pageItems(page: PDFPageProxy, box: PageBox, budget: TextBudget): Promise<PdfTextItem[]> {
  const reader: ReadableStreamDefaultReader<unknown> = page.streamTextContent().getReader();
  const items: PdfTextItem[] = [];
  let count = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!isTextChunk(chunk.value)) continue;
      for (const item of chunk.value.items) {
        if (++count > PDF_MAX_ITEMS_PER_PAGE) throw new HttpError(422, RESUME_MESSAGES.tooComplex);
        if (!isTextItem(item) || !item.str) continue;
        budget.characters -= item.str.length;
        if (budget.characters < 0) throw new HttpError(422, RESUME_MESSAGES.tooMuchText);
        const [a = 0, b = 0, c = 0, d = 0, x = NaN, y = NaN] = item.transform;
        const height = item.height || Math.hypot(c, d) || Math.hypot(a, b);
        // Text off the page is not seen by a reader, and its coordinates would stretch the layout.
        const onPage = x >= box.left - PAGE_MARGIN && x <= box.right + PAGE_MARGIN && y >= box.bottom - PAGE_MARGIN && y <= box.top + PAGE_MARGIN;
        if (!onPage || !Number.isFinite(item.width) || !Number.isFinite(height)) continue;
        items.push({ text: item.str, x, y, width: Math.max(0, Math.min(item.width, box.right + PAGE_MARGIN - x)), height });
      }
    }
  } finally {
    // Stops pdfjs reading the rest of the page when the loop ended early (pdfjs wants an Error as the reason).
    await reader.cancel(new Error('enough text read')).catch(() => undefined);
  }
  return items;
}

/**
 * The largest line of the first page's top half goes first when it stands out (the name in a
 * sidebar that the layout reads second).
 */
function nameFirst(lines: PdfLine[]): PdfLine[] {
  if (lines.length < 3) return lines;
  const heights = lines.map((line) => line.height).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const top = extentOf(lines.map((line) => line.y)).max;
  let index = -1;
  lines.forEach((line, at) => {
    if (line.text.length <= 60 && line.y > top / 2 && line.height >= 1.3 * median && (index < 0 || line.height > (lines[index]?.height ?? 0))) index = at;
  });
  if (index <= 0) return lines;
  const name = lines[index];
  return name ? [name, ...lines.slice(0, index), ...lines.slice(index + 1)] : lines;
}

/**
 * The lines of a PDF in reading order, at most `maxCharacters` of text; 422 `tooManyPages`,
 * `encryptedPdf`, `noPdfText`, `pageTooLarge`, `tooComplex` or `tooMuchText` when it cannot be a
 * readable résumé.
 */
export async function extractPdfLines(bytes: Uint8Array, maxCharacters = Infinity): Promise<string[]> {
  const inflated = checkPdfStreams(bytes);
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > PDF_MAX_PAGES) throw new HttpError(422, RESUME_MESSAGES.tooManyPages);
    checkInflatedReads(inflated, pdf.numPages);
    const budget: TextBudget = { characters: maxCharacters };
    const all: PdfLine[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const page = await pdf.getPage(pageNumber);
      try {
        all.push(...joinWrappedBullets(pageLines(await pageItems(page, pageBox(page), budget), pageNumber)));
      } finally {
        page.cleanup();
      }
    }
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
