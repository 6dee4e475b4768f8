/**
 * Reading order of a PDF page (issue 22) from its text items' positions: items on one baseline make a
 * line; a gutter that no line crosses on most of the page splits two columns, read one after the
 * other (the column with more text first, so a sidebar never interleaves with the experience); wide
 * gaps inside a line (right-aligned dates, table cells) become " | ". Every scan is O(n log n) in the
 * items, never in the page's width (issue 36: a gutter searched in steps across the page never ended).
 */

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

/** The smallest and largest of some numbers (a loop: spreading a page's items into Math.min overflows the stack). */
export function extentOf(values: Iterable<number>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

/**
 * The stretches of [from, to] that at most `maxCrossed` rows cross, longest first on ties by position:
 * a row crosses x where one of its items covers x with a unit to spare on each side. One sweep over
 * the rows' merged spans, O(n log n) in the items, whatever the page's width.
 */
function freeStretches(rows: readonly Row[], from: number, to: number, maxCrossed: number): { start: number; end: number }[] {
  const changes: [number, number][] = [];
  for (const row of rows) {
    const spans = row.items
      .map((item): [number, number] => [item.x + 1, item.x + item.width - 1])
      .filter(([start, end]) => start < end)
      .sort((a, b) => a[0] - b[0]);
    let open: [number, number] | null = null;
    for (const span of spans) {
      if (open && span[0] < open[1]) open[1] = Math.max(open[1], span[1]);
      else {
        if (open) changes.push([open[0], 1], [open[1], -1]);
        open = [span[0], span[1]];
      }
    }
    if (open) changes.push([open[0], 1], [open[1], -1]);
  }
  changes.sort((a, b) => a[0] - b[0]);
  const stretches: { start: number; end: number }[] = [];
  let crossed = 0;
  let at = from;
  let runStart: number | null = null;
  const extend = (end: number, free: boolean) => {
    if (end <= at) return;
    if (free) runStart ??= at;
    else if (runStart !== null) {
      stretches.push({ start: runStart, end: at });
      runStart = null;
    }
    at = end;
  };
  for (let index = 0; index < changes.length && at < to;) {
    const x = changes[index]?.[0] ?? to;
    // Between two changes the number of rows crossing stays the same.
    extend(Math.min(x, to), crossed <= maxCrossed);
    for (; index < changes.length && changes[index]?.[0] === x; index++) crossed += changes[index]?.[1] ?? 0;
  }
  extend(to, crossed <= maxCrossed);
  if (runStart !== null) stretches.push({ start: runStart, end: to });
  return stretches;
}

/** Whether any of `left` shares its baseline with one of `right` (within 0.6), in O(n log n). */
function shareBaseline(left: readonly PdfTextItem[], right: readonly PdfTextItem[]): boolean {
  if (left.length === 0 || right.length === 0) return false;
  const ys = right.map((item) => item.y).sort((a, b) => a - b);
  return left.some((item) => {
    let low = 0;
    let high = ys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ys[middle] ?? 0) <= item.y - 0.6) low = middle + 1;
      else high = middle;
    }
    return low < ys.length && (ys[low] ?? 0) < item.y + 0.6;
  });
}

/**
 * The x of a gutter splitting the rows into two columns, or null. A gutter is crossed by at most 8%
 * of the rows, has at least four rows' text on each side, and its right side starts at one x (a
 * column), unlike right-aligned dates; and the two sides are not rows of one table (most rows with
 * text on both sides).
 */
export function findGutter(rows: readonly Row[]): number | null {
  if (rows.length < 8) return null;
  const { min: left } = extentOf(rows.flatMap((row) => row.items.map((item) => item.x)));
  const { max: right } = extentOf(rows.flatMap((row) => row.items.map((item) => item.x + item.width)));
  if (!Number.isFinite(left) || !Number.isFinite(right)) return null;
  const width = right - left;
  let best: { start: number; end: number } | null = null;
  for (const stretch of freeStretches(rows, left + 0.15 * width, right - 0.15 * width, 0.08 * rows.length)) {
    if (!best || stretch.end - stretch.start > best.end - best.start) best = stretch;
  }
  if (!best || best.end - best.start < 6) return null;
  const gutter = best.start + (best.end - best.start) / 2;
  const sides = rows.map((row) => ({ left: row.items.filter((i) => i.x + i.width <= gutter), right: row.items.filter((i) => i.x >= gutter) }));
  const rightRows = sides.filter((side) => side.right.length > 0);
  const leftRows = sides.filter((side) => side.left.length > 0);
  if (rightRows.length < 4 || leftRows.length < 4) return null;
  const starts = new Map<number, number>();
  for (const side of rightRows) {
    const start = Math.round((side.right[0]?.x ?? 0) / 3);
    starts.set(start, (starts.get(start) ?? 0) + 1);
  }
  if (extentOf(starts.values()).max < 0.4 * rightRows.length) return null;
  // Cells of one table row share their baseline exactly; two independent columns meet on one only by chance.
  const both = sides.filter((side) => shareBaseline(side.left, side.right)).length;
  if (both >= 0.6 * Math.min(rightRows.length, leftRows.length)) return null;
  return gutter;
}

const toLine = (items: PdfTextItem[], row: Row, page: number, column = 0, secondary = false): PdfLine | null => {
  const text = rowText(items);
  const first = items[0];
  if (!text || !first) return null;
  const second = items[1];
  const textX = BULLET_GLYPH.test(first.text.trim()) && second ? second.x : first.x;
  const right = extentOf(items.map((item) => item.x + item.width)).max;
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
