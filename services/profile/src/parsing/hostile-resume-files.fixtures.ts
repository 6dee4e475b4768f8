/**
 * Hostile uploads for the parsing tests and the benchmark (issue 36), written byte by byte so that
 * each shows exactly the trick it plays: PDFs with a page wider than any paper, one content stream
 * that every page shares, a form drawn over and over, a page of a hundred thousand text items; DOCX
 * files whose central directory points into another entry, and one whose XML is huge but honest.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
/** `text` repeated to fill `bytes` bytes (filled natively: the hostile files inflate to hundreds of MB). */
const repeated = (text: string, bytes: number) => new Uint8Array(Buffer.alloc(bytes, text, 'latin1'));
/** zlib-wrapped Flate, as a PDF stream holds it. */
const flate = (data: Uint8Array) => new Uint8Array(deflateSync(data, { level: 9 }));
const concat = (parts: readonly Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A PDF stream object's body: its dictionary (without `/Length`), the data and the keywords around it. */
export function pdfStream(dictionary: string, data: Uint8Array): Uint8Array {
  return concat([latin1(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, latin1('\nendstream')]);
}

/** A PDF of the given object bodies (object 1 is the catalog), with a correct cross-reference table. */
export function writePdf(objects: readonly (string | Uint8Array)[]): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = concat([latin1(`${index + 1} 0 obj\n`), typeof body === 'string' ? latin1(body) : body, latin1('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return concat(parts);
}

/** PDF text: `(…) Tj` with its parentheses and backslashes escaped. */
const pdfText = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)}) Tj`;

/** Lines of a résumé the hostile PDFs carry, so that they would pass the "is it a résumé" checks. */
const RESUME_LINES = [
  'Maria Lopez',
  'maria.lopez@example.com',
  'Experience',
  'Staff Nurse, St. Mary Hospital, Mar 2018 - Present',
  'Cared for 6 patients per shift on a 30-bed surgical ward.',
  'Education',
  'University of Arizona, BSN, 2014 - 2018',
];

/** A content stream writing the résumé's lines top-down from (x, y), and at `rightX` a second column when given. */
function resumeContent(x: number, y: number, rightX?: number): string {
  const rows = [...RESUME_LINES, ...RESUME_LINES.map((line) => `${line} (again)`)];
  const text = rows.map((line, row) => {
    const left = `1 0 0 1 ${x} ${y - row * 14} Tm ${pdfText(line)}`;
    return rightX === undefined ? left : `${left} 1 0 0 1 ${rightX} ${y - row * 14 - 5} Tm ${pdfText(`Side ${row}`)}`;
  });
  return `BT /F1 10 Tf ${text.join('\n')} ET`;
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * One page `width` units wide (A4 is 595) with two columns of text at its two edges: the old layout
 * looked for a gutter in steps of 2 units across the page (issue 36: 150,000,000 units took 5 s).
 */
export function widePagePdf(width: number): Uint8Array {
  const content = latin1(resumeContent(40, 800, width - 400));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    FONT,
    pdfStream('', content),
  ]);
}

/** An A4 page whose text items sit far outside it, across `width` units (the same gutter search, hidden off the page). */
export function offPageTextPdf(width: number): Uint8Array {
  const content = latin1(resumeContent(40, 800, width - 400));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    FONT,
    pdfStream('', content),
  ]);
}

/**
 * `pages` pages that all draw one Flate stream inflating to `megabytes` MB of drawing operators
 * after the résumé's text (issue 36: a 117 KB PDF of one 120 MB stream took 5.4 s and 85 MB).
 */
export function sharedStreamPdf(pages: number, megabytes: number): Uint8Array {
  const text = latin1(`${resumeContent(40, 800)}\n`);
  const content = flate(concat([text, repeated('0 0 m 1 1 l S\n', megabytes * 1024 * 1024)]));
  const kids = Array.from({ length: pages }, (_, page) => `${page + 5} 0 R`).join(' ');
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    FONT,
    pdfStream('/Filter /FlateDecode', content),
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>'),
  ]);
}

/**
 * A page that draws one form `draws` times; the form holds a word of text and `formKilobytes` KB of
 * drawing operators, so each drawing reads it all again. Small when inflated, slow to read: only a
 * deadline ends it.
 */
export function repeatedFormPdf(draws: number, formKilobytes: number): Uint8Array {
  const form = flate(concat([latin1(`BT /F1 1 Tf 0 0 Td ${pdfText('x')} ET\n`), repeated('0 0 m 1 1 l S\n', formKilobytes * 1024)]));
  const page = flate(latin1(`${resumeContent(40, 800)}\n${'/X Do\n'.repeat(draws)}`));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /X 6 0 R >> >> /Contents 5 0 R >>',
    FONT,
    pdfStream('/Filter /FlateDecode', page),
    pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 4 0 R >> >> /Filter /FlateDecode', form),
  ]);
}

/** One A4 page of `items` separate text items in a grid (a hundred thousand make a few KB of Flate). */
export function manyItemsPdf(items: number): Uint8Array {
  const cells: string[] = [];
  for (let item = 0; item < items; item++) cells.push(`1 0 0 1 ${40 + (item % 50) * 10} ${800 - (Math.floor(item / 50) % 70) * 11} Tm (w${item % 10}) Tj`);
  const content = flate(latin1(`${resumeContent(40, 800)}\nBT /F1 4 Tf ${cells.join('\n')} ET`));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    FONT,
    pdfStream('/Filter /FlateDecode', content),
  ]);
}

// ---- ZIP (DOCX) files written by hand ----

/** One entry as a ZIP stores it: its name, method (0 stored, 8 deflated), the stored bytes and what they expand to. */
export interface ZipEntryBytes {
  name: string;
  method: 0 | 8;
  data: Uint8Array;
  crc: number;
  size: number;
}

/** An entry of `content`, deflated (method 8) unless `stored`. */
export function zipEntry(name: string, content: Uint8Array | string, stored = false): ZipEntryBytes {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { name, method: stored ? 0 : 8, data: stored ? bytes : new Uint8Array(deflateRawSync(bytes, { level: 9 })), crc: crc32(bytes), size: bytes.length };
}

/** A local file header followed by the entry's data. */
export function zipLocalPart(entry: ZipEntryBytes): Uint8Array {
  const name = new TextEncoder().encode(entry.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.data.length, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  return concat([header, name, entry.data]);
}

/** A central directory record of an entry whose local header is at `offset`. */
export function zipCentralRecord(entry: ZipEntryBytes, offset: number): Uint8Array {
  const name = new TextEncoder().encode(entry.name);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(0x0800, 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.data.length, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt32LE(offset, 42);
  return concat([record, name]);
}

/** The end of central directory record. */
export function zipEnd(records: number, directorySize: number, directoryOffset: number): Uint8Array {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records, 8);
  end.writeUInt16LE(records, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

/** A ZIP of `entries` one after the other, its central directory listing each where it is. */
export function writeZip(entries: readonly ZipEntryBytes[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const records: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = zipLocalPart(entry);
    records.push(zipCentralRecord(entry, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = concat(records);
  return concat([...locals, directory, zipEnd(entries.length, directory.length, offset)]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A minimal `word/document.xml` of paragraphs, with `padding` bytes of spaces after the body's text when asked. */
export function documentXml(paragraphs: readonly string[], padding = 0): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}${' '.repeat(padding)}</w:body></w:document>`;
}

/** A DOCX whose document is `document.xml` of the résumé's lines (the honest twin of the smuggled file). */
export function plainDocx(paddingMegabytes = 0): Uint8Array {
  return writeZip([zipEntry('[Content_Types].xml', CONTENT_TYPES), zipEntry('word/document.xml', documentXml(RESUME_LINES, paddingMegabytes * 1024 * 1024))]);
}

/**
 * The smuggled document (issue 36): a stored entry's data holds a second local header, of a
 * `word/document.xml` padded to `megabytes` MB; the local headers read front to back show the stored
 * entry, `[Content_Types].xml` and a small honest `word/document.xml`, while the central directory
 * (what JSZip, and so mammoth, reads) points its `word/document.xml` at the hidden one.
 * `listCarrier` also lists the stored entry in the central directory (the two entries then overlap).
 */
export function smuggledDocx(megabytes: number, { listCarrier = false } = {}): Uint8Array {
  const hidden = zipEntry('word/document.xml', documentXml(RESUME_LINES, megabytes * 1024 * 1024));
  const hiddenLocal = zipLocalPart(hidden);
  const carrier = zipEntry('word/media/image1.bin', hiddenLocal, true);
  const types = zipEntry('[Content_Types].xml', CONTENT_TYPES);
  const honest = zipEntry('word/document.xml', documentXml(RESUME_LINES));
  const carrierLocal = zipLocalPart(carrier);
  const typesLocal = zipLocalPart(types);
  const honestLocal = zipLocalPart(honest);
  const hiddenOffset = carrierLocal.length - carrier.data.length;
  const typesOffset = carrierLocal.length;
  const records = [...(listCarrier ? [zipCentralRecord(carrier, 0)] : []), zipCentralRecord(types, typesOffset), zipCentralRecord(hidden, hiddenOffset)];
  const directory = concat(records);
  const directoryOffset = carrierLocal.length + typesLocal.length + honestLocal.length;
  return concat([carrierLocal, typesLocal, honestLocal, directory, zipEnd(records.length, directory.length, directoryOffset)]);
}

/**
 * An honest DOCX whose document is `paragraphs` paragraphs of varied résumé text (about 120 bytes of
 * XML each): it compresses about tenfold, so no ratio check notices it, yet mammoth takes seconds per MB.
 */
export function wordyDocx(paragraphs: number): Uint8Array {
  const lines = Array.from(
    { length: paragraphs },
    (_, index) => `Line ${index}: led ${index % 97} people through ${(index * 7919) % 10007} changes in ${1990 + (index % 35)} at site ${(index * 31) % 503}.`,
  );
  return writeZip([zipEntry('[Content_Types].xml', CONTENT_TYPES), zipEntry('word/document.xml', documentXml([...RESUME_LINES, ...lines]))]);
}
