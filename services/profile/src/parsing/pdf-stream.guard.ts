/**
 * What a PDF's streams inflate to, before pdfjs reads them (issue 36). pdfjs inflates a stream whole
 * into one growing buffer, outside the JavaScript heap, so neither a heap limit nor a deadline stops a
 * bomb in time. Here every stream object is found (`obj << … >> stream`, as pdfjs parses them), its
 * filters read from its dictionary, and Flate data counted the way pdfjs inflates it
 * (`pdf-flate.counter.ts`). A PDF is refused when its streams inflate past what a résumé needs, when
 * a filter that expands cannot be counted (LZW, run-length, Flate after another filter, a filter named
 * through a reference), or when it is encrypted (its streams cannot be read here).
 */
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { countFlate } from './pdf-flate.counter.ts';

/** How much a PDF's streams may inflate to. */
export interface PdfStreamLimits {
  /** All streams together, each counted once. */
  inflatedBytes: number;
  /** All streams together times the pages: a stream that every page draws is inflated by every page. */
  inflatedBytesRead: number;
}

/** A résumé's streams (fonts, a photo, the pages' text) inflate to well under a few MB; these leave room tenfold. */
export const PDF_STREAM_LIMITS: PdfStreamLimits = { inflatedBytes: 24 * 1024 * 1024, inflatedBytesRead: 48 * 1024 * 1024 };

const tooComplex = () => new HttpError(422, RESUME_MESSAGES.tooComplex);

/** A PDF value, as far as the guard needs one: names, arrays, dictionaries, references and the rest. */
type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'number'; value: number }
  | { kind: 'ref' }
  | { kind: 'other'; word: string };

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x00;
const isDelimiter = (code: number) =>
  code === 0x28 ||
  code === 0x29 ||
  code === 0x3c ||
  code === 0x3e ||
  code === 0x5b ||
  code === 0x5d ||
  code === 0x7b ||
  code === 0x7d ||
  code === 0x2f ||
  code === 0x25;
const isRegular = (code: number) => !Number.isNaN(code) && !isSpace(code) && !isDelimiter(code);
const MAX_NESTING = 64;

/** Reads PDF object syntax as pdfjs' lexer does, counting the characters it reads (a hostile file may make it read a lot). */
class PdfSyntax {
  pos = 0;
  read = 0;

  constructor(private readonly text: string) {}

  private code(at = this.pos): number {
    return this.text.charCodeAt(at);
  }

  skipSpace(): void {
    const start = this.pos;
    for (;;) {
      const code = this.code();
      if (isSpace(code)) this.pos++;
      else if (code === 0x25) {
        while (this.pos < this.text.length && this.code() !== 0x0a && this.code() !== 0x0d) this.pos++;
      } else break;
    }
    this.read += this.pos - start;
  }

  /** The keyword or number at `pos` (regular characters), moved past. */
  private word(): string {
    const start = this.pos;
    while (isRegular(this.code())) this.pos++;
    this.read += this.pos - start;
    return this.text.slice(start, this.pos);
  }

  /** Whether `keyword` stands at `pos` as a whole token. */
  at(keyword: string): boolean {
    return this.text.startsWith(keyword, this.pos) && !isRegular(this.code(this.pos + keyword.length));
  }

  private name(): string {
    this.pos++;
    // #xx escapes spell any byte: `/Fl#61teDecode` is FlateDecode to pdfjs.
    return this.word().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  private skipString(): void {
    const start = this.pos;
    let depth = 0;
    for (; this.pos < this.text.length; this.pos++) {
      const code = this.code();
      if (code === 0x5c) this.pos++;
      else if (code === 0x28) depth++;
      else if (code === 0x29 && --depth === 0) {
        this.pos++;
        break;
      }
    }
    this.read += this.pos - start;
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_NESTING) throw tooComplex();
    this.skipSpace();
    const code = this.code();
    if (code === 0x2f) return { kind: 'name', name: this.name() };
    if (code === 0x3c && this.code(this.pos + 1) === 0x3c) return this.dictionary(depth);
    if (code === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (this.skipSpace(); this.pos < this.text.length && this.code() !== 0x5d; this.skipSpace()) items.push(this.value(depth + 1));
      this.pos++;
      return { kind: 'array', items };
    }
    if (code === 0x28) {
      this.skipString();
      return { kind: 'other', word: '(string)' };
    }
    if (code === 0x3c) {
      const end = this.text.indexOf('>', this.pos);
      this.read += (end < 0 ? this.text.length : end + 1) - this.pos;
      this.pos = end < 0 ? this.text.length : end + 1;
      return { kind: 'other', word: '<hex>' };
    }
    const word = this.word();
    if (word === '') {
      // A delimiter out of place (`>`, `)`, `{`): pdfjs skips it.
      this.pos++;
      return { kind: 'other', word: '' };
    }
    if (!/^[+-]?\d+$/.test(word)) return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? { kind: 'number', value: Number(word) } : { kind: 'other', word };
    // `12 0 R` is a reference: two integers and R, as pdfjs' parser looks ahead.
    const after = this.pos;
    this.skipSpace();
    const generation = this.word();
    this.skipSpace();
    if (/^\d+$/.test(generation) && this.at('R')) {
      this.pos += 1;
      return { kind: 'ref' };
    }
    this.pos = after;
    return { kind: 'number', value: Number(word) };
  }

  private dictionary(depth: number): PdfValue {
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (this.skipSpace(); this.pos < this.text.length; this.skipSpace()) {
      if (this.code() === 0x3e && this.code(this.pos + 1) === 0x3e) {
        this.pos += 2;
        break;
      }
      const key = this.value(depth + 1);
      if (key.kind !== 'name') continue;
      // The last of a repeated key wins, as in pdfjs.
      entries.set(key.name, this.value(depth + 1));
    }
    return { kind: 'dict', entries };
  }

  /** Moves past the end of the line after `stream` (pdfjs' `skipToNextLine`): where the data starts. */
  skipToNextLine(): void {
    while (this.pos < this.text.length) {
      const code = this.code();
      this.pos++;
      if (code === 0x0d) {
        if (this.code() === 0x0a) this.pos++;
        return;
      }
      if (code === 0x0a) return;
    }
  }
}

const FLATE = new Set(['FlateDecode', 'Fl']);
/** Filters that expand and are not counted here. */
const UNCOUNTED = new Set(['LZWDecode', 'LZW', 'RunLengthDecode', 'RL']);

/** The filter names of a stream's dictionary (`/F` before `/Filter`, as pdfjs reads them); a reference refuses the file. */
function filtersOf(dictionary: Map<string, PdfValue>): string[] {
  const filter = dictionary.has('F') ? dictionary.get('F') : dictionary.get('Filter');
  if (!filter) return [];
  if (filter.kind === 'ref') throw tooComplex();
  if (filter.kind === 'name') return [filter.name];
  if (filter.kind !== 'array') return [];
  if (filter.items.some((item) => item.kind === 'ref')) throw tooComplex();
  return filter.items.flatMap((item) => (item.kind === 'name' ? [item.name] : []));
}

const isEncryptedTrailer = (value: PdfValue) => value.kind === 'dict' && value.entries.has('Encrypt');

/**
 * Counts what the PDF's streams inflate to: 422 `tooComplex` past `limits.inflatedBytes` or for a
 * filter that cannot be counted, 422 `encryptedPdf` for an encrypted file. Returns the bytes counted,
 * for the check against the pages once their number is known (`checkInflatedReads`).
 */
export function checkPdfStreams(bytes: Uint8Array, limits: PdfStreamLimits = PDF_STREAM_LIMITS): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const syntax = new PdfSyntax(text);
  // Reading syntax and compressed data twice over is already far more than any real PDF needs.
  const readBudget = 2 * bytes.length + 65_536;
  const seen = new Set<number>();
  let inflated = 0;
  let compressedRead = 0;
  for (const match of text.matchAll(/obj|trailer/g)) {
    const at = match.index;
    if (at > 0 && isRegular(text.charCodeAt(at - 1))) continue;
    syntax.pos = at + match[0].length;
    if (isRegular(text.charCodeAt(syntax.pos))) continue;
    const value = syntax.value();
    if (syntax.read + compressedRead > readBudget) throw tooComplex();
    if (isEncryptedTrailer(value)) throw new HttpError(422, RESUME_MESSAGES.encryptedPdf);
    if (match[0] === 'trailer' || value.kind !== 'dict') continue;
    syntax.skipSpace();
    if (!syntax.at('stream')) continue;
    syntax.pos += 'stream'.length;
    syntax.skipToNextLine();
    const start = syntax.pos;
    const filters = filtersOf(value.entries);
    if (seen.has(start) || filters.length === 0) continue;
    seen.add(start);
    if (filters.some((filter) => UNCOUNTED.has(filter)) || filters.slice(1).some((filter) => FLATE.has(filter))) throw tooComplex();
    if (!FLATE.has(filters[0] ?? '')) continue;
    const readLeft = readBudget - syntax.read - compressedRead;
    if (readLeft <= 0) throw tooComplex();
    const count = countFlate(bytes, start, Math.min(bytes.length, start + readLeft), limits.inflatedBytes - inflated);
    inflated += count.inflated;
    compressedRead += count.end - start;
    if (inflated > limits.inflatedBytes) throw tooComplex();
  }
  return inflated;
}

/** 422 `tooComplex` when every page inflating every stream again would pass `limits.inflatedBytesRead`. */
export function checkInflatedReads(inflated: number, pages: number, limits: PdfStreamLimits = PDF_STREAM_LIMITS): void {
  if (inflated * pages > limits.inflatedBytesRead) throw tooComplex();
}
