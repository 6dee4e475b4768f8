/**
 * The job site's blocks around a posting, found by the line that opens them: a recruiter or
 * hiring-team card ("Meet the hiring team" / "Jana K." / "2nd" / "Engineering Manager at …"),
 * a board's insight widgets ("Profile insights", "Hiring Insights"), an application form, the other
 * jobs listed after the posting ("Similar jobs", "People also viewed"), a company card's counts and
 * an e-mail's headers. Each block ends where the posting's own text resumes: a section name, a
 * sentence, a longer line.
 */
import { isSectionName } from './section-names.ts';
import { CONNECTION_DEGREE, fieldsOf } from './line-keys.ts';

/** Names of job sites and networks: on a line of their own they are a logo or a share link at the top or bottom of the paste, or next to other junk. */
export const SITE_NAMES = new Set(
  [
    'linkedin',
    'indeed',
    'glassdoor',
    'wellfound',
    'angellist',
    'angellist talent',
    'otta',
    'welcome to the jungle',
    'stepstone',
    'xing',
    'monster',
    'ziprecruiter',
    'greenhouse',
    'lever',
    'workday',
    'smartrecruiters',
    'dice',
    'built in',
    'jobs.ch',
    'reed',
    'totaljobs',
    'ashby',
    'workable',
    'personio',
    'teamtailor',
    'recruitee',
    'bamboohr',
    'jobvite',
    'icims',
    'taleo',
    'successfactors',
  ].map((name) => name.toLowerCase()),
);

const wordsIn = (line: string): number => line.split(/\s+/).filter(Boolean).length;

/** Ends a sentence, unless it is a name's initial ("Jana K."). */
const endsSentence = (line: string): boolean => /[.!?]$/u.test(line) && !/(?:^|\s)\p{Lu}\.$/u.test(line);

/** Opens a person's card: the people to contact about the job. */
const CARD_START = new Set(['meet the hiring team', 'people you can reach out to', 'hiring contact', 'contact the job poster', 'job poster']);
/** Opens a job board's widget about the person or the hiring. */
const WIDGET_START = new Set(['profile insights', 'hiring insights', 'job activity']);
/** A widget's own sub-headings, which do not end it. */
const WIDGET_HEADINGS = new Set(['skills', 'licenses', 'licences', 'certifications', 'education', 'languages']);
/** Opens the list of other jobs. */
const OTHER_JOBS =
  /^(?:similar jobs|people also viewed|jobs you may be interested in|more jobs like this|jobs like this|recommended jobs|related jobs|similar searches|explore more jobs|other jobs you may like|more jobs (?:from|at) .+|other jobs at .+)$/;
/** Opens an application form. */
const FORM_START = /^(?:[*✱]\s*indicates a required field|submit your application)$/;
/** An e-mail header that names people and times, not the job (the subject stays). */
const MAIL_HEADER = /^(?:from|sent|date|to|cc|bcc|reply-to|von|gesendet|an|datum|de|envoyé|à|date)\s?:\s/i;
const MAIL_SUBJECT = /^(?:subject|betreff|objet|asunto)\s?:\s/i;

/** Lines that are junk only next to other junk ("Save Senior Data Engineer at Northwind Freight" under "Save"). */
const NEAR_JUNK: readonly RegExp[] = [
  /^save .{3,80} at [^.!?]{2,60}$/i,
  /^(?:yes|no|skip|select\.{0,3}|attach|dropbox|google drive|enter manually)$/i,
  /^\d[\d,]*(?:\+|\s?[-–]\s?\d[\d,]*)? employees$/i,
  /^\d(?:[.,]\d)?$/u,
  /^do you have (?:experience|a valid|an? )\b.{0,60}\?$/i,
  /^[^.!?]{1,60}\slogo$/i,
  /^[^.!?]{1,60} home ?page$/i,
];
/** Lines that are junk as the first or last line of the paste, or next to junk: a site's name or its home-page link. */
const AT_EDGE: readonly RegExp[] = [/^[^.!?]{1,60} home ?page$/i, /^[^.!?]{1,60}\slogo$/i];

/** A line of a person's card: a name, a job title at a company, short and no sentence. */
const isCardLine = (line: string): boolean => wordsIn(line) <= 10 && !endsSentence(line) && !isSectionName(line) && !/^[-•*]\s/u.test(line);

/** "Jana K." or "Priya Raman": a few capitalised words or initials, no digits. */
const isName = (line: string): boolean => wordsIn(line) <= 4 && /^(?:\p{Lu}[\p{L}'’-]*\.?\s?)+$/u.test(line);

/** "Engineering Manager at Northwind Freight", "Talent Partner @ Acme", "Recruiter | Acme". */
const isTitleAtCompany = (line: string): boolean => wordsIn(line) <= 12 && !endsSentence(line) && /\s(?:at|@|\|)\s/u.test(line);

const isDegreeLine = (line: string): boolean =>
  CONNECTION_DEGREE.test(line.replace(/^[·•]\s*/u, '')) || (fieldsOf(line)?.some((field) => CONNECTION_DEGREE.test(field)) ?? false);

/** Marks `junk` from `from` on while `belongs` holds for the line (blank lines allowed if `blanks`), up to `limit` lines. */
function markWhile(
  lines: readonly string[],
  junk: boolean[],
  from: number,
  belongs: (line: string) => boolean,
  options: { blanks: boolean; limit: number },
): void {
  for (let index = from; index < lines.length && index < from + options.limit; index++) {
    const line = lines[index] ?? '';
    if (!line) {
      if (options.blanks) continue;
      return;
    }
    if (!junk[index] && !belongs(line)) return;
    junk[index] = true;
  }
}

/** Marks the site's blocks in `junk` (the trimmed lines, their `buttonKey`s, and what is already known to be junk). */
export function findJunkBlocks(lines: readonly string[], keys: readonly string[], junk: boolean[]): void {
  markMailHeaders(lines, junk);
  lines.forEach((line, index) => {
    if (!line) return;
    const key = keys[index] ?? '';
    if (CARD_START.has(key)) {
      junk[index] = true;
      markWhile(lines, junk, index + 1, isCardLine, { blanks: false, limit: 8 });
    } else if (WIDGET_START.has(key)) {
      junk[index] = true;
      const inWidget = (next: string) => wordsIn(next) <= 12 && (!isSectionName(next) || WIDGET_HEADINGS.has(next.toLowerCase()));
      markWhile(lines, junk, index + 1, inWidget, { blanks: false, limit: 15 });
    } else if (OTHER_JOBS.test(key)) {
      junk[index] = true;
      markWhile(lines, junk, index + 1, (next) => wordsIn(next) <= 10 && !endsSentence(next) && !isSectionName(next), { blanks: true, limit: Infinity });
    } else if (FORM_START.test(key)) {
      junk[index] = true;
      markWhile(lines, junk, index + 1, (next) => wordsIn(next) <= 15, { blanks: true, limit: Infinity });
    } else if (key === 'set alert for similar jobs') {
      const end = keys.slice(index + 1, index + 4).indexOf('set alert');
      for (let offset = 1; offset <= end + 1; offset++) junk[index + offset] = true;
    } else if (key === 'powered by' && wordsIn(lines[index + 1] ?? '') <= 2) {
      junk[index + 1] = true;
    } else if (isDegreeLine(line)) {
      markPersonCard(lines, junk, index);
    }
  });
  markEdges(lines, keys, junk);
  markNearJunk(lines, keys, junk);
}

/** A site's name or home-page link as the first or last line, and a logo's caption above the name it shows ("Acme logo" / "Acme"). */
function markEdges(lines: readonly string[], keys: readonly string[], junk: boolean[]): void {
  const filled = lines.flatMap((line, index) => (line ? [index] : []));
  for (const index of [filled[0], filled.at(-1)]) {
    const line = index === undefined ? '' : (lines[index] ?? '');
    if (index !== undefined && (SITE_NAMES.has(keys[index] ?? '') || AT_EDGE.some((pattern) => pattern.test(line)))) junk[index] = true;
  }
  filled.forEach((index, at) => {
    const line = lines[index] ?? '';
    const caption = /logo$/iu.test(line) ? /^(.{1,60}?)\s+logo$/iu.exec(line)?.[1] : undefined;
    const next = lines[filled[at + 1] ?? -1] ?? '';
    if (caption && next.toLowerCase().startsWith(caption.toLowerCase())) junk[index] = true;
  });
}

/** A person's card around its connection degree: the name above, the title at the company below. */
function markPersonCard(lines: readonly string[], junk: boolean[], index: number): void {
  junk[index] = true;
  const line = lines[index] ?? '';
  const fields = fieldsOf(line);
  const namedOnLine = fields !== undefined && fields.length > 1;
  let above = index - 1;
  while (above >= 0 && !namedOnLine && isName(lines[above] ?? '') && above >= index - 2) junk[above--] = true;
  const below = index + 1;
  if (isTitleAtCompany(lines[below] ?? '')) junk[below] = true;
}

/** The From, Sent and To lines of an e-mail pasted whole (two or more at its top). */
function markMailHeaders(lines: readonly string[], junk: boolean[]): void {
  const first = lines.findIndex(Boolean);
  if (first < 0) return;
  let end = first;
  while (end < lines.length && (MAIL_HEADER.test(lines[end] ?? '') || MAIL_SUBJECT.test(lines[end] ?? ''))) end++;
  const headers = lines.slice(first, end).filter((line) => MAIL_HEADER.test(line)).length;
  if (headers < 2) return;
  for (let index = first; index < end; index++) if (MAIL_HEADER.test(lines[index] ?? '')) junk[index] = true;
}

/** Lines that are junk only next to junk, until no more are found. */
function markNearJunk(lines: readonly string[], keys: readonly string[], junk: boolean[]): void {
  const neighbourJunk = (index: number, step: number) => {
    let at = index + step;
    while (at >= 0 && at < lines.length && !lines[at]) at += step;
    return at >= 0 && at < lines.length && (junk[at] ?? false);
  };
  const candidates = lines.flatMap((line, index) =>
    line && !junk[index] && (SITE_NAMES.has(keys[index] ?? '') || NEAR_JUNK.some((pattern) => pattern.test(line))) ? [index] : [],
  );
  let changed = true;
  while (changed) {
    changed = false;
    for (const index of candidates) {
      if (junk[index] || !(neighbourJunk(index, -1) || neighbourJunk(index, 1))) continue;
      junk[index] = true;
      changed = true;
    }
  }
}
