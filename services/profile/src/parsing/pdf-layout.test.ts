import { describe, expect, it } from 'vitest';
import { findGutter, groupRows, joinWrappedBullets, pageLines, rowText, type PdfTextItem } from './pdf-layout.ts';

const item = (text: string, x: number, y: number, size = 10): PdfTextItem => ({ text, x, y, width: text.length * size * 0.5, height: size });

/** A page with a sidebar (x 40) beside a main column (x 220), rows not aligned with each other. */
function sidebarPage(): PdfTextItem[] {
  const items: PdfTextItem[] = [];
  for (let row = 0; row < 14; row++) items.push(item(`main line ${row} with several words of experience`, 220, 760 - row * 14));
  for (let row = 0; row < 8; row++) items.push(item(`side ${row}`, 40, 753 - row * 19));
  return items;
}

describe('pdf layout', () => {
  it('reads a sidebar page column by column, the main column first', () => {
    const lines = pageLines(sidebarPage()).map((line) => line.text);
    expect(findGutter(groupRows(sidebarPage()))).not.toBeNull();
    expect(lines.slice(0, 14).every((line) => line.startsWith('main'))).toBe(true);
    expect(lines.slice(14)).toEqual(Array.from({ length: 8 }, (_, row) => `side ${row}`));
  });

  it('finds the gutter from the items, not by stepping across the page: coordinates past 2^53 read the same', () => {
    // The old search stepped x += 2 from one edge to the other: 45 s at 1e9 units, and past 2^53 x + 2 === x.
    const wide = sidebarPage().map((each) => ({ ...each, x: each.x * 1e15, width: each.width * 1e15 }));
    expect(findGutter(groupRows(wide))).toBeGreaterThan(40 * 1e15);
    expect(pageLines(wide).map((line) => line.text)).toEqual(pageLines(sidebarPage()).map((line) => line.text));
  });

  it('keeps a single column with right-aligned dates as one line per row', () => {
    const items: PdfTextItem[] = [];
    for (let row = 0; row < 12; row++) {
      const y = 760 - row * 14;
      if (row % 4 === 0)
        items.push(item(`Role ${row}, Company`, 40, y), item(row % 8 === 0 ? 'Jan 2020 – Present' : '2016 – 2019', row % 8 === 0 ? 470 : 500, y));
      else items.push(item(`• bullet ${row} that runs across most of the page width here`, 40, y));
    }
    expect(findGutter(groupRows(items))).toBeNull();
    expect(pageLines(items)[0]?.text).toBe('Role 0, Company | Jan 2020 – Present');
  });

  it('joins a table row’s cells and a wrapped bullet', () => {
    expect(rowText([item('Skill', 40, 700), item('Years', 200, 700), item('Level', 360, 700)])).toBe('Skill | Years | Level');
    const lines = joinWrappedBullets([
      { text: '• Led the migration of billing to', x: 40, textX: 52, y: 700, height: 10, right: 300, column: 0, page: 1, secondary: false },
      { text: 'Kubernetes across three regions.', x: 52, textX: 52, y: 687, height: 10, right: 250, column: 0, page: 1, secondary: false },
      { text: '• Hired four engineers.', x: 40, textX: 52, y: 674, height: 10, right: 160, column: 0, page: 1, secondary: false },
    ]);
    expect(lines.map((line) => line.text)).toEqual(['• Led the migration of billing to Kubernetes across three regions.', '• Hired four engineers.']);
  });
});
