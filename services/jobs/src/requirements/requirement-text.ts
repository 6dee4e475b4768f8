/**
 * One requirement line as plain text: markdown marks, leading bullets and emoji gone, spaces
 * collapsed, cut to a length an interviewer can quote; and how two lines are compared for sameness.
 */

/** The longest a requirement line may be (cut at a word, with an ellipsis). */
export const MAX_REQUIREMENT_CHARS = 300;

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/gu;
/** Bullets, arrows, ticks, emoji and the like before the words ("✅ Build", "👉 Python", "• SQL"). */
const LEADING_MARKS = /^(?:[\s\p{Extended_Pictographic}\p{So}\-–—*+•·▪◦‣●○■□➤►▶>~=|]|\u{FE0F}|\u{200D}|\u{20E3}|\d{1,2}[.)](?=\s))+/u;

/** Markdown written as plain text: links to their words, emphasis and code marks dropped, escapes undone, no HTML tags. */
export function plainText(markdown: string): string {
  return markdown
    .replace(INVISIBLE, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()\s]*\))*\)/gu, '$1')
    .replace(/<(https?:\/\/[^>\s]+|mailto:[^>\s]+)>/gu, '$1')
    .replace(/(?<!\\)`+([^`]*)`+/gu, '$1')
    .replace(/(?<!\\)(\*\*|__)(?=\S)(.+?)(?<=\S)\1/gu, '$2')
    .replace(/(?<![\\\p{L}\p{N}*])\*(?=[^\s*])([^*]+?)(?<=[^\s*\\])\*(?![\p{L}\p{N}*])/gu, '$1')
    .replace(/(?<![\\\p{L}\p{N}_])_(?=[^\s_])([^_]+?)(?<=[^\s_\\])_(?![\p{L}\p{N}_])/gu, '$1')
    .replace(/(?<!\\)~~(.+?)~~/gu, '$1')
    .replace(/(?<!\\)<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?>/giu, ' ')
    .replace(/\\([!-/:-@[-`{-~])/gu, '$1')
    .replace(/\s*\|\s*/gu, ' | ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/\s*\|$/u, '')
    .replace(LEADING_MARKS, '')
    .trim();
}

/** The line cut to `max` characters at a word boundary, ending in "…" when cut. */
export function capLength(text: string, max = MAX_REQUIREMENT_CHARS): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const atWord = head.replace(/\s+\S*$/u, '');
  return `${(atWord.length >= max / 2 ? atWord : head).replace(/[\s,;:–-]+$/u, '')}…`;
}

/** Has something to say: at least two letters or digits. */
export const hasWords = (text: string): boolean => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;

/** A lead-in rather than a requirement ("You will:", "Bonus points if you have:"). */
export const isLeadIn = (text: string): boolean => /[:：]$/u.test(text) && text.length <= 100;

/**
 * The sentences of a paragraph, split after `.`, `!` or `?` before an upper-case letter, a digit or
 * a quote ("3 a.m. on a Sunday" stays whole), and after `。！？` (no space needed).
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’)\]]?)\s+(?=[\p{Lu}\p{N}"“'‘(¿¡])|(?<=[。！？])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The words of a line for comparing: lower case, compatibility forms folded, letters and digits only. */
export function comparableWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/**
 * The same line said twice: the same words in the same order, or (for lines of four words or more)
 * nine in ten of their distinct words shared ("Experience with Kafka, PostgreSQL and Kubernetes" and
 * "Experience with PostgreSQL, Kafka and Kubernetes").
 */
export function nearlySame(a: readonly string[], b: readonly string[]): boolean {
  if (a.join(' ') === b.join(' ')) return true;
  if (a.length < 4 || b.length < 4) return false;
  const left = new Set(a);
  const right = new Set(b);
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared) >= 0.9;
}
