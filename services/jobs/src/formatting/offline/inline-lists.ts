/**
 * Postings whose sections and lists were flattened into one paragraph ("Responsibilities: a; b; c.
 * Qualifications: x; y." or "What you'll do • a • b What we're looking for • c"): the section
 * names become headings and the items list items. Only the separators between items (";", "•",
 * " - ", "1)") are dropped; every word stays, in order.
 */
import type { PostingLine } from './posting-lines.ts';
import { isListSection } from './section-names.ts';
import { wordCount } from './posting-text.ts';
import { INLINE_BULLET, labelsOf, sentencesOf, splitOutsideBrackets } from './inline-labels.ts';

/** Numbered items written inline ("1) a 2) b 3) c"), numbered from 1 on with one delimiter. */
function numberedItems(body: string): { items: string[]; delimiter: string } | undefined {
  const first = /^\(?1([.)])\s+/u.exec(body);
  if (!first?.[1]) return undefined;
  const delimiter = first[1];
  const cuts: { at: number; length: number }[] = [{ at: 0, length: first[0].length }];
  let next = 2;
  const marker = new RegExp(`\\s\\(?(\\d{1,2})\\${delimiter}\\s+`, 'gu');
  for (const match of body.matchAll(marker)) {
    if (Number(match[1]) !== next) continue;
    cuts.push({ at: match.index ?? 0, length: match[0].length });
    next++;
  }
  if (cuts.length < 2) return undefined;
  const items = cuts.map((cut, index) => body.slice(cut.at + cut.length, cuts[index + 1]?.at ?? body.length).trim());
  return { items, delimiter };
}

/** A body's list: its items, whether numbered, and prose after the last item; undefined when the body is prose. */
interface InlineList {
  items: string[];
  ordered: boolean;
  delimiter: string;
  after?: string;
}

/** Prose that follows a list's last item after its full stop ("… c. We look forward to hearing from you."). */
function withTrailingProse(list: InlineList): InlineList {
  const last = list.items.at(-1);
  if (!last) return list;
  const [item, ...rest] = sentencesOf(last);
  const after = rest.join(' ');
  if (!item || wordCount(after) < 3) return list;
  return { ...list, items: [...list.items.slice(0, -1), item], after };
}

/** How a section's body lists its items, if it does: inline bullets, dashes, numbers, semicolons, or short sentences under a list section. */
function inlineList(body: string, name: string | undefined): InlineList | undefined {
  const bullets = body.match(INLINE_BULLET)?.length ?? 0;
  if (/^[•●▪]/u.test(body) || bullets >= 2) {
    const items = body
      .split(INLINE_BULLET)
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length >= 2 || /^[•●▪]/u.test(body)) return { items, ordered: false, delimiter: '' };
  }
  const dash = /^([-–])\s+/u.exec(body)?.[1];
  if (dash) {
    const items = body
      .slice(1)
      .split(new RegExp(`\\s${dash}\\s+`, 'u'))
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length >= 2) return { items, ordered: false, delimiter: '' };
  }
  const numbered = numberedItems(body);
  if (numbered) return withTrailingProse({ ...numbered, ordered: true });
  const parts = splitOutsideBrackets(body, ';');
  if (parts.length >= 3) return withTrailingProse({ items: parts, ordered: false, delimiter: '' });
  if (name !== undefined && isListSection(name)) {
    const sentences = sentencesOf(body);
    if (sentences.length >= 3 && sentences.every((sentence) => wordCount(sentence) <= 25)) return { items: sentences, ordered: false, delimiter: '' };
  }
  return undefined;
}

const textLine = (template: PostingLine, text: string): PostingLine => ({
  kind: 'text',
  text,
  indent: 0,
  level: 0,
  ...(template.continued ? { continued: true } : {}),
});
const blank: PostingLine = { kind: 'blank', text: '', indent: 0, level: 0 };

/** What a flattened line has somewhere: a colon, an inline bullet or dash, or a word in capitals. */
const MAY_BE_FLATTENED = /[:：•●▪]|\s[-–]\s|\p{Lu}{2}/u;

/** A flattened line as headings, list items and paragraphs; undefined when it is not one. */
function splitFlattenedLine(line: PostingLine): PostingLine[] | undefined {
  const { text } = line;
  if (!MAY_BE_FLATTENED.test(text)) return undefined;
  const labels = labelsOf(text);
  if (labels.length === 0) return unlabelledBullets(line);
  const sections = labels.map((label, index) => {
    const body = text.slice(label.end, labels[index + 1]?.start ?? text.length).trim();
    return { label, body, list: inlineList(body, label.name) };
  });
  const lead = text.slice(0, labels[0]?.start ?? 0).trim();
  // The lead before the first label may itself end in an inline list's first bullet.
  if (!sections.some((section) => section.list) && !(labels.length >= 2 && wordCount(text) >= 40)) return undefined;

  const out: PostingLine[] = [];
  if (lead) out.push(textLine(line, lead), blank);
  for (const { label, body, list } of sections) {
    out.push(textLine(line, label.colon ? `${label.name}:` : label.name), blank);
    if (!list) {
      if (body) out.push(textLine(line, body), blank);
      continue;
    }
    list.items.forEach((item, index) => {
      out.push(
        list.ordered
          ? { kind: 'numbered', text: item, indent: 0, level: 0, number: index + 1, marker: list.delimiter }
          : { kind: 'bullet', text: item, indent: 0, level: 0, marker: '-' },
      );
    });
    out.push(blank);
    if (list.after) out.push(textLine(line, list.after), blank);
  }
  return out;
}

/** A long line of prose and then items behind inline bullets, without a section name ("We're hiring • Flexible hours • Free lunch …"). */
function unlabelledBullets(line: PostingLine): PostingLine[] | undefined {
  const parts = line.text.split(/\s+[•●▪]\s+/u);
  const [lead = '', ...items] = parts;
  // Not a line of facts ("$140k • 0.1% · Remote • United States"): items that say something, no other separators.
  if (items.length < 2 || wordCount(line.text) < 12 || /\s[·|]\s/u.test(line.text) || !items.every((item) => wordCount(item) >= 2)) return undefined;
  if (wordCount(items.join(' ')) < 3 * items.length) return undefined;
  return [
    ...(lead.trim() ? [textLine(line, lead.trim()), blank] : []),
    ...items.map((item): PostingLine => ({ kind: 'bullet', text: item.trim(), indent: 0, level: 0, marker: '-' })),
    blank,
  ];
}

/** A list item that carries more items behind inline bullets ("• SQL • Python • dbt" pasted on one line). */
function splitBulletLine(line: PostingLine): PostingLine[] {
  if (line.kind !== 'bullet' || line.pictograph) return [line];
  const items = line.text.split(/\s+[•●▪]\s+/u).map((item) => item.trim());
  if (items.length < 2 || items.some((item) => !item)) return [line];
  return items.map((text) => ({ ...line, text, continued: false }));
}

/** The lines with every flattened paragraph split into its headings, lists and prose. */
export function splitInlineLists(lines: readonly PostingLine[]): PostingLine[] {
  return lines.flatMap((line) => {
    if (line.kind === 'bullet') return splitBulletLine(line);
    return line.kind === 'text' && !line.cells ? (splitFlattenedLine(line) ?? [line]) : [line];
  });
}
