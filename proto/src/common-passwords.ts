/**
 * The common-password rule (OWASP ASVS 6.2.4): a new password is refused when it is one of the most
 * common breached passwords with digits, symbols, case or leetspeak added, a keyboard or alphabet
 * sequence, one character repeated, or mostly spaces. The server applies it at sign-up and password
 * change; the web loads this module (and its list) only on the sign-up details step.
 */
import { COMMON_PASSWORD_LIST } from './common-password-list.ts';
import { decorationLengths, foldLookalikes, hasLetter, stripDecoration } from './password-folding.ts';
import { MESSAGES, PASSWORD_MIN_LENGTH } from './validation.ts';

const COMMON = new Set(COMMON_PASSWORD_LIST.split(' '));

/** Shortest piece of a password compared with the list or the sequences; shorter ones match too much. */
const SHORTEST_COMPARED = 4;
/** How many decoration characters at either end are tried on and off (`Password2024!!` → `password`). */
const DECORATION_CUTS = 8;

/** Rows, columns and runs that people type as passwords; each is also refused backwards. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiop',
  'azertyuiop',
  'qazwsxedcrfvtgbyhnujmikolp',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  '1q2w3e4r5t6y7u8i9o0p',
  '!@#$%^&*()_+',
];
const ALL_SEQUENCES = SEQUENCES.flatMap((sequence) => [sequence, [...sequence].reverse().join('')]);

/** A run of a keyboard row, the alphabet or the digits (`qwerty`, `abcdefg`, `87654321`). */
function isSequence(text: string): boolean {
  return text.length >= SHORTEST_COMPARED && ALL_SEQUENCES.some((sequence) => sequence.includes(text) || sequence.includes(foldLookalikes(text)));
}

/** One to three characters over and over (`aaaa`, `abab`, `1!1!1!`). */
function isRepetition(text: string): boolean {
  for (let unit = 1; unit <= 3; unit++) {
    if (text.length < Math.max(SHORTEST_COMPARED, 2 * unit)) continue;
    let repeats = true;
    for (let index = unit; index < text.length && repeats; index++) repeats = text[index] === text[index - unit];
    if (repeats) return true;
  }
  return false;
}

const isPredictable = (text: string) => isSequence(text) || isRepetition(text) || COMMON.has(text);

/** How much of a decoration of this length to take off: none, a little, up to DECORATION_CUTS, or all of it. */
function cutPoints(decorationLength: number): Set<number> {
  const cuts = new Set([decorationLength]);
  for (let cut = 0; cut <= Math.min(decorationLength, DECORATION_CUTS); cut++) cuts.add(cut);
  return cuts;
}

/** The list check for a password with letters: the word with any of its decoration taken off, leetspeak folded. */
function containsListedWord(text: string): boolean {
  const { leading, trailing } = decorationLengths(text);
  for (const start of cutPoints(leading)) {
    for (const end of cutPoints(trailing)) {
      const middle = text.slice(start, text.length - end);
      if (middle.length >= SHORTEST_COMPARED && COMMON.has(foldLookalikes(middle))) return true;
    }
  }
  return false;
}

/** Whether a password is too easy to guess (see the module comment); the specification's own rules are checked apart. */
export function isTooCommonPassword(password: string): boolean {
  const text = password.trim().toLowerCase();
  const compact = text.replace(/\s+/g, '');
  // Spaces do not make a short password any harder to guess.
  if (compact.length < PASSWORD_MIN_LENGTH) return true;
  const digits = compact.replace(/\D/g, '');
  const others = compact.replace(/\d/g, '');

  if (!hasLetter(text)) {
    return [compact, digits, others].some((part) => part.length >= SHORTEST_COMPARED && isPredictable(part));
  }

  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length > 1 && new Set(letters).size === 1) return true;
  if (containsListedWord(text)) return true;
  const word = stripDecoration(compact);
  if (isSequence(word) || isRepetition(word)) return true;
  // A letter or two around a run of digits is guessed by the digits (`a1234567!`).
  return word.length < SHORTEST_COMPARED && digits.length >= SHORTEST_COMPARED && isPredictable(digits);
}

/** The message for a new password (sign-up, password change) that is too common, or undefined when it is not. */
export function commonPasswordError(password: string): string | undefined {
  return isTooCommonPassword(password) ? MESSAGES.passwordTooCommon : undefined;
}
