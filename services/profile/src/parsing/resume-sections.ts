/**
 * A résumé's lines cut into sections at their headings (issue 22): the lines before the first heading
 * are the header (name, contact, headline). Lines are made plain first (hostile text removed).
 */
import { bulletText, headingKind, headingText, isUnderline, withoutMarkdown, type SectionKind } from './resume-lines.ts';
import { sanitiseLines } from './resume-text.sanitiser.ts';

/** One line as the section parsers read it. */
export interface ResumeLine {
  text: string;
  /** The text without its bullet marker, or null when the line is not a bullet. */
  bullet: string | null;
  /** Leading spaces in a text file (a wrapped bullet's next line is indented). */
  indent: number;
  blankBefore: boolean;
}

/** A section: its kind, its heading as written ('' for the header) and its lines. */
export interface ResumeSection {
  kind: SectionKind | 'header';
  heading: string;
  lines: ResumeLine[];
}

const INLINE_HEADING = /^([^:]{2,30}):\s*(\S.*)$/;
const RULE = /^\s*(?:[-*_=~]\s*){3,}$/;

/** Cuts lines into sections; `# Heading` (Markdown), underlined, ALL CAPS and "Heading:" lines open one. */
export function splitSections(rawLines: readonly string[]): ResumeSection[] {
  const lines = sanitiseLines(rawLines);
  const sections: ResumeSection[] = [{ kind: 'header', heading: '', lines: [] }];
  let blank = false;
  let seenText = false;
  for (let at = 0; at < lines.length; at++) {
    const raw = lines[at] ?? '';
    const current = sections.at(-1);
    if (!current) break;
    if (!raw.trim() || RULE.test(raw)) {
      blank = true;
      continue;
    }
    const underlined = isUnderline(lines[at + 1] ?? '');
    const markdown = /^\s*#{1,6}\s/.test(raw);
    const isBullet = !markdown && bulletText(raw.replace(/\*\*/g, '')) !== null;
    // An unknown "# Heading" or "## Heading" opens an extra section; "### Title — Company" is a role header.
    const topLevel = /^\s*#{1,2}\s/.test(raw);
    const kind = isBullet ? null : headingKind(raw, { markdown: topLevel && seenText, underlined: underlined && seenText });
    if (kind) {
      sections.push({ kind, heading: headingText(raw), lines: [] });
      if (underlined) at++;
      blank = false;
      continue;
    }
    if (underlined) at++;
    const indent = /^ */.exec(raw)?.[0].length ?? 0;
    const text = withoutMarkdown(raw.replace(/^\s*#{1,6}\s+/, '')).trim();
    // "Skills: Go, Python" on one line opens the skills section with its items.
    const inline = INLINE_HEADING.exec(text);
    const inlineKind = inline?.[1] ? headingKind(inline[1]) : null;
    if (inline?.[2] && (inlineKind === 'skills' || inlineKind === 'summary') && current.kind !== 'skills' && current.kind !== inlineKind) {
      sections.push({ kind: inlineKind, heading: headingText(inline[1] ?? ''), lines: [{ text: inline[2], bullet: null, indent: 0, blankBefore: false }] });
      blank = false;
      continue;
    }
    current.lines.push({ text, bullet: bulletText(text), indent, blankBefore: blank });
    blank = false;
    seenText = true;
  }
  return sections;
}
