/**
 * Small facts about the text of a pasted posting: how it is normalised, and what a line's words,
 * case and ending say about it. Every test is Unicode-aware (postings come in every language).
 */

/** Invisible characters that only get in the way (zero-width spaces and joiners, BOM, soft hyphen). */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
/** Spaces other than the plain one (no-break, thin, ideographic ...). */
const ODD_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

/** A markdown hard break at the end of a line (one unescaped backslash): the line break itself says as much. */
const withoutHardBreak = (line: string): string => ((/\\+$/.exec(line)?.[0].length ?? 0) % 2 === 1 ? line.slice(0, -1).trimEnd() : line);

/**
 * Plain line breaks, no invisible characters, plain spaces, no trailing blanks or hard-break
 * backslashes; tabs are kept (they separate table cells).
 */
export function normalizePosting(text: string): string[] {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(INVISIBLE, '')
    .replace(ODD_SPACES, ' ')
    .split('\n')
    .map((line) => withoutHardBreak(line.replace(/[ \t]+$/, '')));
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text (letters, marks and digits), in order. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** How many words a text has. */
export const wordCount = (text: string): number => wordsOf(text).length;

/** Ends a sentence: a full stop, question or exclamation mark (also after a closing quote or bracket). */
export const endsSentence = (text: string): boolean => /[.!?…。！？]["'”’)\]]?$/u.test(text);

/** Ends a clause the next line cannot be a continuation of (a sentence, or a lead-in colon or semicolon). */
export const endsClause = (text: string): boolean => endsSentence(text) || /[:;：；]$/u.test(text);

/** Starts with a lower-case letter that is not the start of a brand like "iOS" or "eBay". */
export const startsLowercase = (text: string): boolean => /^\p{Ll}(?!\p{Lu})/u.test(text);

/** Letters present, and none of them lower case ("WHAT YOU'LL DO", "ÜBER UNS"). */
export function isAllCaps(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4 && wordCount(text) < 2) return false;
  return letters.length >= 2 && letters.every((letter) => !/\p{Ll}/u.test(letter)) && letters.some((letter) => /\p{Lu}/u.test(letter));
}

/** Has a letter of a script with case (Latin, Greek, Cyrillic ...): lines without one (CJK) get no case rules. */
export const hasCasedLetter = (text: string): boolean => /[\p{Lu}\p{Ll}]/u.test(text);

/**
 * Words after which a sentence cannot end, so a line that stops on one was broken mid-sentence
 * ("Experience with Kubernetes and" / "AWS"). English, German, French and Spanish.
 */
const OPEN_ENDINGS = new Set(
  (
    'a an the and or nor but of to with without for in on at by from into onto over under about as than our your their its his her my ' +
    'is are was were be been will would can could should must may that which who whom whose where when while if both either ' +
    'before after until within including via per such like across between through toward towards around ' +
    'und oder der die das den dem des ein eine einen einem einer mit für von zu im am auf aus bei nach über unter sowie ' +
    'et ou de des du la le les un une au aux avec pour dans sur par en ' +
    'y o el los las del al con para por en un una sus'
  ).split(' '),
);

/** The line stops where a sentence cannot: on a comma, a joining sign or an open word. */
export function endsOpen(text: string): boolean {
  if (/[,&/+(–-]$/u.test(text) && !/\s[–-]$/u.test(text)) return true;
  // Only a word written in lower case: "Plan A" ends a line, "a" does not.
  const last = /([\p{L}]+)$/u.exec(text)?.[1];
  return last !== undefined && OPEN_ENDINGS.has(last);
}
