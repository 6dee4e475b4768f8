/**
 * Text of a posting written as markdown that renders to exactly the same words: characters markdown
 * would read as syntax are escaped, raw HTML never passes, and emphasis is recovered from what
 * postings use for it (bold or italic letters of social posts, `**bold**` kept when it is balanced).
 */

const MATH_CHAR = /[\u{1D400}-\u{1D7FF}]/u;
const MATH_RUN = /[\u{1D400}-\u{1D7FF}](?:[\u{1D400}-\u{1D7FF}'’&.,!?:\- ]{0,400}[\u{1D400}-\u{1D7FF}!?])?/gu;

type Emphasis = 'bold' | 'italic' | 'none';

/** Bold and italic blocks of U+1D400–U+1D7FF (serif, sans-serif, Greek and digits); script, fraktur and monospace are plain. */
const MATH_STYLES: readonly (readonly [number, number, Emphasis])[] = [
  [0x1d400, 0x1d433, 'bold'],
  [0x1d434, 0x1d467, 'italic'],
  [0x1d468, 0x1d49b, 'bold'],
  [0x1d4d0, 0x1d503, 'bold'],
  [0x1d56c, 0x1d59f, 'bold'],
  [0x1d5d4, 0x1d607, 'bold'],
  [0x1d608, 0x1d63b, 'italic'],
  [0x1d63c, 0x1d66f, 'bold'],
  [0x1d6a8, 0x1d6e1, 'bold'],
  [0x1d6e2, 0x1d71b, 'italic'],
  [0x1d71c, 0x1d7c9, 'bold'],
  [0x1d7ce, 0x1d7d7, 'bold'],
  [0x1d7ec, 0x1d7f5, 'bold'],
];

function mathStyle(run: string): Emphasis {
  const counts: Record<Emphasis, number> = { bold: 0, italic: 0, none: 0 };
  for (const char of run) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x1d400) continue;
    const style = MATH_STYLES.find(([from, to]) => code >= from && code <= to)?.[2] ?? 'none';
    counts[style] += 1;
  }
  if (counts.bold >= counts.italic && counts.bold >= counts.none) return 'bold';
  return counts.italic >= counts.none ? 'italic' : 'none';
}

/** A line written entirely in the bold or italic letters of social posts ("𝗪𝗵𝗮𝘁 𝘆𝗼𝘂'𝗹𝗹 𝗱𝗼"). */
export function isMathAlphanumericLine(text: string): boolean {
  if (!MATH_CHAR.test(text)) return false;
  for (const char of text) if (/[\p{L}\p{N}]/u.test(char) && !MATH_CHAR.test(char)) return false;
  return true;
}

/** The plain letters of bold or italic math letters ("𝗦𝗮𝗹𝗮𝗿𝘆" → "Salary"); the words stay the same under NFKC. */
export const plainLetters = (text: string): string => text.replace(/[\u{1D400}-\u{1D7FF}]/gu, (char) => char.normalize('NFKC'));

/** Backslash escapes already in the text (`\*`) stay; a backslash before anything else is a character of its own. */
const ESCAPE = /\\([!-/:-@[-`{-~])|([\\*_`[\]<])|&(?=#?[a-z0-9]{1,32};)/giu;

/** Escapes what markdown would read as syntax inside a line: emphasis marks, code, links, HTML, entities. */
export function escapeInline(text: string): string {
  return text.replace(ESCAPE, (match: string, escaped: string | undefined, special: string | undefined) => {
    if (escaped) return match;
    if (special) return `\\${special}`;
    return '\\&';
  });
}

/**
 * Markdown already written and well formed, kept as it is: code spans, links to http(s) or mailto
 * (anything else, `javascript:` included, stays text), and balanced emphasis.
 */
const WRITTEN_MARKDOWN = new RegExp(
  [
    /`([^`\n]{1,200})`/u.source,
    /\[([^\]\n]{1,200})\]\(((?:https?:\/\/|mailto:)[^\s()<>]{1,500})\)/u.source,
    /\*\*(?=\S)([^*\n]{1,300}?)(?<=\S)\*\*/u.source,
    /__(?=\S)([^_\n]{1,300}?)(?<=\S)__/u.source,
    /(?<![\p{L}\p{N}*\\])\*(?=[^\s*])([^*\n]{1,300}?)(?<=[^\s*\\])\*(?![\p{L}\p{N}*])/u.source,
    /(?<![\p{L}\p{N}_\\])_(?=[^\s_])([^_\n]{1,300}?)(?<=[^\s_])_(?![\p{L}\p{N}_])/u.source,
  ].join('|'),
  'gu',
);

const wrap = (text: string, emphasis: Emphasis): string => {
  const escaped = escapeInline(text);
  if (emphasis === 'bold') return `**${escaped}**`;
  if (emphasis === 'italic') return `*${escaped}*`;
  return escaped;
};

function writtenMarkdown(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(WRITTEN_MARKDOWN)) {
    const index = match.index ?? 0;
    out += escapeInline(text.slice(at, index));
    const [whole, code, linkText, linkUrl, bold, boldUnderscore, italic, italicUnderscore] = match;
    if (code !== undefined) out += whole;
    else if (linkText !== undefined && linkUrl !== undefined) out += `[${escapeInline(linkText)}](${linkUrl})`;
    else if (bold !== undefined || boldUnderscore !== undefined) out += wrap(bold ?? boldUnderscore ?? '', 'bold');
    else out += wrap(italic ?? italicUnderscore ?? '', 'italic');
    at = index + whole.length;
  }
  return out + escapeInline(text.slice(at));
}

/** One line of text as markdown: escaped, with its emphasis recovered. */
export function inlineMarkdown(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(MATH_RUN)) {
    const index = match.index ?? 0;
    out += writtenMarkdown(text.slice(at, index));
    out += wrap(plainLetters(match[0]), mathStyle(match[0]));
    at = index + match[0].length;
  }
  return out + writtenMarkdown(text.slice(at));
}

/**
 * Escapes what markdown would read as a block at the start of a rendered line: a heading or quote
 * mark, a list marker ("- ", "3. "), a setext underline, a code fence.
 */
export function escapeLineStart(line: string): string {
  if (/^[=-]+\s*$/u.test(line)) return `\\${line}`;
  return line
    .replace(/^([#>+]|~{3})/u, '\\$1')
    .replace(/^-(?=\s|$)/u, '\\-')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/u, '$1\\$2');
}
