/**
 * How a password is reduced before it is compared with the list of common passwords, so that
 * `P@ssw0rd1!`, `PASSWORD` and `password` are one password: lower case, digits and symbols around
 * the letters taken off, and look-alike characters folded together. The list is stored already
 * reduced the same way (`scripts/build-common-password-list.ts`).
 */

/** Leetspeak and look-alikes: 0→o, 1 and l→i, 3→e, 4 and @→a, 5 and $→s, 7→t. */
const LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', l: 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't' };

/** Folds look-alike characters together so that leetspeak compares equal to the word. */
export function foldLookalikes(text: string): string {
  return text.replace(/[0134579@$l]/g, (character) => LOOKALIKES[character] ?? character);
}

/** Whether the text has at least one letter (of any script). */
export function hasLetter(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** How many characters at the start, and at the end, are not letters (digits, symbols, spaces). */
export function decorationLengths(text: string): { leading: number; trailing: number } {
  const leading = /^[^\p{L}]*/u.exec(text)?.[0].length ?? 0;
  const trailing = /[^\p{L}]*$/u.exec(text)?.[0].length ?? 0;
  return { leading, trailing };
}

/** The text between its first and last letter: `!!password123` → `password`. */
export function stripDecoration(text: string): string {
  return text.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');
}

/** The form a list entry is stored in: reduced like a password; entries without letters (`123456`) stay as they are. */
export function canonicalListEntry(entry: string): string {
  const lower = entry.trim().toLowerCase();
  return hasLetter(lower) ? foldLookalikes(stripDecoration(lower)) : lower;
}
