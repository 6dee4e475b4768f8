import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import type { PdfPaper } from '@story/proto';
import { pdfFontSources, type PdfFont } from './pdf-fonts.ts';

/** Paper sizes in PDF points (1/72 inch) and their margins. */
export const PDF_PAPER_SIZES: Readonly<Record<PdfPaper, { size: [number, number]; margin: number }>> = {
  a4: { size: [595.28, 841.89], margin: 52 },
  letter: { size: [612, 792], margin: 54 },
};

/** Colours: near-black text, a muted grey for dates and details, an accent for headings and rules. */
export const PDF_INK = { text: '#1f2328', muted: '#5b6470', accent: '#1f4e79', rule: '#c9d3de' } as const;

/** A writer over one document: the text column's left edge and width, and the page's bottom. */
export interface PdfPage {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  bottom: number;
  /** Pages begun so far (the first included). */
  pageCount: () => number;
}

/** What a document says about itself (its title shows in the viewer's window). */
export interface PdfDocumentInfo {
  title: string;
  author?: string;
  /** Which part of Story made it, e.g. "Story résumé". */
  creator: string;
}

/** An open document on its first page, and `finish`, which ends it and gives its bytes. */
export interface OpenPdf {
  page: PdfPage;
  finish: () => Promise<Buffer>;
}

/** Sets the face, size and colour of the text that follows. */
export function useFont(doc: PDFKit.PDFDocument, font: PdfFont, size: number, color: string = PDF_INK.text): PDFKit.PDFDocument {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Starts a new page when `height` more points would not fit on this one. */
export function keepTogether(page: PdfPage, height: number): void {
  if (page.doc.y + height > page.bottom) page.doc.addPage();
}

/**
 * A new PDF on A4 or Letter with Source Sans 3 registered (`regular`, `italic`, `semibold`, `bold`),
 * its bytes gathered as PDFKit streams them. `bufferPages` keeps every page open until `finish`, for
 * what is written on each page at the end (a footer with "page 2 of 5").
 */
export function openPdf(paper: PdfPaper, info: PdfDocumentInfo, options: { bufferPages?: boolean } = {}): OpenPdf {
  const { size, margin } = PDF_PAPER_SIZES[paper];
  const doc = new PDFDocument({
    size,
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    // PDFKit fails on a field that is there but undefined.
    info: { Title: info.title, ...(info.author === undefined ? {} : { Author: info.author }), Creator: info.creator, Producer: `${info.creator} (PDFKit)` },
    bufferPages: options.bufferPages ?? false,
    autoFirstPage: true,
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
  });
  for (const [name, source] of pdfFontSources()) doc.registerFont(name, source);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));
  const page: PdfPage = { doc, left: margin, width: size[0] - 2 * margin, bottom: size[1] - margin, pageCount: () => pages };
  return {
    page,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/**
 * Writes `write(pageNumber, pageCount)` on every page of a document opened with `bufferPages`, in the
 * bottom margin (where PDFKit would otherwise start a new page).
 */
export function onEveryPage(page: PdfPage, write: (pageNumber: number, pageCount: number) => void): void {
  const { doc } = page;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(index - range.start + 1, range.count);
    doc.page.margins.bottom = bottomMargin;
  }
}

/** A download's file name from a title: letters, digits and dashes only, at most 60 characters (whole words), else `fallback`. */
export function pdfFileName(title: string, fallback: string, suffix = ''): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  // A long title is cut at the last whole word that fits.
  const cut = base.length > 60 ? base.slice(0, 61).replace(/-+[^-]*$/, '') : base;
  return `${cut || fallback}${suffix}.pdf`;
}

/** Sends a PDF as a download named `fileName` (already safe: `pdfFileName`), never kept by a cache. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
