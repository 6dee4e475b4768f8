/**
 * What one line of a résumé is (issue 22): a heading and of which section, a bullet, a contact line.
 * The words are the ones résumés use in any common wording, case and decoration.
 */

/** The sections the parser models; anything else is kept as an extra section. */
export type SectionKind = 'summary' | 'experience' | 'education' | 'skills' | 'contact' | 'extra';

const HEADINGS: Readonly<Record<Exclude<SectionKind, 'extra'>, readonly string[]>> = {
  summary:
    'summary|professional summary|career summary|profile|professional profile|about|about me|objective|career objective|personal statement|overview|executive summary|executive profile|summary of qualifications|qualifications summary|introduction|personal profile|profil'.split(
      '|',
    ),
  experience:
    'experience|work experience|professional experience|employment|employment history|work history|career history|relevant experience|experience highlights|professional history|career|positions held|teaching experience|clinical experience|industry experience|leadership experience|selected experience|berufserfahrung|expérience professionnelle|experiencia|experience professionnelle|work|appointments|academic appointments|relevant work experience|military experience|culinary experience|sales experience|management experience|employment record|experience & leadership'.split(
      '|',
    ),
  education:
    'education|education and training|education & training|academic background|academic history|qualifications|academic qualifications|educational background|education & certifications|education and certifications|ausbildung|formation|educación|degrees|training & education|training and education'.split(
      '|',
    ),
  skills:
    'skills|technical skills|core competencies|competencies|key skills|core skills|skills & tools|skills and tools|tools|technologies|tech stack|areas of expertise|expertise|skills & expertise|skills summary|relevant skills|professional skills|hard skills|soft skills|skills & abilities|skills and abilities|kenntnisse|compétences|strengths|key strengths|software|tools & technologies|tools and technologies|technical proficiencies|skill highlights|skills & interests|capabilities|specialties|clinical skills|design tools'.split(
      '|',
    ),
  contact:
    'contact|contact details|contact information|contact info|personal details|personal information|details|kontakt|coordonnées|links|find me|get in touch'.split(
      '|',
    ),
};
const EXTRA_HEADINGS =
  'certifications|certificates|licenses|licenses & certifications|licenses and certifications|certifications & licenses|projects|selected projects|personal projects|side projects|languages|spoken languages|volunteer|volunteering|volunteer experience|volunteer work|community involvement|awards|honors|honours|awards & honors|honors & awards|awards and honors|achievements|key achievements|accomplishments|publications|selected publications|presentations|talks|conferences|interests|hobbies|hobbies & interests|interests & hobbies|references|courses|coursework|relevant coursework|training|professional development|memberships|affiliations|professional affiliations|activities|extracurricular activities|leadership|research|research interests|grants|grants & funding|teaching|service|patents|exhibitions|clients|portfolio|additional information|other|misc|sprachen'.split(
    '|',
  );

const HEADING_OF = new Map<string, SectionKind>([
  ...Object.entries(HEADINGS).flatMap(([kind, words]) => words.map((word) => [word, kind as SectionKind] as const)),
  ...EXTRA_HEADINGS.map((word) => [word, 'extra'] as const),
]);

/** A line without Markdown decoration (`#`, `**`, `__`, a trailing colon or underline). */
export function headingText(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s*:\s*$/, '')
    .replace(/^[=\-_~*\s]+|[=\-_~*\s]+$/g, '')
    .trim();
}

/** Whether a line is only an underline (`-----` or `=====`) under a text heading. */
export const isUnderline = (line: string) => /^\s*(?:-{3,}|={3,}|_{3,}|~{3,})\s*$/.test(line);

/**
 * The section a heading line opens, or null when the line is not a heading. Known wordings in any case;
 * a Markdown heading or an underlined line with other words opens an extra section.
 */
export function headingKind(line: string, options: { markdown?: boolean; underlined?: boolean } = {}): SectionKind | null {
  const text = headingText(line);
  if (!text || text.length > 50) return null;
  const key = text
    .toLowerCase()
    .replace(/[^\p{L}&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const known = HEADING_OF.get(key) ?? HEADING_OF.get(key.replace(/ and /g, ' & '));
  if (known) return known;
  const words = key.split(' ');
  // "Work Experience (selected)", "SKILLS / TOOLS": the first words decide.
  for (const take of [3, 2]) {
    const kind = words.length > take && words.length <= take + 2 ? HEADING_OF.get(words.slice(0, take).join(' ')) : undefined;
    if (kind && text === text.toUpperCase()) return kind;
  }
  if ((options.markdown || options.underlined) && !/\d/.test(text) && words.length <= 5) return 'extra';
  return null;
}

const BULLET = /^\s*(?:[•◦▪▫■□●○◆◇►▸‣⁃∙·➢➤✓✔→*+]|[-–—](?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-z][.)](?=\s))\s*/u;

/** The text of a bullet line without its marker, or null when the line has no bullet marker. */
export function bulletText(line: string): string | null {
  const match = BULLET.exec(line);
  if (!match) return null;
  const text = line.slice(match[0].length).trim();
  return text || null;
}

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9.-]+\.[\p{L}]{2,}/u;
const PHONE = /(?:\+|\(?\b)\d[\d\s().-]{6,}\d\b/;
const URL =
  /\b(?:https?:\/\/|www\.)\S+|\b(?:linkedin\.com|github\.com|gitlab\.com|behance\.net|dribbble\.com|medium\.com|twitter\.com|x\.com|orcid\.org|scholar\.google\.com)\S*|\b[\w-]+\.(?:com|io|dev|me|net|org|design|co|app)(?:\/\S*)?\b/i;
const CONTACT_LABEL = /^(?:e-?mail|phone|tel|mobile|cell|linkedin|github|portfolio|website|web|address|location|twitter|skype)\s*[:|]/i;
const PLACE = /^[\p{Lu}][\p{L}.'-]+(?:[\s-][\p{Lu}][\p{L}.'-]+)*,\s*(?:[A-Z]{2}|[\p{Lu}][\p{L}.'-]+(?:\s[\p{Lu}][\p{L}.'-]+)*)(?:\s+\d{4,5})?$/u;

const STREET =
  /^\d{1,5}[a-z]?,?\s+[\p{L}\s.'-]{2,40}\b(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl|square|sq|terrace|close|straße|strasse|str|rue|calle|via|gasse|weg|allee)\b/iu;

/** Whether a line holds an e-mail, a phone number, a link, a street address or a labelled contact field. */
export function hasContactDetail(line: string): boolean {
  return (
    EMAIL.test(line) ||
    STREET.test(line.trim()) ||
    URL.test(line) ||
    CONTACT_LABEL.test(line.trim()) ||
    (PHONE.test(line) && (line.match(/\d/g)?.length ?? 0) >= 7 && !/\b(19|20)\d{2}\s*[-–—]/.test(line))
  );
}

/** Whether a line near the top is a place ("Austin, TX", "Lyon, France") or a row of contact parts split by "|" or "•". */
export function isContactLine(line: string): boolean {
  const text = line.trim();
  if (hasContactDetail(text)) return true;
  if (PLACE.test(text) && text.length <= 40) return true;
  const parts = text.split(/\s*[|•·]\s*/).filter(Boolean);
  return parts.length >= 2 && parts.some((part) => hasContactDetail(part) || PLACE.test(part));
}

/** Markdown emphasis and link syntax reduced to their words. */
export function withoutMarkdown(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\(([^)\s]*)\)/g, (_, label: string, target: string) =>
      /^(https?:|mailto:)/i.test(target) && !label.includes(target) ? `${label} (${target.replace(/^mailto:/i, '')})` : label,
    )
    .replace(/\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`/g, '')
    .replace(/\s{2,}/g, ' ');
}
