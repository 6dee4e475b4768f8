/**
 * Lines that belong together in a PDF's text (issue 22): list items whose bullets were drawn, and
 * lines wrapped by the page's width, joined back. Each column's edges are found once per call, so a
 * page of many lines is read in O(n log n) (issue 36).
 */
import { hasContactDetail, headingKind } from './resume-lines.ts';
import type { PdfLine } from './pdf-layout.ts';

const TERMINAL = /[.!?;:]["”)]?$/;

/** The left and right edge of each column's lines (0 for a page without columns, 1 the left column, 2 the right). */
export type ColumnEdges = ReadonlyMap<number, { left: number; right: number }>;

/** Each column's edges over `lines`, found once for the lines that are compared with them. */
export function columnEdges(lines: readonly PdfLine[]): ColumnEdges {
  const edges = new Map<number, { left: number; right: number }>();
  for (const line of lines) {
    const edge = edges.get(line.column);
    if (edge) {
      edge.left = Math.min(edge.left, line.x);
      edge.right = Math.max(edge.right, line.right);
    } else edges.set(line.column, { left: line.x, right: line.right });
  }
  return edges;
}

/** How many of the sorted `xs` lie within `distance` of `x` (two binary searches). */
function countNear(xs: readonly number[], x: number, distance: number): number {
  const firstAtLeast = (value: number) => {
    let low = 0;
    let high = xs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((xs[middle] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const firstAbove = (value: number) => {
    let low = 0;
    let high = xs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((xs[middle] ?? 0) <= value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return firstAbove(x + distance) - firstAtLeast(x - distance);
}

/**
 * List items whose bullets were drawn, not written (Chromium draws list markers as shapes): lines
 * indented past their column's left edge at an x that three or more lines share get a "• ", and a
 * line below one that ran to the column's right edge without ending a sentence continues it.
 */
export function markListLines(lines: readonly PdfLine[]): PdfLine[] {
  const marked: PdfLine[] = [];
  const edges = columnEdges(lines);
  for (const column of new Set(lines.map((line) => line.column))) {
    const own = lines.filter((line) => line.column === column);
    // A page without columns shares its left margin with the left column of the pages that have them.
    const base = Math.min(edges.get(column)?.left ?? Infinity, column === 0 ? (edges.get(1)?.left ?? Infinity) : Infinity);
    const width = (edges.get(column)?.right ?? base) - base;
    const xs = own.map((line) => line.x).sort((a, b) => a - b);
    for (const line of own) {
      const indent = line.x - base;
      if (indent < 6 || indent > 0.45 * width || countNear(xs, line.x, 1.5) < 3 || line.textX > line.x + 1 || /^[•◦▪■●○◆►▸‣⁃∙·*–—-]\s/.test(line.text))
        continue;
      marked.push(line);
    }
  }
  const isList = new Set(marked);
  const result: PdfLine[] = [];
  for (const line of lines) {
    const previous = result.at(-1);
    if (!isList.has(line)) result.push(line);
    else if (
      previous &&
      previous.column === line.column &&
      Math.abs(previous.x - line.x) <= 1.5 &&
      previous.text.startsWith('• ') &&
      // A sidebar's list items are short: one of them wraps only into a lowercase word.
      (line.secondary ? /^\p{Ll}/u.test(line.text) && continuesLine(previous, line, edges) : continuesLine(previous, line, edges))
    ) {
      const glue = /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      result[result.length - 1] = { ...previous, text: previous.text + glue + line.text, y: line.y, right: line.right };
    } else result.push({ ...line, text: `• ${line.text}` });
  }
  return result;
}

/**
 * Whether `line` wraps on from `previous`: right below it, and either starting lowercase or with a first
 * word too wide for the room left at the end of `previous` (so the line had to break there). `edges`
 * are the columns' edges over the lines being read (`columnEdges`).
 */
export function continuesLine(previous: PdfLine, line: PdfLine, edges: ColumnEdges): boolean {
  const gap = previous.y - line.y;
  if (previous.page !== line.page || gap <= 0 || gap > 1.6 * Math.max(previous.height, line.height) || Math.abs(previous.height - line.height) > 0.5)
    return false;
  // A heading or a contact line never continues anything, nor is continued.
  if (headingKind(line.text) || hasContactDetail(line.text) || hasContactDetail(previous.text)) return false;
  const columnRight = edges.get(line.column)?.right ?? line.right;
  const columnLeft = edges.get(line.column)?.left ?? line.x;
  // A short line ended on purpose (a headline, a label), whatever comes after it.
  if (previous.right - columnLeft < 0.75 * (columnRight - columnLeft)) return false;
  if (/^\p{Ll}/u.test(line.text)) return true;
  if (TERMINAL.test(previous.text)) return false;
  const charWidth = (line.right - line.x) / Math.max(1, line.text.length);
  const firstWord = line.text.split(' ')[0] ?? '';
  return previous.right + charWidth * (firstWord.length + 1) > columnRight - 1;
}

/**
 * Wrapped lines that are not list items joined back: a line right below one that had no room for its
 * first word, and not after a right-aligned date (a role's header line also runs to the edge).
 */
export function joinWrappedLines(lines: readonly PdfLine[]): PdfLine[] {
  const joined: PdfLine[] = [];
  const edges = columnEdges(lines);
  for (const line of lines) {
    const previous = joined.at(-1);
    const lastCell = previous?.text.split(' | ').at(-1) ?? '';
    const afterDates = /(?:19|20)\d{2}|present|current/i.test(lastCell) && lastCell.length < 40;
    if (
      previous &&
      !line.secondary &&
      !line.text.startsWith('• ') &&
      previous.column === line.column &&
      line.x >= previous.x - 1 &&
      !afterDates &&
      // A sidebar's list items are short: one of them wraps only into a lowercase word.
      (line.secondary ? /^\p{Ll}/u.test(line.text) && continuesLine(previous, line, edges) : continuesLine(previous, line, edges))
    ) {
      const glue = /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      joined[joined.length - 1] = { ...previous, text: previous.text + glue + line.text, y: line.y, right: line.right };
    } else joined.push(line);
  }
  return joined;
}
