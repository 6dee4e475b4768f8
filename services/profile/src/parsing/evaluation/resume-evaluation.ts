/**
 * Scores the parser on the evaluation set (`services/profile/evaluation/resumes/`, issue 22): roles
 * right (title, company and dates), bullets found (precision and recall on normalised text), and
 * contact lines and skills kept out of the bullets.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResumeContent } from '@story/proto';
import { parseResumeUpload, type ResumeTextParser } from '../resume-upload.parser.ts';

/** Where the evaluation set lives. */
export const RESUMES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../evaluation/resumes');

/** What `<id>.expected.json` says. */
export interface ExpectedResume {
  heldOut: boolean;
  layout: string;
  name: string;
  contact: string[];
  roles: { title: string; company: string; start: string | null; end: string | null; bullets: string[] }[];
  skillsCount: number;
  educationSchools: string[];
}

/** One résumé file with its expectations. */
export interface ResumeCase {
  id: string;
  fileName: string;
  expected: ExpectedResume;
}

/** One résumé's score. */
export interface ResumeScore {
  id: string;
  heldOut: boolean;
  nameRight: boolean;
  roles: { expected: number; parsed: number; right: number; wrong: string[] };
  bullets: { expected: number; parsed: number; matched: number; missed: string[]; extra: string[] };
  contactInBullets: number;
  skillsInBullets: number;
  skills: { expected: number; parsed: number };
  schools: { expected: number; found: number };
}

/** The figures of a set of scores. */
export interface EvaluationFigures {
  resumes: number;
  names: number;
  roleAccuracy: number;
  rolePrecision: number;
  bulletPrecision: number;
  bulletRecall: number;
  contactInBullets: number;
  skillsInBullets: number;
  skillsCountRatio: number;
  schoolRecall: number;
}

/** Lowercase letters and digits only: what two texts must share to be the same line. */
export const normalised = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

/** Every résumé of the evaluation set with its expectations. */
export function readResumeCases(dir = RESUMES_DIR): ResumeCase[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.expected.json'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.expected\.json$/, '');
      const fileName = readdirSync(dir).find((other) => other.startsWith(`${id}.`) && !other.endsWith('.json'));
      if (!fileName) throw new Error(`${id} has no résumé file`);
      return { id, fileName, expected: JSON.parse(readFileSync(join(dir, file), 'utf8')) as ExpectedResume };
    });
}

/** Compares one parse with its expectations. */
export function scoreResume(resumeCase: ResumeCase, content: ResumeContent): ResumeScore {
  const { expected } = resumeCase;
  const parsedRoles = content.roles.map((role) => ({ ...role, key: [normalised(role.title), normalised(role.company), role.start, role.end].join('|') }));
  const unmatched = [...parsedRoles];
  const wrong: string[] = [];
  for (const role of expected.roles) {
    const key = [normalised(role.title), normalised(role.company), role.start, role.end].join('|');
    const at = unmatched.findIndex((parsed) => parsed.key === key);
    if (at >= 0) unmatched.splice(at, 1);
    else wrong.push(`${role.title} / ${role.company} / ${role.start}–${role.end}`);
  }
  const parsedBullets = content.roles.flatMap((role) => role.bullets.map((bullet) => bullet.text));
  const left = parsedBullets.map(normalised);
  const missed: string[] = [];
  for (const bullet of expected.roles.flatMap((role) => role.bullets)) {
    const at = left.indexOf(normalised(bullet));
    if (at >= 0) left[at] = '\u0000';
    else missed.push(bullet);
  }
  const extra = parsedBullets.filter((_, index) => left[index] !== '\u0000');
  const contact = expected.contact.map(normalised);
  const skills = new Set(content.skills.map(normalised));
  const schools = content.education.map((entry) => normalised(entry.school));
  return {
    id: resumeCase.id,
    heldOut: expected.heldOut,
    nameRight: normalised(content.name) === normalised(expected.name),
    roles: { expected: expected.roles.length, parsed: content.roles.length, right: expected.roles.length - wrong.length, wrong },
    bullets: { expected: expected.roles.flatMap((role) => role.bullets).length, parsed: parsedBullets.length, matched: parsedBullets.length - extra.length, missed, extra },
    contactInBullets: parsedBullets.filter((bullet) => contact.some((line) => normalised(bullet).includes(line))).length,
    skillsInBullets: parsedBullets.filter((bullet) => skills.has(normalised(bullet))).length,
    skills: { expected: expected.skillsCount, parsed: content.skills.length },
    schools: { expected: expected.educationSchools.length, found: expected.educationSchools.filter((school) => schools.includes(normalised(school))).length },
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);
const sum = (scores: readonly ResumeScore[], pick: (score: ResumeScore) => number) => scores.reduce((total, score) => total + pick(score), 0);

/** The figures of some scores together. */
export function figuresOf(scores: readonly ResumeScore[]): EvaluationFigures {
  return {
    resumes: scores.length,
    names: ratio(scores.filter((score) => score.nameRight).length, scores.length),
    roleAccuracy: ratio(
      sum(scores, (s) => s.roles.right),
      sum(scores, (s) => s.roles.expected),
    ),
    rolePrecision: ratio(
      sum(scores, (s) => s.roles.right),
      sum(scores, (s) => s.roles.parsed),
    ),
    bulletPrecision: ratio(
      sum(scores, (s) => s.bullets.matched),
      sum(scores, (s) => s.bullets.parsed),
    ),
    bulletRecall: ratio(
      sum(scores, (s) => s.bullets.expected - s.bullets.missed.length),
      sum(scores, (s) => s.bullets.expected),
    ),
    contactInBullets: sum(scores, (s) => s.contactInBullets),
    skillsInBullets: sum(scores, (s) => s.skillsInBullets),
    skillsCountRatio: ratio(
      sum(scores, (s) => Math.min(s.skills.parsed, s.skills.expected)),
      sum(scores, (s) => Math.max(s.skills.parsed, s.skills.expected)),
    ),
    schoolRecall: ratio(
      sum(scores, (s) => s.schools.found),
      sum(scores, (s) => s.schools.expected),
    ),
  };
}

/** Parses every résumé of the set through the upload path and scores it. */
export async function evaluateResumes(parse?: ResumeTextParser, cases = readResumeCases()): Promise<ResumeScore[]> {
  const scores: ResumeScore[] = [];
  for (const resumeCase of cases) {
    const bytes = new Uint8Array(readFileSync(join(RESUMES_DIR, resumeCase.fileName)));
    const { content } = await parseResumeUpload({ fileName: resumeCase.fileName, bytes }, parse);
    scores.push(scoreResume(resumeCase, content));
  }
  return scores;
}

/** The figures as printable lines. */
export function describeFigures(label: string, figures: EvaluationFigures): string {
  return `${label}: ${figures.resumes} résumés; names ${figures.names}; roles right ${figures.roleAccuracy} (precision ${figures.rolePrecision}); bullets precision ${figures.bulletPrecision}, recall ${figures.bulletRecall}; contact lines in bullets ${figures.contactInBullets}; skills in bullets ${figures.skillsInBullets}; skills count ${figures.skillsCountRatio}; schools ${figures.schoolRecall}`;
}
