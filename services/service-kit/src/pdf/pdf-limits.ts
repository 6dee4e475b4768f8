import { PDF_LIMITS, pdfDocumentCutNote, pdfTurnCutNote } from '@story/proto/messages/pdf';
import { PDF_INK, keepTogether, useFont, type PdfPage } from './pdf-document.ts';

/**
 * What one PDF holds at most (issue 36, 3): a turn's characters, a document's characters and its
 * pages. A document's input is cut before it is drawn (and before it is sent to a rendering thread),
 * and drawing stops starting new parts past the last page; each cut is said in the PDF itself.
 */
export type PdfLimits = { readonly [K in keyof typeof PDF_LIMITS]: number };

/** The caps every PDF of ours keeps (`PDF_LIMITS` of proto, which the notes quote). */
export const DEFAULT_PDF_LIMITS: PdfLimits = PDF_LIMITS;

/** A text as a PDF shows it: at most `limit` characters, and whether the rest was cut. */
export interface BoundedText {
  text: string;
  cut: boolean;
}

/** How far back from the limit a cut looks for a space, so that it falls between words. */
const WORD_BREAK_WINDOW = 200;

/** `text` cut to at most `limit` characters, between words where one ends near the limit, never inside a surrogate pair. */
export function boundedText(text: string, limit: number = DEFAULT_PDF_LIMITS.turnCharacters): BoundedText {
  if (text.length <= limit) return { text, cut: false };
  let end = limit;
  const space = text.lastIndexOf(' ', limit);
  if (space > limit - WORD_BREAK_WINDOW && space > 0) end = space;
  else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return { text: text.slice(0, end).trimEnd(), cut: true };
}

/** True once the document has reached its last page: nothing new starts past it. */
export function pastPageLimit(page: PdfPage, limits: PdfLimits = DEFAULT_PDF_LIMITS): boolean {
  return page.pageCount() >= limits.pages;
}

/** The note under a turn cut at `limits.turnCharacters`. */
export function cutTurnNote(page: PdfPage, indent: number, limits: PdfLimits = DEFAULT_PDF_LIMITS): void {
  const { doc } = page;
  doc.y += 2;
  useFont(doc, 'italic', 9, PDF_INK.muted).text(pdfTurnCutNote(limits.turnCharacters), page.left + indent, doc.y, { width: page.width - indent });
}

/** The last words of a document that met its page or character cap: where the rest is. */
export function documentCutNote(page: PdfPage, limits: PdfLimits = DEFAULT_PDF_LIMITS): void {
  const { doc } = page;
  keepTogether(page, 18 + 3 * 10 * 1.5);
  doc.y += 12;
  doc
    .moveTo(page.left, doc.y)
    .lineTo(page.left + page.width, doc.y)
    .lineWidth(0.6)
    .strokeColor(PDF_INK.rule)
    .stroke();
  doc.y += 6;
  useFont(doc, 'italic', 10, PDF_INK.muted).text(pdfDocumentCutNote(limits.pages, limits.documentCharacters), page.left, doc.y, {
    width: page.width,
    lineGap: 2,
  });
}
