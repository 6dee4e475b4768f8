/**
 * Dates as résumés write them ("Jan 2020 – Present", "01/2020 – 03/2022", "2019–2021", "Summer 2017",
 * "03.2019 - 11.2021"), found in a line and read as `YYYY-MM` or `YYYY` (`end` null for "Present").
 */

const MONTHS: readonly (readonly string[])[] = [
  ['jan', 'january', 'janv', 'janvier', 'januar', 'enero', 'ene'],
  ['feb', 'february', 'févr', 'fevr', 'février', 'februar', 'febrero'],
  ['mar', 'march', 'mars', 'märz', 'marz', 'marzo'],
  ['apr', 'april', 'avr', 'avril', 'abril'],
  ['may', 'mai', 'mayo'],
  ['jun', 'june', 'juin', 'juni', 'junio'],
  ['jul', 'july', 'juil', 'juillet', 'juli', 'julio'],
  ['aug', 'august', 'août', 'aout', 'agosto'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre'],
  ['oct', 'october', 'octobre', 'oktober', 'octubre', 'okt'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'december', 'déc', 'decembre', 'décembre', 'dezember', 'diciembre', 'dez'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)));
const MONTH_WORD = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');
const SEASON = 'spring|summer|fall|autumn|winter';
const PRESENT = "present|current|currently|now|today|to date|ongoing|heute|aujourd['’]hui|actuel|presente|actualidad";

// One point in time: "Jan 2020", "January, 2020", "01/2020", "2020-01", "03.2019", "Summer 2017", "2019".
const POINT = `(?:(?:${MONTH_WORD})\\.?,?\\s+(?:19|20)\\d{2}|(?:${SEASON})\\s+(?:19|20)\\d{2}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*(?:19|20)\\d{2}|(?:19|20)\\d{2}\\s*[-/.]\\s*(?:0[1-9]|1[0-2])(?!\\d)|(?:19|20)\\d{2})`;
const SEPARATOR = '\\s*(?:-|–|—|−|to|until|till|through|thru|bis|à|au|a)\\s*';
const RANGE = new RegExp(`(?<![\\w/.-])(${POINT})(?:${SEPARATOR}(${POINT}|${PRESENT}))?(?![\\w/])`, 'i');
const PRESENT_ONLY = new RegExp(`^(?:${PRESENT})$`, 'i');

/** A date range found in a line: the words as written, where they were, and the normalised ends. */
export interface FoundDates {
  written: string;
  index: number;
  start: string | null;
  end: string | null;
}

/** Reads one point ("Sept. 2018", "03/2019", "2020-01", "Summer 2017", "2019") as `YYYY-MM` or `YYYY`. */
export function normaliseDatePoint(text: string): string | null {
  const point = text.trim().toLowerCase();
  let match = /^([a-zéûä']+)\.?,?\s+((?:19|20)\d{2})$/.exec(point);
  if (match?.[1] && match[2]) {
    const month = MONTH_OF.get(match[1]);
    if (month) return `${match[2]}-${String(month).padStart(2, '0')}`;
    if (new RegExp(`^(?:${SEASON})$`).test(match[1])) return match[2];
    return null;
  }
  match = /^(0?[1-9]|1[0-2])\s*[/.]\s*((?:19|20)\d{2})$/.exec(point);
  if (match?.[1] && match[2]) return `${match[2]}-${match[1].padStart(2, '0')}`;
  match = /^((?:19|20)\d{2})\s*[-/.]\s*(0[1-9]|1[0-2])$/.exec(point);
  if (match?.[1] && match[2]) return `${match[1]}-${match[2]}`;
  match = /^((?:19|20)\d{2})$/.exec(point);
  return match?.[1] ?? null;
}

/**
 * The first date range (or single date) in a line. A lone date is both start and end; "Present",
 * "Current" or "Now" as the end is null.
 */
export function findDates(line: string): FoundDates | null {
  const match = RANGE.exec(line);
  if (!match?.[1]) return null;
  const start = normaliseDatePoint(match[1]);
  if (!start) return null;
  const second = match[2];
  const end = second === undefined ? start : PRESENT_ONLY.test(second.trim()) ? null : normaliseDatePoint(second);
  return { written: match[0].trim(), index: match.index, start, end };
}

/** Whether a line is nothing but dates (and the punctuation around them). */
export function isOnlyDates(line: string): boolean {
  const found = findDates(line);
  if (!found) return false;
  return line.replace(found.written, '').replace(/[\s|,;:()[\]–—-]/g, '') === '';
}
