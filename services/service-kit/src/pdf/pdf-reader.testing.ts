import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Reads PDFs back in tests with poppler-utils (pdftotext, pdfinfo, pdffonts, pdftoppm), as a person's
 * viewer would. Each reader keeps its files in one temporary folder until `close`.
 */
export interface PdfReader {
  /** Writes the bytes to a file of the folder and gives its path. */
  file(pdf: Buffer, name?: string): string;
  /** The text as laid out on the page (`-layout`: a line of the page is a line of text), of one page or all. */
  text(file: string, page?: number): string;
  /** `pdfinfo`'s fields ("Pages", "Page size", "Title"). */
  info(file: string): Record<string, string>;
  pages(file: string): number;
  fonts(file: string): string;
  /** Renders pages `first` to `last` (default: all) to PNG files named `<prefix>-<n>.png` and gives their paths. */
  pictures(file: string, prefix: string, options?: { dpi?: number; first?: number; last?: number }): string[];
  dir: string;
  close(): void;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

/** Runs of white space as one space: text that wrapped reads as the words it was. */
export const flatText = (text: string) => text.replace(/\s+/g, ' ');

/** A reader over a new temporary folder named after `purpose`. */
export function pdfReader(purpose: string): PdfReader {
  const dir = mkdtempSync(join(tmpdir(), `${purpose}-`));
  let count = 0;
  const info = (file: string) =>
    Object.fromEntries(
      run('pdfinfo', [file])
        .split('\n')
        .map((line) => [line.split(':')[0]?.trim() ?? '', line.slice(line.indexOf(':') + 1).trim()]),
    );
  return {
    dir,
    file(pdf, name = `document-${count++}.pdf`) {
      const path = join(dir, name);
      writeFileSync(path, pdf);
      return path;
    },
    text: (file, page) => run('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', '-enc', 'UTF-8', file, '-']),
    info,
    pages: (file) => Number(info(file)['Pages']),
    fonts: (file) => run('pdffonts', [file]),
    pictures(file, prefix, options = {}) {
      const range = [...(options.first ? ['-f', String(options.first)] : []), ...(options.last ? ['-l', String(options.last)] : [])];
      run('pdftoppm', ['-png', '-r', String(options.dpi ?? 60), ...range, file, join(dir, prefix)]);
      return readdirSync(dir)
        .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.png'))
        .sort()
        .map((name) => join(dir, name));
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The first of `parts` not found in `text` after the one before it (white space flattened), or undefined when all stand in order. */
export function missingInOrder(text: string, parts: readonly string[]): string | undefined {
  const flat = flatText(text);
  let from = 0;
  for (const part of parts) {
    const at = flat.indexOf(flatText(part), from);
    if (at < 0) return `"${part}" after …${flat.slice(Math.max(0, from - 80), from)}`;
    from = at + flatText(part).length;
  }
  return undefined;
}
