/**
 * The labels found inside a flattened line (inline-lists.ts): section names and list lead-ins written
 * with a colon, before an inline bullet or dash, or in capitals.
 */
import { isSectionName } from './section-names.ts';
import { wordCount } from './posting-text.ts';

/** A section name or a list's lead-in found inside a line. */
export interface Label {
  start: number;
  end: number;
  name: string;
  /** Written with a colon ("Requirements:"), or standing before an inline bullet ("Benefits •"). */
  colon: boolean;
}

/** Section names that may close an item's text without a colon ("… design docs Benefits • …"): single words only these. */
// prettier-ignore
export const SINGLE_WORD_TAILS = new Set([
  'responsibilities', 'requirements', 'qualifications', 'benefits', 'perks', 'duties', 'skills', 'aufgaben', 'anforderungen', 'missions', 'avantages',
  'requisitos', 'responsabilidades', 'beneficios',
]);

export const startsUpper = (word: string): boolean => /^[\p{Lu}\p{Lo}]/u.test(word);

/**
 * The words just before `at` that could be a label: back to the start, a sentence's end, a
 * semicolon or an inline separator, at most six.
 */
export function wordsBefore(text: string, at: number): { words: string[]; starts: number[] } {
  const words: string[] = [];
  const starts: number[] = [];
  const pattern = /\S+/gu;
  const all = [...text.slice(0, at).matchAll(pattern)];
  for (let index = all.length - 1; index >= 0 && words.length < 6; index--) {
    const match = all[index];
    if (!match) break;
    const word = match[0];
    if (/^[-–•●▪]$/u.test(word) || /[.!?;,•)]$/u.test(word)) break;
    words.unshift(word);
    starts.unshift(match.index ?? 0);
  }
  return { words, starts };
}

/**
 * The longest section name ending the words (its first word capitalised, and either all the
 * words or after a word in lower case, so "Competitive Salary" is not "Salary").
 */
export function sectionNameEnding(
  words: readonly string[],
  starts: readonly number[],
  singleWords: (name: string) => boolean,
): { name: string; start: number } | undefined {
  for (let from = 0; from < words.length; from++) {
    const name = words.slice(from).join(' ');
    const first = words[from] ?? '';
    if (!startsUpper(first) || !isSectionName(name)) continue;
    if (from > 0 && startsUpper(words[from - 1] ?? '')) continue;
    if (from > 0 && words.length - from === 1 && !singleWords(name)) continue;
    return { name, start: starts[from] ?? 0 };
  }
  return undefined;
}

/** Section names written with a colon, and lead-ins whose colon opens a list ("Your day-to-day: - …"). */
export function colonLabels(text: string): Label[] {
  const labels: Label[] = [];
  for (const match of text.matchAll(/[:：](?=\s|$)/gu)) {
    const at = match.index ?? 0;
    const { words, starts } = wordsBefore(text, at);
    if (words.length === 0) continue;
    const section = sectionNameEnding(words, starts, () => true);
    if (section) {
      labels.push({ start: section.start, end: at + 1, name: section.name, colon: true });
      continue;
    }
    const rest = text.slice(at + 1).trimStart();
    const opensList = LIST_START.test(rest) || splitOutsideBrackets(sentencesOf(rest)[0] ?? '', ';').length >= 3;
    const leadIn = words.join(' ');
    if (opensList && wordCount(leadIn) <= 8 && startsUpper(words[0] ?? '') && (starts[0] === 0 || /[.!?;]\s*$/u.test(text.slice(0, starts[0])))) {
      labels.push({ start: starts[0] ?? 0, end: at + 1, name: leadIn, colon: true });
    }
  }
  return labels;
}

/** Spaced dashes between items ("Key Responsibilities - Prepare … - Reconcile … - Support …"): three or more, or two after a section name. */
export const INLINE_DASH = /\s[-–]\s/gu;

/**
 * Section names without a colon right before an inline bullet or dash ("What you'll be doing • …",
 * "… experiments What we're looking for • …").
 */
export function bulletLabels(text: string): Label[] {
  const labels: Label[] = [];
  const dashes = [...text.matchAll(INLINE_DASH)];
  const opensWithSection = isSectionName(text.slice(0, dashes[0]?.index ?? 0).trim());
  const separators = [...text.matchAll(INLINE_BULLET), ...(dashes.length >= 3 || (dashes.length === 2 && opensWithSection) ? dashes : [])];
  for (const match of separators) {
    const at = match.index ?? 0;
    const { words, starts } = wordsBefore(text, at);
    const section = sectionNameEnding(words, starts, (name) => SINGLE_WORD_TAILS.has(name.toLowerCase()));
    if (section) labels.push({ start: section.start, end: section.start + section.name.length, name: section.name, colon: false });
  }
  return labels;
}

/** A section name in capitals without a colon ("… by Friday. REQUIREMENTS 5 years …"). */
export function capitalLabels(text: string): Label[] {
  const labels: Label[] = [];
  for (const match of text.matchAll(/(?<=^|[.!?;]\s+|\s)\p{Lu}[\p{Lu}'’&-]*(?:\s+\p{Lu}[\p{Lu}'’&-]*){0,4}(?=\s+\S)/gu)) {
    const words = match[0].split(/\s+/u);
    for (let count = words.length; count >= 1; count--) {
      const name = words.slice(0, count).join(' ');
      if (name.length < 4 || !isSectionName(name)) continue;
      const start = match.index ?? 0;
      labels.push({ start, end: start + name.length, name, colon: false });
      break;
    }
  }
  return labels;
}

/** The labels of a line, in order, without overlaps. */
export function labelsOf(text: string): Label[] {
  const labels = [...colonLabels(text), ...bulletLabels(text), ...capitalLabels(text)].sort((a, b) => a.start - b.start);
  return labels.filter((label, index) => index === 0 || label.start >= (labels[index - 1]?.end ?? 0));
}

export const INLINE_BULLET = /\s*[•●▪]\s*/gu;

/** What starts a list right after a lead-in's colon. */
export const LIST_START = /^(?:[-–•●▪]\s|\(?1[.)]\s)/u;

/** Words after which a full stop does not end a sentence. */
// prettier-ignore
export const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'incl', 'approx', 'inc', 'ltd', 'co', 'dr', 'mr', 'ms', 'mrs', 'st', 'vs', 'no', 'z.b', 'bzw', 'ca', 'usw',
]);

/** Splits on `separator` outside brackets. */
export function splitOutsideBrackets(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The sentences of a text (a full stop after an abbreviation or an initial does not end one). */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let from = 0;
  for (const match of text.matchAll(/[.!?](?=\s+[\p{Lu}\p{N}])/gu)) {
    const at = match.index ?? 0;
    const word = /(\S+)$/u.exec(text.slice(from, at))?.[1] ?? '';
    if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)) continue;
    sentences.push(text.slice(from, at + 1).trim());
    from = at + 1;
  }
  sentences.push(text.slice(from).trim());
  return sentences.filter(Boolean);
}
