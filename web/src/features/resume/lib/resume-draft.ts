import type { ResumeBullet, ResumeContent, ResumeEducation, ResumeRole } from '@story/proto';

/**
 * The review screen's form of a résumé: its content, with the lists a person types as text kept as
 * typed (contact lines one a line, skills separated by commas, an education entry's details and an
 * extra section's lines one a line), so a comma or an empty line being typed is not swallowed.
 */
export interface ResumeDraft {
  name: string;
  contact: string;
  summary: string;
  roles: ResumeRole[];
  education: EducationDraft[];
  skills: string;
  extraSections: ExtraSectionDraft[];
}

export type EducationDraft = Omit<ResumeEducation, 'details'> & { details: string };
/** An extra section: `key` tells sections apart on screen (they have no id of their own). */
export interface ExtraSectionDraft {
  key: string;
  heading: string;
  lines: string;
}

export type { ResumeBullet, ResumeRole };

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "Go, TypeScript, SQL" → ["Go", "TypeScript", "SQL"] (also one a line). */
export const skillsOf = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((skill) => skill.trim())
    .filter(Boolean);

/** The form of a saved content. */
export function draftOf(content: ResumeContent): ResumeDraft {
  return {
    name: content.name,
    contact: content.contact.join('\n'),
    summary: content.summary,
    roles: content.roles,
    education: content.education.map((entry) => ({ ...entry, details: entry.details.join('\n') })),
    skills: content.skills.join(', '),
    extraSections: content.extraSections.map((section, index) => ({ key: `extra-${index}`, heading: section.heading, lines: section.lines.join('\n') })),
  };
}

/** The content a draft saves: lists split, blank lines and entries dropped, every text trimmed. */
export function contentOf(draft: ResumeDraft): ResumeContent {
  return {
    name: draft.name.trim(),
    contact: lines(draft.contact),
    summary: draft.summary.trim(),
    roles: draft.roles.map((role) => ({
      ...role,
      title: role.title.trim(),
      company: role.company.trim(),
      location: role.location.trim(),
      dates: role.dates.trim(),
      bullets: role.bullets.map((bullet) => ({ id: bullet.id, text: bullet.text.trim() })),
    })),
    education: draft.education.map((entry) => ({
      ...entry,
      school: entry.school.trim(),
      degree: entry.degree.trim(),
      dates: entry.dates.trim(),
      details: lines(entry.details),
    })),
    skills: skillsOf(draft.skills),
    extraSections: draft.extraSections
      .filter((section) => section.heading.trim() || section.lines.trim())
      .map((section) => ({ heading: section.heading.trim(), lines: lines(section.lines) })),
  };
}

/** Every part id in use: roles, their bullets and education entries. */
export function partIdsOf(draft: Pick<ResumeDraft, 'roles' | 'education'>): Set<string> {
  const ids = new Set<string>();
  for (const role of draft.roles) {
    ids.add(role.id);
    for (const bullet of role.bullets) ids.add(bullet.id);
  }
  for (const entry of draft.education) ids.add(entry.id);
  return ids;
}

/**
 * A part id no part of the résumé has: `<prefix>-<n>` with the smallest such n from 1 (lowercase
 * letters, digits and dashes, as the contract wants), so a new bullet never takes an old one's links.
 */
export function newPartId(draft: Pick<ResumeDraft, 'roles' | 'education'>, prefix: 'role' | 'bullet' | 'edu'): string {
  const used = partIdsOf(draft);
  for (let n = 1; ; n += 1) {
    const id = `${prefix}-${n}`;
    if (!used.has(id)) return id;
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE_PART = /(?:([a-z]{3})[a-z]*\.?\s+)?(\d{4})|\b(present|current|now|today)\b/gi;

/**
 * The start and end a role's dates say ("Mar 2021 – Present" → 2021-03 and null; "2019 - 2021" →
 * 2019 and 2021), as the contract keeps them; both null when the text names no year.
 */
export function datesRange(dates: string): Pick<ResumeRole, 'start' | 'end'> {
  const found: (string | null)[] = [];
  for (const match of dates.matchAll(DATE_PART)) {
    const [, month, year, present] = match;
    if (present) found.push(null);
    else if (year) {
      const index = month ? MONTHS.indexOf(month.toLowerCase()) : -1;
      found.push(index >= 0 ? `${year}-${String(index + 1).padStart(2, '0')}` : year);
    }
  }
  const [start = null, end = null] = found;
  if (start === null) return { start: null, end: null };
  return { start, end: found.length === 1 ? start : end };
}
