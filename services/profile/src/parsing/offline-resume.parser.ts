/**
 * The offline résumé parser (issue 22): deterministic, no keys. Text (or lines) in, a `ResumeContent`
 * out that always passes `resumeContentSchema` (the limits truncate; they never fail the parse).
 */
import { RESUME_LIMITS, resumeContentSchema, type ResumeContent } from '@story/proto';
import { readRoles } from './resume-experience.ts';
import { readEducation, readHeader, readSkills } from './resume-entries.ts';
import { splitSections, type ResumeLine } from './resume-sections.ts';
import { sanitiseLine } from './resume-text.sanitiser.ts';

const clip = (text: string, max: number) => {
  const clean = sanitiseLine(text);
  return clean.length <= max ? clean : clean.slice(0, max).trimEnd();
};
const line = (text: string) => clip(text, RESUME_LIMITS.line);

/** The lines of a section as kept text: a paragraph's wrapped lines joined, bullets one each. */
function paragraphs(lines: readonly ResumeLine[]): string[] {
  const kept: string[] = [];
  for (const entry of lines) {
    const previous = kept.at(-1);
    if (entry.bullet === null && previous !== undefined && !entry.blankBefore && !/[.!?:]$/.test(previous) && /^[\p{Ll}(]/u.test(entry.text))
      kept[kept.length - 1] = `${previous} ${entry.text}`;
    else kept.push(entry.bullet ?? entry.text);
  }
  return kept;
}

/** Parses a résumé's text (or its lines in reading order) into sections, roles, education and skills. */
export function parseResumeText(input: string | readonly string[]): ResumeContent {
  const sections = splitSections(typeof input === 'string' ? input.split(/\r\n|\r|\n/) : input);
  const header = readHeader(sections[0]?.lines ?? []);
  const contact = [...header.contact];
  const summary: string[] = [];
  const roles: ReturnType<typeof readRoles>['roles'] = [];
  const education: ReturnType<typeof readEducation> = [];
  const skills: string[] = [];
  const extraSections: ResumeContent['extraSections'] = [];
  for (const section of sections.slice(1)) {
    if (section.kind === 'summary') summary.push(section.lines.map((entry) => entry.bullet ?? entry.text).join(' '));
    else if (section.kind === 'contact') contact.push(...section.lines.map((entry) => entry.bullet ?? entry.text));
    else if (section.kind === 'experience') {
      const read = readRoles(section.lines);
      roles.push(...read.roles);
      contact.push(...read.contact);
    } else if (section.kind === 'education') education.push(...readEducation(section.lines));
    else if (section.kind === 'skills') skills.push(...readSkills(section.lines));
    else if (section.kind === 'extra' && section.lines.length)
      extraSections.push({ heading: line(section.heading), lines: paragraphs(section.lines).map((text) => clip(text, RESUME_LIMITS.bullet)) });
  }
  if (header.headline.length) summary.unshift(header.headline.join(' '));

  const seenSkills = new Set<string>();
  const content: ResumeContent = {
    name: line(header.name),
    contact: [...new Set(contact.map(line).filter(Boolean))].slice(0, RESUME_LIMITS.contactLines),
    summary: clip(summary.join('\n'), RESUME_LIMITS.summary),
    roles: roles.slice(0, RESUME_LIMITS.roles).map((role, index) => ({
      id: `role-${index + 1}`,
      title: line(role.title) || 'Role',
      company: line(role.company),
      location: line(role.location),
      dates: line(role.dates),
      start: role.start,
      end: role.end,
      bullets: role.bullets
        .map((text) => clip(text, RESUME_LIMITS.bullet))
        .filter(Boolean)
        .slice(0, RESUME_LIMITS.bulletsPerRole)
        .map((text, bullet) => ({ id: `role-${index + 1}-b-${bullet + 1}`, text })),
    })),
    education: education.slice(0, RESUME_LIMITS.education).map((entry, index) => ({
      id: `edu-${index + 1}`,
      school: line(entry.school) || 'School',
      degree: line(entry.degree),
      dates: line(entry.dates),
      details: entry.details.map(line).filter(Boolean).slice(0, RESUME_LIMITS.linesPerSection),
    })),
    skills: skills
      .map(line)
      .filter((skill) => skill && !seenSkills.has(skill.toLowerCase()) && seenSkills.add(skill.toLowerCase()))
      .slice(0, RESUME_LIMITS.skills),
    extraSections: extraSections
      .filter((section) => section.heading && section.lines.length)
      .slice(0, RESUME_LIMITS.extraSections)
      .map((section) => ({ ...section, lines: section.lines.filter(Boolean).slice(0, RESUME_LIMITS.linesPerSection) })),
  };
  return resumeContentSchema.parse(content);
}
