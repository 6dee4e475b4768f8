/**
 * A DOCX is a ZIP, and a ZIP can lie (issues 22 and 36). A ZIP has two views of its entries: the local
 * headers, front to back, and the central directory at the end, which is what JSZip (and so mammoth)
 * reads. A central directory pointing into another entry's data hides a document the front-to-back
 * view never sees. Here the central directory is read as JSZip reads it, and the archive is refused
 * unless both views agree: each entry's local header matches its record, and the entries tile the
 * file from its first byte to the central directory, none overlapping, nothing between them. Every
 * entry is then inflated with a running count of the bytes it really expands to, and mammoth reads the
 * parts from here (`DocxParts`), each read counted, never from the ZIP again.
 */
import { Inflate } from 'fflate';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';

/** Limits on a DOCX. */
export interface DocxZipLimits {
  /** Entries in the archive. */
  entries: number;
  /** Bytes all entries inflate to together, pictures included. */
  totalBytes: number;
  /** Bytes mammoth may read, each part counted each time it is read (relationships can name one part for several). */
  readBytes: number;
}

/**
 * Measured on Word's own files (mammoth's test documents): 7 to 19 entries, 50 KB inflated, 20-35 KB
 * of XML read (styles, relationships, a short document). A résumé adds its document, 30-300 KB of XML,
 * and perhaps a photo, which mammoth does not read here. mammoth reads 0.2-0.5 MB of XML a second and
 * needs about 80 times its size in heap, so 1 MB read is a few seconds and under 128 MB at worst.
 */
export const DOCX_ZIP_LIMITS: DocxZipLimits = { entries: 300, totalBytes: 16 * 1024 * 1024, readBytes: 1024 * 1024 };

/** The parts of a checked DOCX, in the shape mammoth reads an unzipped package through (`exists`, `read`). */
export interface DocxParts {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<Uint8Array | string>;
}

const SLICE = 4096;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_RECORD = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
/** Extra fields that change what JSZip reads: ZIP64 sizes and offsets, and a Unicode path that replaces the name. */
const MEANINGFUL_EXTRAS = new Set([0x0001, 0x7075]);

const unreadable = () => new HttpError(422, RESUME_MESSAGES.unreadableDocx);
const tooLarge = () => new HttpError(413, RESUME_MESSAGES.docxTooLarge);

interface Entry {
  name: string;
  nameBytes: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  dataStart: number;
  /** Where the entry ends: after its data, and its data descriptor when it has one. */
  end: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

/** The central directory's records, as JSZip reads them; anything it would read differently from the local headers refuses the file. */
function readDirectory(bytes: Uint8Array, limits: DocxZipLimits): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : NaN);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : NaN);
  // JSZip takes the last end-of-directory signature in the file; here it must also end the file.
  let endAt = -1;
  for (let at = bytes.length - 4; at >= 0 && endAt < 0; at--) if (u32(at) === END_OF_DIRECTORY) endAt = at;
  if (endAt < 0 || endAt + 22 + u16(endAt + 20) !== bytes.length) throw unreadable();
  const [disk, directoryDisk, recordsHere, records, directorySize, directoryOffset] = [4, 6, 8, 10, 12, 16].map((at) =>
    at < 12 ? u16(endAt + at) : u32(endAt + at),
  );
  // ZIP64 and multi-disk archives are not résumés; the directory must end where the end record starts.
  if (disk !== 0 || directoryDisk !== 0 || recordsHere !== records || records === 0xffff || directoryOffset === 0xffffffff) throw unreadable();
  if (directoryOffset === undefined || directorySize === undefined || records === undefined || directoryOffset + directorySize !== endAt) throw unreadable();
  if (records > limits.entries) throw tooLarge();
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  const names = new Set<string>();
  let at = directoryOffset;
  for (let index = 0; index < records; index++) {
    if (u32(at) !== CENTRAL_RECORD) throw unreadable();
    const [flags, method] = [u16(at + 8), u16(at + 10)];
    const [crc, compressedSize, size] = [u32(at + 16), u32(at + 20), u32(at + 24)];
    const [nameLength, extraLength, commentLength] = [u16(at + 28), u16(at + 30), u16(at + 32)];
    const offset = u32(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (!(next <= endAt) || (flags & 0x41) !== 0 || (method !== 0 && method !== 8)) throw unreadable();
    for (let extra = at + 46 + nameLength; extra < at + 46 + nameLength + extraLength; extra += 4 + u16(extra + 2)) {
      if (MEANINGFUL_EXTRAS.has(u16(extra)) || !(extra + 4 + u16(extra + 2) <= at + 46 + nameLength + extraLength)) throw unreadable();
    }
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = decoder.decode(nameBytes);
    if (names.has(name)) throw unreadable();
    names.add(name);
    entries.push({ name, nameBytes, flags, method, crc, compressedSize, size, offset, dataStart: 0, end: 0 });
    at = next;
  }
  if (at !== endAt) throw unreadable();
  for (const entry of entries) {
    const local = entry.offset;
    if (u32(local) !== LOCAL_HEADER || u16(local + 8) !== entry.method || (u16(local + 6) & 0x09) !== (entry.flags & 0x09)) throw unreadable();
    const nameLength = u16(local + 26);
    if (!sameBytes(bytes.subarray(local + 30, local + 30 + nameLength), entry.nameBytes)) throw unreadable();
    const described = (entry.flags & 0x08) !== 0;
    if (!described && (u32(local + 14) !== entry.crc || u32(local + 18) !== entry.compressedSize || u32(local + 22) !== entry.size)) throw unreadable();
    entry.dataStart = local + 30 + nameLength + u16(local + 28);
    entry.end = entry.dataStart + entry.compressedSize;
    if (described) {
      const signed = u32(entry.end) === DATA_DESCRIPTOR ? 4 : 0;
      if (u32(entry.end + signed) !== entry.crc || u32(entry.end + signed + 4) !== entry.compressedSize || u32(entry.end + signed + 8) !== entry.size)
        throw unreadable();
      entry.end += signed + 12;
    }
  }
  // Both views agree only if the entries tile the file up to the directory: none overlapping, nothing hidden between.
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    if (entry.offset !== expected) throw unreadable();
    expected = entry.end;
  }
  if (expected !== directoryOffset) throw unreadable();
  return entries;
}

/** An entry's bytes inflated, refused (413) once the archive's running total passes `budget`. */
function inflateEntry(bytes: Uint8Array, entry: Entry, budget: { left: number }): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    budget.left -= data.length;
    if (budget.left < 0) throw tooLarge();
    return data;
  }
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  const inflater = new Inflate((chunk) => {
    inflated += chunk.length;
    budget.left -= chunk.length;
    if (budget.left < 0) throw tooLarge();
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < data.length || at === 0; at += SLICE) inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
  // What it really expands to must be what both headers declare.
  if (inflated !== entry.size) throw unreadable();
  const whole = new Uint8Array(inflated);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

/**
 * Checks a DOCX and inflates its parts: 413 `docxTooLarge` past the limits (the entries, what they
 * inflate to, and later what mammoth reads), 422 `unreadableDocx` when it is corrupt, its two views of
 * the entries disagree, or it holds no `word/document.xml`. Memory stays small: the compressed data
 * goes in 4 KB slices, and the running count stops a bomb within one slice's worth.
 */
export function checkDocxZip(bytes: Uint8Array, limits: DocxZipLimits = DOCX_ZIP_LIMITS): DocxParts {
  const entries = readDirectory(bytes, limits);
  // mammoth always reads the document: one larger than it may read is refused before anything is inflated
  // (its declared size is checked against what it really inflates to).
  if ((entries.find((entry) => entry.name === 'word/document.xml')?.size ?? 0) > limits.readBytes) throw tooLarge();
  const budget = { left: limits.totalBytes };
  const parts = new Map<string, Uint8Array>();
  for (const entry of entries) parts.set(entry.name, inflateEntry(bytes, entry, budget));
  if (!parts.has('word/document.xml')) throw unreadable();
  let readLeft = limits.readBytes;
  return {
    exists: (name) => parts.has(name) && !name.endsWith('/'),
    read: (name, encoding) => {
      const part = parts.get(name);
      if (!part) return Promise.reject(unreadable());
      readLeft -= part.length;
      if (readLeft < 0) return Promise.reject(tooLarge());
      if (encoding === 'base64') return Promise.resolve(Buffer.from(part).toString('base64'));
      return Promise.resolve(encoding ? new TextDecoder(encoding).decode(part) : part);
    },
  };
}
