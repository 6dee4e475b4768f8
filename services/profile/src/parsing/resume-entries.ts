/**
 * The header (name, contact lines, headline), the education entries and the skills of a résumé
 * (issue 22), each read from its section's lines.
 */
import { findDates, isOnlyDates } from './resume-dates.ts';
import { hasContactDetail, isContactLine } from './resume-lines.ts';
import type { ResumeLine } from './resume-sections.ts';

/** What the lines above the first heading say. */
export interface ResumeHeader {
  name: string;
  contact: string[];
  headline: string[];
}

const NAME_LABEL = /^(?:name|nom|full name)\s*:\s*/i;
// The document's own title above the name.
const DOCUMENT_TITLE = /^(?:curriculum vitae|curriculum|cv|c\.v\.|r[ée]sum[ée]|lebenslauf|hoja de vida)$/i;

/** The name is the first line that could be one (a few words, no digits, no contact detail); contact rows and a headline follow. */
export function readHeader(lines: readonly ResumeLine[]): ResumeHeader {
  let name = '';
  const contact: string[] = [];
  const headline: string[] = [];
  for (const line of lines) {
    const text = (line.bullet ?? line.text).replace(NAME_LABEL, '');
    if (!name && DOCUMENT_TITLE.test(text.trim())) continue;
    if (!name) {
      const [first = '', ...others] = text.split(/\s+[|•·]\s+|\s{3,}/);
      if (!hasContactDetail(first) && !/\d/.test(first) && /\p{L}/u.test(first) && first.split(/\s+/).length <= 6 && first.length <= 60) {
        name = first.replace(/[,;|]+$/, '').trim();
        const rest = others.join(' | ');
        if (rest) (isContactLine(rest) ? contact : headline).push(rest);
        continue;
      }
    }
    if (isContactLine(text) || (!name && hasContactDetail(text))) contact.push(text);
    else headline.push(text);
  }
  return { name, contact, headline };
}

/** One education entry before its id. */
export interface EducationDraft {
  school: string;
  degree: string;
  dates: string;
  details: string[];
}

const SCHOOL =
  /\b(?:university|universit[éäa]t?|universidad|universidade|college|school|institute|institut|academy|académie|polytechnic|polytechnique|conservatory|conservatoire|hochschule|[ée]cole|lyc[ée]e|gymnasium|seminary|cordon bleu|bootcamp|campus)\b/i;
const DEGREE =
  /(?:\b(?:bachelor|bachelor's|master|master's|doctor|doctorate|diploma|associate|associate's|certificate|degree|major|minor|coursework|licence|abitur|baccalaur[ée]at|a-levels|gcses?|ged|hnd|nvq|btec|pgce|mba|phd|ph\.d|dphil|md|jd|llb|llm|bsn|msn|beng|meng|bsc|msc|ba|ma|bs|ms|bfa|mfa|bba|adn)\b|\b[BM]\.\s?(?:S|A|Sc|Eng|Ed|F\.?A)\.?(?=\s|,|$))/i;

/** A line's parts: split on separators and commas; a part with neither a school nor a degree word after a degree stays with it ("BSc, Computer Science"). */
function pieces(text: string): string[] {
  const parts = text
    .split(/\s+[|•·—–-]\s+|\s*\|\s*|\t+|\s{3,}|\s*,\s*|\s+\((?=[^()]*\)\s*$)/)
    .map((piece) => piece.replace(/^[\s,;:()]+|[\s,;:(]+$/g, '').trim())
    .filter((piece) => /\p{L}/u.test(piece));
  const merged: string[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (previous !== undefined && DEGREE.test(previous) && !SCHOOL.test(previous) && !SCHOOL.test(part) && !DEGREE.test(part))
      merged[merged.length - 1] = `${previous}, ${part}`;
    else merged.push(part);
  }
  return merged;
}

/** Education entries: a line naming a school or a degree opens an entry once the current one has its own. */
export function readEducation(lines: readonly ResumeLine[]): EducationDraft[] {
  const entries: EducationDraft[] = [];
  const open = (): EducationDraft => {
    const entry = { school: '', degree: '', dates: '', details: [] };
    entries.push(entry);
    return entry;
  };
  for (const line of lines) {
    let entry = entries.at(-1);
    if (line.bullet !== null) {
      (entry ?? open()).details.push(line.bullet);
      continue;
    }
    const found = findDates(line.text);
    const text = found ? line.text.replace(found.written, ' | ') : line.text;
    const parts = pieces(text);
    const school = parts.find((part) => SCHOOL.test(part));
    const degree = parts.find((part) => DEGREE.test(part) && part !== school);
    const startsEntry = (school && entry?.school) || (degree && entry?.degree) || (line.blankBefore && entry?.school && (school || degree));
    if (!entry || startsEntry) entry = open();
    if (found && !entry.dates) entry.dates = found.written;
    if (school && !entry.school) entry.school = school;
    if (degree && !entry.degree) entry.degree = degree;
    const rest = parts.filter((part) => part !== entry.school && part !== entry.degree);
    if (!school && !degree && !entry.school && !entry.degree && rest[0]) {
      entry.school = rest.shift() ?? '';
    }
    if (rest.length && !isOnlyDates(line.text)) {
      entry.details.push(rest.join(', '));
    }
  }
  return entries.map((entry) => ({ ...entry, school: entry.school || entry.degree, degree: entry.school ? entry.degree : '' })).filter((entry) => entry.school);
}

const SKILL_LABEL = /^[^:]{1,40}:\s*/;

/** Skills: items split on commas, semicolons, bullets and bars; a label ("Languages:") is dropped and its items kept. */
export function readSkills(lines: readonly ResumeLine[]): string[] {
  const skills: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const text = (line.bullet ?? line.text).replace(SKILL_LABEL, '');
    // Commas inside brackets stay: "Python (pandas, NumPy)" is one skill.
    const guarded = text.replace(/\([^()]*\)/g, (group) => group.replace(/[,;]/g, '\ue000'));
    for (const raw of guarded.split(/\s*[,;•|·]\s*|\s{3,}|\t+/).map((item) => item.replace(/\ue000/g, ','))) {
      const skill = raw
        .replace(/^(?:and|&)\s+/i, '')
        .replace(/[.\s]+$/, '')
        .trim();
      const key = skill.toLowerCase();
      if (!skill || skill.length > 80 || seen.has(key) || hasContactDetail(skill) || !/[\p{L}\d]/u.test(skill)) continue;
      seen.add(key);
      skills.push(skill);
    }
  }
  return skills;
}
