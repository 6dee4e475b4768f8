/**
 * A job description's markdown read as an outline: sections under their headings, each holding list
 * items (with their nested items) and paragraph lines. It reads what the jobs formatter writes
 * (`formatting/offline/markdown-render.ts`) and what people or the OpenAI formatter write instead:
 * `#` and underlined headings, a whole line in bold or ending in a colon as a heading, `-`, `*`, `+`,
 * `•`, `1.` and `1)` items, indented or lazy continuation lines, hard breaks, fences, rules, tables.
 */

/** A list item as written, with the items nested under it. */
export interface OutlineItem {
  text: string;
  children: string[];
}

/** A block of a section: a list item, or one line of a paragraph (a hard break starts a new line). */
export type OutlineBlock = { kind: 'item'; item: OutlineItem } | { kind: 'text'; text: string };

/** A heading and what follows it up to the next one; the text before the first heading has none (level 0). */
export interface OutlineSection {
  heading: string | undefined;
  /** 1–6 for `#` headings; a line standing as a heading is one deeper than the heading it sits under. */
  level: number;
  /** A bold or colon-ended line read as a heading, rather than a `#` one. */
  implied: boolean;
  blocks: OutlineBlock[];
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/u;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)\s*$/u;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/u;
const FENCE = /^ {0,3}(`{3,}|~{3,})/u;
const LIST_ITEM = /^(\s*)(?:[-*+•·▪◦‣●○■□➤►▶–—]|\d{1,9}[.)])\s+(.*)$/u;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/u;
/** A line entirely in bold ("**Requirements**", "__Must have:__"). */
const WHOLE_BOLD = /^(?:\*\*|__)(?=\S)(.+?)(?<=\S)(?:\*\*|__)\s*:?$/u;

/** An odd number of backslashes at the end is a markdown hard break. */
const hardBreak = (line: string): boolean => (/\\+$/u.exec(line)?.[0].length ?? 0) % 2 === 1;
const withoutHardBreak = (line: string): string => (hardBreak(line) ? line.replace(/\\$/u, '') : line).trimEnd();

/**
 * A plain line that stands as a heading: wholly bold, or short and ending in a colon, with no
 * sentence before the colon ("Requirements:", "You will:", but not "Salary: €80k").
 */
function impliedHeading(line: string): string | undefined {
  const trimmed = line.trim();
  if (trimmed.length > 80) return undefined;
  const bold = WHOLE_BOLD.exec(trimmed);
  if (bold?.[1] && !/[.!?]$/u.test(bold[1])) return bold[1];
  if (/[:：]$/u.test(trimmed) && !/[.!?;]/u.test(trimmed.slice(0, -1))) return trimmed;
  return undefined;
}

/** Reads markdown into sections of list items and paragraph lines, in the order written. */
export function readOutline(markdown: string): OutlineSection[] {
  const lines = markdown.replace(/\r\n?|[\u2028\u2029]/gu, '\n').split('\n');
  const sections: OutlineSection[] = [{ heading: undefined, level: 0, implied: false, blocks: [] }];
  let section = sections[0] as OutlineSection;
  let headingLevel = 0;
  let item: { indent: number; value: OutlineItem } | undefined;
  let paragraph: string[] = [];
  let inFence = false;

  const flushParagraph = () => {
    if (paragraph.length) section.blocks.push({ kind: 'text', text: paragraph.join(' ') });
    paragraph = [];
  };
  const open = (heading: string, level: number, implied: boolean) => {
    flushParagraph();
    item = undefined;
    section = { heading, level, implied, blocks: [] };
    sections.push(section);
    if (!implied) headingLevel = level;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    if (FENCE.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const line = withoutHardBreak(raw);
    if (!line.trim() || TABLE_RULE.test(line)) {
      flushParagraph();
      // A blank line ends the item only for lines that are not indented under it.
      if (item && !/^\s+\S/u.test(lines[index + 1] ?? '')) item = undefined;
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      open(atx[2] ?? '', atx[1]?.length ?? 1, false);
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(lines[index + 1] ?? '');
    if (underline && !item && paragraph.length === 0 && !LIST_ITEM.test(line)) {
      open(line.trim(), underline[1]?.startsWith('=') ? 1 : 2, false);
      index += 1;
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      flushParagraph();
      item = undefined;
      continue;
    }
    const listed = LIST_ITEM.exec(line);
    if (listed) {
      flushParagraph();
      const indent = listed[1]?.length ?? 0;
      const text = listed[2] ?? '';
      if (item && indent > item.indent) item.value.children.push(text);
      else {
        item = { indent, value: { text, children: [] } };
        section.blocks.push({ kind: 'item', item: item.value });
      }
      continue;
    }
    if (item) {
      // A continuation line of the item (indented, or lazy): it belongs to the last thing written in it.
      const children = item.value.children;
      if (children.length) children[children.length - 1] = `${children[children.length - 1] ?? ''} ${line.trim()}`;
      else item.value.text = `${item.value.text} ${line.trim()}`;
      continue;
    }
    const implied = impliedHeading(line);
    if (implied !== undefined && paragraph.length === 0) {
      open(implied, headingLevel + 1, true);
      continue;
    }
    const text = line.trim().replace(/^>\s?/u, '');
    if (hardBreak(raw)) {
      paragraph.push(text);
      flushParagraph();
    } else paragraph.push(text);
  }
  flushParagraph();
  return sections.filter((candidate) => candidate.heading !== undefined || candidate.blocks.length > 0);
}
