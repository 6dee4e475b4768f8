/** How a pasted line is compared against the formatter's word lists, and read as a line of fields. */

/** How a line compares against a word list: lower case, single spaces, no arrows, counts or closing colon around it. */
export function buttonKey(line: string): string {
  return line
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[\s›»→>‹«←<]+|[\s›»→>‹«←<:]+$/g, '')
    .replace(/\s*\(\d+\)$/u, '')
    .trim();
}

/** Separators of a line of fields ("Berlin · 2 weeks ago · Over 100 applicants", "1w • Edited •"). */
const FIELD_SEPARATOR = /\s+[·•|]\s+|\s+[·•|]$/u;

/** The fields of a line written as fields, or undefined for a line that is not. */
export function fieldsOf(line: string): string[] | undefined {
  if (!FIELD_SEPARATOR.test(line)) return undefined;
  return line
    .split(/\s*[·•|]\s*/u)
    .map((field) => field.trim())
    .filter(Boolean);
}

/** A connection degree on a person's card ("2nd", "3rd+"), which marks the whole line as the card. */
export const CONNECTION_DEGREE = /^(?:1st|2nd|3rd\+?|\d+th\+?)$/i;
