/**
 * The experience section read into roles (issue 22): header lines (one to three, in any of the usual
 * layouts) open a role; bullets, numbered lines and description sentences under them are its bullets;
 * a bullet that wraps onto the next line is joined back.
 */
import { findDates } from './resume-dates.ts';
import { hasContactDetail } from './resume-lines.ts';
import { readRoleHeader, type RoleHeader } from './resume-role-header.ts';
import type { ResumeLine } from './resume-sections.ts';

/** A role before ids and limits: its header and its bullets' text. */
export interface RoleDraft extends RoleHeader {
  bullets: string[];
}

const OPEN_END = /(?:[,;:&/+–-]|\b(?:and|or|of|to|the|with|for|in|a|an|by|on|from|across|into|at|as|via|including|while|per|than|over|under|using))$/i;

/** A line that continues the previous bullet: indented under it, starting lowercase, or after a bullet left mid-phrase. */
function continues(line: ResumeLine, previous: string): boolean {
  if (line.bullet !== null || line.blankBefore) return false;
  return line.indent >= 2 || /^[\p{Ll}(]/u.test(line.text) || OPEN_END.test(previous.trim());
}

/** A sentence describing the work rather than naming a role: long, or ending with a period. */
const isDescription = (text: string) => !findDates(text) && (text.length > 110 || (/[.!]$/.test(text) && text.split(/\s+/).length >= 7));

const isContactOnly = (text: string) => hasContactDetail(text) && text.split(/\s+/).length <= 6;

/**
 * Groups of header lines with at most one date line each. A second date line starts the next role;
 * lines between them stay with the first role when its dates opened it ("Title | Dates" over "Company").
 */
function splitHeaderGroup(group: readonly string[]): string[][] {
  const roles: string[][] = [];
  let current: string[] = [];
  let datedAt = -1;
  for (const line of group) {
    if (findDates(line) && datedAt >= 0) {
      const carry = datedAt === 0 ? [] : current.slice(datedAt + 1);
      roles.push(datedAt === 0 ? current : current.slice(0, datedAt + 1));
      current = carry;
      datedAt = -1;
    }
    if (findDates(line)) datedAt = current.length;
    current.push(line);
  }
  if (current.length) roles.push(current);
  return roles;
}

/** Roles read from an experience section's lines; contact lines found among them are handed back, never kept as bullets. */
export function readRoles(lines: readonly ResumeLine[]): { roles: RoleDraft[]; contact: string[] } {
  const roles: RoleDraft[] = [];
  const contact: string[] = [];
  const dated = lines.some((line) => line.bullet === null && findDates(line.text) !== null);
  let header: string[] = [];
  const role = () => roles.at(-1);
  const open = () => {
    const groups = header.length ? splitHeaderGroup(header) : [[]];
    for (const group of groups) roles.push({ ...readRoleHeader(group), bullets: [] });
    header = [];
  };
  for (const line of lines) {
    if (isContactOnly(line.bullet ?? line.text)) {
      contact.push(line.bullet ?? line.text);
      continue;
    }
    const current = role();
    const last = current?.bullets.at(-1);
    if (line.bullet !== null) {
      if (header.length || !current) open();
      role()?.bullets.push(line.bullet);
      continue;
    }
    if (!header.length && current && last !== undefined && continues(line, last)) {
      const glue = /\p{L}-$/u.test(last) && /^\p{Ll}/u.test(line.text) ? '' : ' ';
      current.bullets[current.bullets.length - 1] = last + glue + line.text;
      continue;
    }
    if (isDescription(line.text) && (header.length || current)) {
      if (header.length) open();
      role()?.bullets.push(line.text);
      continue;
    }
    // In a section whose roles have dates, an undated line after a role's bullets is one more bullet, not a role.
    if (dated && !header.length && current?.bullets.length && !findDates(line.text) && !line.blankBefore && line.text.length > 60) {
      current.bullets.push(line.text);
      continue;
    }
    header.push(line.text);
  }
  if (header.length) open();
  for (const draft of roles) if (!draft.title) draft.title = draft.company || draft.dates || 'Experience';
  return { roles: roles.filter((draft) => draft.bullets.length > 0 || draft.dates || draft.company), contact };
}
