/**
 * Reading order of a PDF page (issue 22) from its text items' positions: items on one baseline make a
 * line; a gutter that no line crosses on most of the page splits two columns, read one after the
 * other (the column with more text first, so a sidebar never interleaves with the experience); wide
 * gaps inside a line (right-aligned dates, table cells) become " | ".
 */
import { hasContactDetail, headingKind } from './resume-lines.ts';

/** One text item: its text, left x, baseline y (PDF units, y up), width and font height. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line in reading order, with where it starts and its font height. */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  height: number;
  /** Where the text after a leading bullet glyph starts (a wrapped bullet's next line starts there). */
  textX: number;
  /** Where the line ends. */
  right: number;
  /** 0 for a page without columns or a full-width line, 1 the left column, 2 the right one. */
  column: number;
  page: number;
  /** Read after the main column: a sidebar's line, which goes after the main text of every page. */
  secondary: boolean;
}

interface Row {
  y: number;
  height: number;
  items: PdfTextItem[];
}

const BULLET_GLYPH = /^[•◦▪▫■□●○◆◇►▸‣⁃∙·*–—-]$/;

/** Items grouped into rows by baseline (within half a font height), top to bottom, each row left to right. */
export function groupRows(items: readonly PdfTextItem[]): Row[] {
  const sorted = items.filter((item) => item.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) <= Math.max(1, 0.5 * Math.min(row.height, item.height || row.height))) {
      row.items.push(item);
      row.height = Math.max(row.height, item.height);
    } else rows.push({ y: item.y, height: item.height || 10, items: [item] });
  }
  for (const row of rows) row.items.sort((a, b) => a.x - b.x);
  return rows;
}

/** One row's text: touching items joined as is, word gaps by a space, wide gaps (a column of dates, a table cell) by " | ". */
export function rowText(items: readonly PdfTextItem[]): string {
  let text = '';
  let end = -Infinity;
  for (const item of items) {
    const gap = item.x - end;
    const size = item.height || 10;
    if (text === '') text = item.text;
    else if (gap > Math.max(2.2 * size, 18)) text = `${text.trimEnd()} | ${item.text.trimStart()}`;
    else if (gap > 0.15 * size && !/\s$/.test(text) && !/^\s/.test(item.text)) text += ` ${item.text}`;
    else text += item.text;
    end = Math.max(end, item.x + item.width);
  }
  return text.replace(/\s+/g, ' ').trim();
}

const crosses = (row: Row, x: number) => row.items.some((item) => item.x < x - 1 && item.x + item.width > x + 1);

/**
 * The x of a gutter splitting the rows into two columns, or null. A gutter is crossed by at most 8%
 * of the rows, has at least four rows' text on each side, and its right side starts at one x (a
 * column), unlike right-aligned dates; and the two sides are not rows of one table (most rows with
 * text on both sides).
 */
export function findGutter(rows: readonly Row[]): number | null {
  const items = rows.flatMap((row) => row.items);
  if (rows.length < 8 || items.length === 0) return null;
  const left = Math.min(...items.map((item) => item.x));
  const right = Math.max(...items.map((item) => item.x + item.width));
  const width = right - left;
  let best: { x: number; run: number } | null = null;
  let runStart: number | null = null;
  const step = 2;
  for (let x = left + 0.15 * width; x <= right - 0.15 * width + step; x += step) {
    const free = x <= right - 0.15 * width && rows.filter((row) => crosses(row, x)).length <= 0.08 * rows.length;
    if (free && runStart === null) runStart = x;
    if (!free && runStart !== null) {
      const run = x - runStart;
      if (!best || run > best.run) best = { x: runStart + run / 2, run };
      runStart = null;
    }
  }
  if (!best || best.run < 6) return null;
  const gutter = best.x;
  const sides = rows.map((row) => ({ left: row.items.filter((i) => i.x + i.width <= gutter), right: row.items.filter((i) => i.x >= gutter) }));
  const rightRows = sides.filter((side) => side.right.length > 0);
  const leftRows = sides.filter((side) => side.left.length > 0);
  if (rightRows.length < 4 || leftRows.length < 4) return null;
  const starts = new Map<number, number>();
  for (const side of rightRows) {
    const start = Math.round((side.right[0]?.x ?? 0) / 3);
    starts.set(start, (starts.get(start) ?? 0) + 1);
  }
  if (Math.max(...starts.values()) < 0.4 * rightRows.length) return null;
  // Cells of one table row share their baseline exactly; two independent columns meet on one only by chance.
  const both = sides.filter((side) => side.left.some((l) => side.right.some((r) => Math.abs(l.y - r.y) < 0.6))).length;
  if (both >= 0.6 * Math.min(rightRows.length, leftRows.length)) return null;
  return gutter;
}

const toLine = (items: PdfTextItem[], row: Row, page: number, column = 0, secondary = false): PdfLine | null => {
  const text = rowText(items);
  const first = items[0];
  if (!text || !first) return null;
  const second = items[1];
  const textX = BULLET_GLYPH.test(first.text.trim()) && second ? second.x : first.x;
  const right = Math.max(...items.map((item) => item.x + item.width));
  return { text, x: first.x, y: row.y, height: row.height, textX, right, column, page, secondary };
};

/**
 * A page's lines in reading order. With a gutter, rows that cross it are full-width and cut the page
 * into bands; within a band the column with more text on the page is read first, then the other.
 */
export function pageLines(items: readonly PdfTextItem[], page = 0): PdfLine[] {
  const rows = groupRows(items);
  const gutter = findGutter(rows);
  if (gutter === null) return rows.map((row) => toLine(row.items, row, page)).filter((line): line is PdfLine => line !== null);
  const sideOf = (item: PdfTextItem) => (item.x + item.width / 2 < gutter ? 'left' : 'right');
  const weight = { left: 0, right: 0 };
  for (const item of items) weight[sideOf(item)] += item.text.length;
  const order = weight.left >= weight.right ? (['left', 'right'] as const) : (['right', 'left'] as const);
  const lines: PdfLine[] = [];
  let band: Row[] = [];
  const flush = () => {
    for (const side of order) {
      for (const row of band) {
        const line = toLine(
          row.items.filter((item) => sideOf(item) === side),
          row,
          page,
          side === 'left' ? 1 : 2,
          side === order[1],
        );
        if (line) lines.push(line);
      }
    }
    band = [];
  };
  for (const row of rows) {
    if (crosses(row, gutter)) {
      flush();
      const line = toLine(row.items, row, page);
      if (line) lines.push(line);
    } else band.push(row);
  }
  flush();
  return lines;
}

/**
 * Lines with wrapped bullets joined back: a line that starts where the previous bullet's text started
 * (indented past its glyph), right below it, continues it.
 */
export function joinWrappedBullets(lines: readonly PdfLine[]): PdfLine[] {
  const joined: PdfLine[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    const isBullet = previous !== undefined && previous.textX > previous.x + 1;
    const below = previous !== undefined && previous.y - line.y > 0 && previous.y - line.y < 1.9 * Math.max(previous.height, line.height);
    if (previous && isBullet && below && Math.abs(line.x - previous.textX) <= 3 && !BULLET_GLYPH.test(line.text.charAt(0))) {
      const glue = /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      joined[joined.length - 1] = { ...previous, text: previous.text + glue + line.text, y: line.y };
    } else joined.push(line);
  }
  return joined;
}

const TERMINAL = /[.!?;:]["”)]?$/;

/**
 * List items whose bullets were drawn, not written (Chromium draws list markers as shapes): lines
 * indented past their column's left edge at an x that three or more lines share get a "• ", and a
 * line below one that ran to the column's right edge without ending a sentence continues it.
 */
export function markListLines(lines: readonly PdfLine[]): PdfLine[] {
  const marked: PdfLine[] = [];
  for (const column of new Set(lines.map((line) => line.column))) {
    const own = lines.filter((line) => line.column === column);
    // A page without columns shares its left margin with the left column of the pages that have them.
    const base = Math.min(...lines.filter((line) => line.column === column || (column === 0 && line.column === 1)).map((line) => line.x));
    const right = Math.max(...own.map((line) => line.right));
    const width = right - base;
    const atX = (x: number) => own.filter((line) => Math.abs(line.x - x) <= 1.5).length;
    for (const line of own) {
      const indent = line.x - base;
      if (indent < 6 || indent > 0.45 * width || atX(line.x) < 3 || line.textX > line.x + 1 || /^[•◦▪■●○◆►▸‣⁃∙·*–—-]\s/.test(line.text)) continue;
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
      (line.secondary ? /^\p{Ll}/u.test(line.text) && continuesLine(previous, line, lines) : continuesLine(previous, line, lines))
    ) {
      const glue = /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      result[result.length - 1] = { ...previous, text: previous.text + glue + line.text, y: line.y, right: line.right };
    } else result.push({ ...line, text: `• ${line.text}` });
  }
  return result;
}

/**
 * Whether `line` wraps on from `previous`: right below it, and either starting lowercase or with a first
 * word too wide for the room left at the end of `previous` (so the line had to break there).
 */
export function continuesLine(previous: PdfLine, line: PdfLine, lines: readonly PdfLine[]): boolean {
  const gap = previous.y - line.y;
  if (previous.page !== line.page || gap <= 0 || gap > 1.6 * Math.max(previous.height, line.height) || Math.abs(previous.height - line.height) > 0.5)
    return false;
  // A heading or a contact line never continues anything, nor is continued.
  if (headingKind(line.text) || hasContactDetail(line.text) || hasContactDetail(previous.text)) return false;
  const column = lines.filter((other) => other.column === line.column);
  const columnRight = Math.max(...column.map((other) => other.right));
  const columnLeft = Math.min(...column.map((other) => other.x));
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
      (line.secondary ? /^\p{Ll}/u.test(line.text) && continuesLine(previous, line, lines) : continuesLine(previous, line, lines))
    ) {
      const glue = /\p{L}-$/u.test(previous.text) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      joined[joined.length - 1] = { ...previous, text: previous.text + glue + line.text, y: line.y, right: line.right };
    } else joined.push(line);
  }
  return joined;
}
