/**
 * A pasted posting as lines that know what they are (a bullet, a numbered item, a heading written in
 * markdown, a separator, a table row or text), with lines broken mid-sentence joined again.
 */
import { isDetailLabel, isSectionName } from './section-names.ts';
import { endsClause, endsOpen, isAllCaps, startsLowercase } from './posting-text.ts';

export type LineKind = 'blank' | 'rule' | 'bullet' | 'numbered' | 'heading' | 'text';

export interface PostingLine {
  kind: LineKind;
  /** The content, without its bullet, number or heading marks. */
  text: string;
  /** Leading spaces (a tab counts four). */
  indent: number;
  /** Bullets: 1 for a nested item. Markdown headings: the number of #. */
  level: number;
  /** Numbered items: the number as written. */
  number?: number;
  /** Bullets: the glyph; numbered items: the delimiter. Markdown starts a new list where it changes, and so do we. */
  marker?: string;
  /** A bullet made of an emoji, kept in the text ("✅ Remote first"). */
  pictograph?: boolean;
  /** The cells of a table row flattened to text (tab-separated, or columns of three or more spaces). */
  cells?: string[];
  /** Joined with the line(s) after it because it was broken mid-sentence. */
  continued?: boolean;
}

/** Bullet glyphs that carry no meaning of their own: dropped, the line becomes a list item. */
const BULLET = /^([•·▪▫◦●○■□‣⁃∙►▶➤→⮚➢❖◆◇★☆✓✔✗✘⦿⦾・*+\-–—])(?:\s+|(?<=[•·▪◦●・])(?=\S))(.*)$/u;
/** Glyphs that mark a nested item. */
const NESTED_BULLET = /^[◦○▫‣⁃]$/u;
const NUMBERED = /^\(?(\d{1,3})[.)]\s+(.*)$/u;
const PICTOGRAPH_BULLET = /^(\p{Extended_Pictographic}\uFE0F?)\s+(\S.*)$/u;
const MARKDOWN_HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?$/u;
/** A line of only dashes, equals signs, stars, dots or box drawing: a separator with no words. */
const RULE = /^[\s\-=_*~·•—–─━═.#+]{3,}$/u;

function indentOf(raw: string): number {
  const lead = /^[ \t]*/.exec(raw)?.[0] ?? '';
  return [...lead].reduce((sum, char) => sum + (char === '\t' ? 4 : 1), 0);
}

/** Table cells of a line flattened from a table: tab-separated, or columns of three or more spaces. */
function cellsOf(text: string): string[] | undefined {
  const separator = text.includes('\t') ? /\t+/ : / {3,}/;
  const cells = text
    .split(separator)
    .map((cell) => cell.trim())
    .filter((cell) => cell.length > 0);
  return cells.length >= 2 ? cells : undefined;
}

/** What one line of a posting is. */
export function classifyLine(raw: string): PostingLine {
  const indent = indentOf(raw);
  const trimmed = raw.trim();
  const line = (kind: LineKind, text: string, extra: Partial<PostingLine> = {}): PostingLine => ({ kind, text, indent, level: 0, ...extra });
  if (!trimmed) return line('blank', '');
  if (RULE.test(trimmed) && !/[\p{L}\p{N}]/u.test(trimmed)) return line('rule', '');
  const heading = MARKDOWN_HEADING.exec(trimmed);
  if (heading?.[1] && heading[2]) return line('heading', heading[2], { level: heading[1].length });
  const numbered = NUMBERED.exec(trimmed);
  if (numbered?.[1] && numbered[2])
    return line('numbered', numbered[2].trim(), { number: Number(numbered[1]), marker: /^\(?\d+\./u.test(trimmed) ? '.' : ')' });
  const bullet = BULLET.exec(trimmed);
  if (bullet?.[1] && bullet[2]?.trim()) {
    const nested = NESTED_BULLET.test(bullet[1]) || indent >= 2;
    return line('bullet', bullet[2].trim(), { level: nested ? 1 : 0, marker: bullet[1] });
  }
  const pictograph = PICTOGRAPH_BULLET.exec(trimmed);
  if (pictograph?.[1]) return line('bullet', trimmed, { pictograph: true, level: indent >= 2 ? 1 : 0, marker: pictograph[1] });
  const text = trimmed.replace(/\t+/g, ' ').replace(/ {2,}/g, ' ');
  const cells = cellsOf(raw.trim());
  return cells ? line('text', text, { cells }) : line('text', text);
}

/** Could this line be a heading or a label, which nothing continues? */
const standsAlone = (line: PostingLine) => line.kind === 'text' && (isAllCaps(line.text) || isSectionName(line.text) || isDetailLabel(line.text));

/**
 * Whether `next` continues `previous`, which was broken mid-sentence: it starts in lower case
 * (after anything but a lead-in colon), or `previous` stops where no sentence can (a comma, "and",
 * "with"), or it is indented under a list item.
 */
function continues(previous: PostingLine, next: PostingLine): boolean {
  if (next.kind !== 'text' || next.cells || previous.cells || standsAlone(next)) return false;
  if (previous.kind !== 'text' && previous.kind !== 'bullet' && previous.kind !== 'numbered') return false;
  if (standsAlone(previous)) return false;
  if (startsLowercase(next.text)) return !/[:：]$/u.test(previous.text);
  if (endsClause(previous.text)) return false;
  if (endsOpen(previous.text)) return true;
  return previous.kind !== 'text' && next.indent > previous.indent && next.indent >= 2;
}

/** The lines with every line broken mid-sentence joined to the line it belongs to. */
export function joinBrokenLines(lines: readonly PostingLine[]): PostingLine[] {
  const joined: PostingLine[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous && continues(previous, line)) {
      joined[joined.length - 1] = { ...previous, text: `${previous.text} ${line.text}`, continued: true };
      continue;
    }
    joined.push(line);
  }
  return joined;
}
