/**
 * The structure of a posting recovered from its lines: headings, lists (also from lines whose
 * bullets were lost, label/value pairs and table rows) and paragraphs. Nothing here drops or
 * changes text: every line's content lands in exactly one block, in order.
 */
import { isMathAlphanumericLine, plainLetters } from './markdown-inline.ts';
import type { PostingLine } from './posting-lines.ts';
import { endsSentence, hasCasedLetter, isAllCaps, wordCount } from './posting-text.ts';
import { isDetailLabel, isListSection, isSectionName } from './section-names.ts';

/** A list item's or paragraph line's content: a bold label ("Salary:"), table cells, or plain text. */
export interface Inline {
  text: string;
  label?: string;
  cells?: string[];
}

export interface ListItem {
  content: Inline;
  children: Inline[];
}

export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: ListItem[]; marker?: string }
  | { type: 'paragraph'; lines: Inline[] };

type Unit =
  | { type: 'heading'; level: number; text: string }
  | { type: 'item'; ordered: boolean; number: number; level: number; marker: string; content: Inline }
  | { type: 'text'; content: Inline }
  | { type: 'break' };

const LABEL = /^([^:：]{1,40}?)\s?[:：]\s+(\S.*)$/u;
const BOLD_LABEL = /^\*\*([^*]{1,40}?)\s?[:：]\*\*\s+(\S.*)$/u;
const BOLD_LINE = /^\*\*([^*]{1,120})\*\*[:：]?$/u;
const BRACKET_HEADING = /^【([^】]{1,40})】$/u;
const MARKED_HEADING = /^[■◆◇□]([^\s■◆◇□].{0,24})$/u;

/** "Salary: $120k" → a label and its value; undefined when the text before the colon is no label. */
export function splitLabel(text: string): Inline | undefined {
  const bold = BOLD_LABEL.exec(text);
  if (bold?.[1] && bold[2]) return { label: bold[1], text: bold[2] };
  const match = LABEL.exec(text);
  const label = match?.[1]?.trim();
  if (!match?.[2] || !label) return undefined;
  const cased = hasCasedLetter(label);
  if (cased && !/^\p{Lu}/u.test(label)) return undefined;
  if (!/\p{L}/u.test(label) || wordCount(label) > 4 || /[*_`[\]()<>"“]|https?$/iu.test(label)) return undefined;
  return { label, text: match[2] };
}

/** The heading a line is written as, if it is one: without its colon, its brackets or its bold marks. */
function headingText(line: PostingLine): string | undefined {
  const { text } = line;
  const bold = BOLD_LINE.exec(text);
  if (bold?.[1] && wordCount(bold[1]) <= 12) return bold[1].trim();
  const bracket = BRACKET_HEADING.exec(text) ?? MARKED_HEADING.exec(text);
  if (bracket?.[1]) return text;
  if (isMathAlphanumericLine(text) && wordCount(text) <= 12) return plainLetters(text).replace(/\s?[:：]$/u, '');
  if (/[:：]$/u.test(text) && wordCount(text) <= 8 && !splitLabel(text)) return text.replace(/\s?[:：]$/u, '');
  if (isAllCaps(text) && wordCount(text) <= 10 && !endsSentence(text)) return text.replace(/\s?[:：]$/u, '');
  if (isSectionName(text)) return text.replace(/\s?[:：]$/u, '');
  return undefined;
}

/** A short isolated line over a list or a paragraph ("About the role" above its text) is its heading. */
function isShortTitle(line: PostingLine, previous: PostingLine | undefined, next: PostingLine | undefined, above: PostingLine | undefined): boolean {
  const { text } = line;
  // Right under a heading (also one written "Ability to Commute:") it is the section's first line, not a heading of its own.
  if (above?.kind === 'heading' || (above?.kind === 'text' && headingText(above) !== undefined)) return false;
  if (wordCount(text) === 0 || wordCount(text) > 6 || /[.!?,;:：]$/u.test(text) || /\s[·|•]\s|:/u.test(text)) return false;
  if (hasCasedLetter(text) && !/^\p{Lu}/u.test(text)) return false;
  if (previous && previous.kind !== 'blank' && previous.kind !== 'rule' && previous.kind !== 'heading') return false;
  if (!next) return false;
  // Above a list, a table, a details box or a labelled line.
  if (next.kind === 'bullet' || next.kind === 'numbered' || next.cells || isDetailLabel(next.text) || splitLabel(next.text)) return true;
  return next.kind === 'text' && !next.cells && (wordCount(next.text) >= 8 || endsSentence(next.text));
}

const textUnit = (text: string): Unit => ({ type: 'text', content: splitLabel(text) ?? { text } });

const item = (content: Inline, extra: { ordered?: boolean; number?: number; level?: number; marker?: string } = {}): Unit => ({
  type: 'item',
  ordered: extra.ordered ?? false,
  number: extra.number ?? 0,
  level: extra.level ?? 0,
  marker: extra.marker ?? '-',
  content,
});

/** After a detail label and its value, short lines that say more about the same thing ("8 hour shift" / "Monday to Friday"). */
const addsToValue = (line: PostingLine | undefined): line is PostingLine =>
  line?.kind === 'text' &&
  !line.cells &&
  !isDetailLabel(line.text) &&
  !headingText(line) &&
  !splitLabel(line.text) &&
  wordCount(line.text) <= 8 &&
  !endsSentence(line.text);

/** Reads the lines into units: headings, list items, text lines and breaks. */
function toUnits(lines: readonly PostingLine[]): Unit[] {
  const units: Unit[] = [];
  const nextContent = (index: number) => lines.slice(index + 1).find((line) => line.kind !== 'blank');
  const previousContent = (index: number) => {
    for (let at = index - 1; at >= 0; at--) {
      const line = lines[at];
      if (line && line.kind !== 'blank' && line.kind !== 'rule') return line;
    }
    return undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const following = lines[i + 1];
    const lone = (line.pictograph ?? false) && lines[i - 1]?.kind !== 'bullet' && following?.kind !== 'bullet';
    if (line.kind === 'blank' || line.kind === 'rule') units.push({ type: 'break' });
    else if (line.kind === 'heading') units.push({ type: 'heading', level: line.level, text: line.text });
    else if (line.kind === 'numbered')
      units.push(
        item(splitLabel(line.text) ?? { text: line.text }, { ordered: true, number: line.number, level: line.indent >= 2 ? 1 : 0, marker: line.marker }),
      );
    // A single emoji line ("🚀 We're hiring!") is a sentence, not a list.
    else if (line.kind === 'bullet' && lone) units.push({ type: 'text', content: { text: line.text } });
    else if (line.kind === 'bullet')
      units.push(item(line.pictograph ? { text: line.text } : (splitLabel(line.text) ?? { text: line.text }), { level: line.level, marker: line.marker }));
    else if (
      isDetailLabel(line.text) &&
      following?.kind === 'text' &&
      !isDetailLabel(following.text) &&
      !headingText(following) &&
      wordCount(following.text) <= 12
    ) {
      // "Pay" above "$120,000 a year": a job site's details box, one label and value per item.
      units.push(item({ label: line.text, text: following.text }));
      i++;
      while (addsToValue(lines[i + 1])) units.push(item({ text: lines[++i]?.text ?? '' }, { level: 1 }));
    } else if (line.cells && (following?.cells || lines[i - 1]?.cells)) {
      const [first = '', second = '', ...more] = line.cells;
      units.push(item(more.length === 0 ? { label: first, text: second } : { text: line.text, cells: line.cells }));
    } else {
      const heading = headingText(line) ?? (isShortTitle(line, lines[i - 1], nextContent(i), previousContent(i)) ? line.text : undefined);
      units.push(heading === undefined ? textUnit(line.text) : { type: 'heading', level: 2, text: heading });
    }
  }
  return units;
}

/** The sign-off of a letter or e-mail, above the sender's name. */
const SIGN_OFF =
  /^(?:(?:best|kind|warm|many thanks and)(?: regards| wishes)?|regards|thanks|thank you|cheers|sincerely|yours sincerely|mit freundlichen grüßen|viele grüße|beste grüße|cordialement|bien à vous|saludos|un saludo|atentamente)\b[,!.]?/iu;

/**
 * Lines without bullets that are a list: the first lines under a section of duties or skills, or
 * (after the posting's header, whose short lines are its title, company and place) three or more
 * short lines that are not sentences.
 */
function isImplicitList(lines: readonly Inline[], listSection: boolean, pastHeader: boolean): boolean {
  if (lines.length < 2) return false;
  // A signature under a sign-off ("Best regards," / name / title / phone) is not a list.
  if (SIGN_OFF.test(lines[0]?.text ?? '')) return false;
  if (listSection && lines.every((line) => wordCount(line.text) <= 40)) return true;
  return pastHeader && lines.length >= 3 && lines.every((line) => wordCount(`${line.label ?? ''} ${line.text}`) <= 12 && !endsSentence(line.text));
}

/** Groups the units into blocks: items into lists (a new list where the numbering breaks), text runs into paragraphs or lists. */
export function buildBlocks(lines: readonly PostingLine[]): Block[] {
  const blocks: Block[] = [];
  let section = '';
  /** Only the first run under a heading is read by the heading's kind: once the section has a block, its bullets (or their absence) say how it lists. */
  let sectionFresh = false;
  let list: Extract<Block, { type: 'list' }> | undefined;
  let lastNumber = 0;
  let run: Inline[] = [];

  const flushRun = () => {
    if (run.length === 0) return;
    // Label/value lines always read best as a list; other runs by the rule above.
    const labelled = run.length >= 2 && run.every((line) => line.label !== undefined);
    if (labelled || isImplicitList(run, sectionFresh && isListSection(section), section !== ''))
      blocks.push({ type: 'list', ordered: false, start: 1, items: run.map((content) => ({ content, children: [] })) });
    else blocks.push({ type: 'paragraph', lines: run });
    sectionFresh = false;
    run = [];
  };

  for (const unit of toUnits(lines)) {
    if (unit.type === 'break') {
      flushRun();
      continue;
    }
    if (unit.type === 'text') {
      list = undefined;
      run.push(unit.content);
      continue;
    }
    flushRun();
    if (unit.type === 'heading') {
      list = undefined;
      section = unit.text;
      sectionFresh = true;
      blocks.push(unit);
      continue;
    }
    const parent = list?.items.at(-1);
    if (unit.level === 1 && parent && !unit.ordered) {
      parent.children.push(unit.content);
      continue;
    }
    const continuesList =
      list !== undefined && list.ordered === unit.ordered && list.marker === unit.marker && (!unit.ordered || unit.number === lastNumber + 1);
    if (!continuesList || !list) {
      list = { type: 'list', ordered: unit.ordered, start: unit.ordered ? unit.number : 1, items: [], marker: unit.marker };
      blocks.push(list);
    }
    list.items.push({ content: unit.content, children: [] });
    lastNumber = unit.number;
    sectionFresh = false;
  }
  flushRun();
  return blocks;
}
