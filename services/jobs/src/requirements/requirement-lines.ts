/**
 * The requirements a mock interview asks about, taken from a job description's formatted markdown
 * (issue 23). Pure: the same markdown always gives the same lines.
 *
 * Which lines:
 * 1. When the description has sections about the candidate, the lines of its requirement sections
 *    (Requirements, Qualifications, What you'll bring, What we're looking for, Must have, Nice to
 *    have, Skills, Experience, About you, ...) in the order written, then those of its duty sections
 *    (Responsibilities, What you'll do, Tasks, ...): what the candidate must show comes before what
 *    they will do. Every other section (the company, the role's blurb, benefits, pay, how to apply,
 *    equal opportunity) and the text before the first heading are left out. Even there, a field
 *    ("**Salary:** ...", "Location: ...") is no requirement, nor text about pay or applying written
 *    after the list (the formatter leaves a posting's closing lines under its last heading).
 * 2. Otherwise, every list item outside the left-out sections ("About the role" included), except a site's detail fields
 *    ("**Location:** Remote", "Acme · Berlin · Full-time") and lines about pay or applying.
 * 3. Otherwise (no list at all), the sentences of the text outside the left-out sections, with the
 *    same exceptions.
 *
 * Within a section, list items and paragraph sentences are lines; an item ending in a colon takes
 * its nested items in ("Raise the bar: define SLOs; run reviews"), other nested items are lines of
 * their own. Each line is plain text (no markdown, bullets or emoji), spaces collapsed, at most
 * {@link MAX_REQUIREMENT_CHARS} characters; lead-ins ("You will:"), empty lines and the same line
 * said twice are dropped; at most {@link MAX_REQUIREMENT_LINES} lines. Keys number the kept lines
 * from 0: `line:0`, `line:1`, ...
 */
import type { JobRequirement } from '@story/proto';
import { isSectionHeading } from '@story/language';
import { fieldsOf } from '../formatting/offline/line-keys.ts';
import { isDetailLabel } from '../formatting/offline/section-names.ts';
import { readOutline, type OutlineItem, type OutlineSection } from './markdown-outline.ts';
import { sectionKindOf, type SectionKind } from './requirement-sections.ts';
import { capLength, comparableWords, hasWords, isLeadIn, nearlySame, plainText, sentencesOf } from './requirement-text.ts';

/** The most lines a description gives an interview. */
export const MAX_REQUIREMENT_LINES = 40;

/** A line about pay, applying or getting in touch, or a tag: never a requirement when written as text, nor anywhere outside the candidate's sections. */
const NOT_A_REQUIREMENT =
  /[$€£¥]\s?\d|\d\s?(?:k?€|k\b|万円)|\bper (?:annum|year|hour|month)\b|\bsalary\b|\bpay\b|\bapply\b|\b(?:your|every|all) applications?\b|\bdm me\b|https?:\/\/|\S@\S|equal opportunity|#\w/iu;
/** "Call Marta on ...", "call us": an invitation to get in touch (case matters, so not under the flag above). */
const CALL_SOMEONE = /\b[Cc]all (?:\p{Lu}|us\b|\+?\d)/u;
const isAside = (line: string): boolean => NOT_A_REQUIREMENT.test(line) || CALL_SOMEONE.test(line);

/** A field rather than a requirement: its label is a job site's detail ("Salary: ...", "Location: ...") or names a left-out section ("Benefits: ..."). */
function isDetailField(line: string): boolean {
  const label = /^([^:：]{1,40})[:：]\s/u.exec(line)?.[1];
  if (label !== undefined && (isDetailLabel(label) || sectionKindOf(label) === 'excluded')) return true;
  // "Acme · Berlin · Full-time": a line of fields.
  return (fieldsOf(line)?.length ?? 0) >= 3;
}

/** A short cry or question in the text ("Interested?", "Barista wanted!"), not a requirement. */
const isExclamation = (sentence: string): boolean => /[!?！？]$/u.test(sentence) && comparableWords(sentence).length < 4;

interface KindedSection {
  section: OutlineSection;
  kind: SectionKind;
}

/**
 * Each section's kind; a heading we do not know takes the kind of the heading it sits under (a
 * `###` under `## Requirements`, or "You will:" under "Responsibilities").
 */
function kindsOf(sections: readonly OutlineSection[]): KindedSection[] {
  const open: { level: number; implied: boolean; kind: SectionKind }[] = [];
  return sections.map((section) => {
    if (section.heading === undefined) return { section, kind: 'unknown' };
    // A line standing as a heading never holds a `#` heading under it.
    const closes = (top: { level: number; implied: boolean }) => top.level >= section.level || (top.implied && !section.implied);
    while (open.length && closes(open[open.length - 1] ?? { level: 0, implied: false })) open.pop();
    const own = sectionKindOf(section.heading);
    const kind = own === 'unknown' ? (open[open.length - 1]?.kind ?? 'unknown') : own;
    open.push({ level: section.level, implied: section.implied, kind });
    return { section, kind };
  });
}

/** An item's lines: the item itself, with its nested items folded in when it ends in a colon. */
function itemLines(item: OutlineItem): string[] {
  const text = plainText(item.text);
  const children = item.children.map(plainText).filter(hasWords);
  if (children.length && /[:：]$/u.test(text)) return [`${text} ${children.join('; ')}`];
  return [text, ...children];
}

/** The list items of sections, fields left out. */
const itemsOf = (sections: readonly OutlineSection[]): string[] =>
  sections.flatMap((section) => section.blocks.flatMap((block) => (block.kind === 'item' ? itemLines(block.item) : []))).filter((line) => !isDetailField(line));

/** The sentences of sections' text, fields, asides about pay or applying, and short cries left out. */
const sentencesIn = (sections: readonly OutlineSection[]): string[] =>
  sections
    .flatMap((section) => section.blocks.flatMap((block) => (block.kind === 'text' ? sentencesOf(plainText(block.text)) : [])))
    .filter((line) => !isDetailField(line) && !isAside(line) && !isExclamation(line));

/** A candidate section's lines: its items (fields left out) and the sentences of its text, in the order written. */
const sectionLines = (section: OutlineSection): string[] =>
  section.blocks.flatMap((block) => {
    const one = { ...section, blocks: [block] };
    return block.kind === 'item' ? itemsOf([one]) : sentencesIn([one]);
  });

/** Without candidate sections: the list items outside the left-out sections, else the sentences of their text. */
function fallbackLines(kinded: readonly KindedSection[]): string[] {
  const kept = kinded.filter((entry) => entry.kind !== 'excluded').map((entry) => entry.section);
  const items = itemsOf(kept).filter((line) => !isAside(line));
  return items.length ? items : sentencesIn(kept);
}

/** Plain, capped, with lead-ins, empty lines and repeats dropped, at most the limit. */
function tidy(lines: readonly string[]): string[] {
  const kept: { text: string; words: string[] }[] = [];
  for (const line of lines) {
    const text = capLength(line.replace(/\s+/gu, ' ').trim());
    // A section's heading standing as a line of text ("What You Bring") is no requirement (issue 38, 4).
    if (!hasWords(text) || isLeadIn(text) || isSectionHeading(text)) continue;
    const words = comparableWords(text);
    if (kept.some((other) => nearlySame(other.words, words))) continue;
    kept.push({ text, words });
    if (kept.length === MAX_REQUIREMENT_LINES) break;
  }
  return kept.map((line) => line.text);
}

/** The requirement lines of a job description's formatted markdown, keyed `line:<n>` in order. */
export function requirementLines(formattedContent: string): JobRequirement[] {
  const kinded = kindsOf(readOutline(formattedContent));
  const of = (kind: SectionKind) => kinded.filter((entry) => entry.kind === kind).flatMap((entry) => sectionLines(entry.section));
  const candidate = tidy([...of('requirement'), ...of('duty')]);
  // Candidate sections with nothing in them (a heading left empty) count as none.
  const lines = candidate.length ? candidate : tidy(fallbackLines(kinded));
  return lines.map((text, index) => ({ key: `line:${index}`, text }));
}
