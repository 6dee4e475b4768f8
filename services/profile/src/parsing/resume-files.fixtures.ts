/** Files for the upload tests (issue 22), made in memory: PDFs with pdfkit, DOCX with docx, ZIPs with fflate. */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';

/** A short résumé's lines, enough text to pass the "too little text" check. */
export const SHORT_RESUME = [
  'Maria Lopez',
  'maria.lopez@example.com | +1 (415) 555-0134',
  'Experience',
  'Staff Nurse, St. Mary Hospital — Mar 2018 – Present',
  '• Cared for 6 patients per shift on a 30-bed surgical ward.',
  'Education',
  'University of Arizona, BSN, 2014 – 2018',
];

/** A PDF written by pdfkit; `draw` adds the content, `options` may set a user password. */
export async function makePdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', compress: true, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A one-page text PDF of `lines`. */
export const textPdf = (lines: readonly string[], options: PDFKit.PDFDocumentOptions = {}) =>
  makePdf((doc) => {
    doc.fontSize(11);
    for (const line of lines) doc.text(line);
  }, options);

/** A DOCX of `lines`, one paragraph each. */
export async function textDocx(lines: readonly string[]): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: lines.map((line) => new Paragraph({ children: [new TextRun(line)] })) }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** A tiny valid PNG (1×1, transparent). */
export const PNG_BYTES = new Uint8Array(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

/**
 * A DOCX-shaped zip bomb: `word/document.xml` inflates to `megabytes` MB of spaces (deflated at level 9,
 * about a thousandth of that on disk). Built in slices so the test itself stays small in memory.
 */
export function zipBombDocx(megabytes: number): Uint8Array {
  const document = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  return zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'word/document.xml': [document, { level: 9 }] });
}
