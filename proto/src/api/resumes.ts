/**
 * Résumés (issue 22): an uploaded résumé parsed into sections, reviewed and kept in versions, with
 * suggestions per bullet grounded in the person's own stories, as zod schemas of the REST bodies.
 * The profile service owns them.
 */
import { z } from 'zod';
import { RESUME_MESSAGES } from '../messages/resumes.ts';
import { stripHiddenCharacters } from '../plain-text.ts';

/** The most an upload may weigh. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** The kinds of file an upload may be (by extension and by content). */
export const RESUME_FORMATS = ['pdf', 'docx', 'txt', 'md'] as const;
export type ResumeFormat = (typeof RESUME_FORMATS)[number];
export const RESUME_EXTENSIONS: Readonly<Record<ResumeFormat, readonly string[]>> = {
  pdf: ['.pdf'],
  docx: ['.docx'],
  txt: ['.txt'],
  md: ['.md', '.markdown'],
};

export const RESUME_LIMITS = {
  /** One line of text (a name, a title, a company, a date range, a contact line). */
  line: 300,
  /** One bullet. */
  bullet: 1000,
  summary: 3000,
  roles: 40,
  bulletsPerRole: 40,
  education: 20,
  skills: 200,
  contactLines: 10,
  extraSections: 20,
  linesPerSection: 60,
} as const;

/**
 * A stable id of a part of a résumé (a role, a bullet, an education entry): kept across versions and
 * edits, so that suggestions, stories and threads stay linked to the line they are about.
 */
export const resumePartIdSchema = z.string(RESUME_MESSAGES.partIdInvalid).regex(/^[a-z][a-z0-9-]{1,39}$/, RESUME_MESSAGES.partIdInvalid);

/** Which bullet of which résumé a story is about ("Tell the story behind this line"). */
export const resumeBulletRefSchema = z.object({
  resumeId: z.number('resumeId must be a number').int('resumeId must be a whole number').positive('resumeId must be positive'),
  bulletId: resumePartIdSchema,
});
export type ResumeBulletRef = z.infer<typeof resumeBulletRefSchema>;

/** A person's text: without hidden characters (bidi overrides, zero-width ones: issue 36), trimmed. */
const plainText = (message: string) => z.string(message).overwrite(stripHiddenCharacters).trim();

const line = (name: string, required = false) => {
  const base = plainText(`${name} must be text`).max(RESUME_LIMITS.line, `${name} must be at most ${RESUME_LIMITS.line} characters`);
  return required ? base.min(1, `${name} is required`) : base;
};

export const resumeBulletSchema = z.object({
  id: resumePartIdSchema,
  text: plainText('A bullet must be text')
    .min(1, RESUME_MESSAGES.bulletEmpty)
    .max(RESUME_LIMITS.bullet, `A bullet must be at most ${RESUME_LIMITS.bullet} characters`),
});
export type ResumeBullet = z.infer<typeof resumeBulletSchema>;

/** A date read from a role's dates: "YYYY" or "YYYY-MM", null when there is none. */
const yearMonth = (name: string) =>
  z
    .string()
    .regex(/^\d{4}(-\d{2})?$/, `${name} must be YYYY or YYYY-MM`)
    .nullable();

/** One job: title, company and dates as written (`start`/`end` are "YYYY-MM" when the dates could be read, `end` null for "Present"). */
export const resumeRoleSchema = z.object({
  id: resumePartIdSchema,
  title: line('A role title', true),
  company: line('A company'),
  location: line('A location'),
  dates: line('Dates'),
  start: yearMonth('start'),
  end: yearMonth('end'),
  bullets: z.array(resumeBulletSchema).max(RESUME_LIMITS.bulletsPerRole, `A role may have at most ${RESUME_LIMITS.bulletsPerRole} bullets`),
});
export type ResumeRole = z.infer<typeof resumeRoleSchema>;

export const resumeEducationSchema = z.object({
  id: resumePartIdSchema,
  school: line('A school', true),
  degree: line('A degree'),
  dates: line('Dates'),
  details: z.array(line('A detail')).max(RESUME_LIMITS.linesPerSection),
});
export type ResumeEducation = z.infer<typeof resumeEducationSchema>;

/** A section the parser kept but does not model (certifications, projects, languages...). */
export const resumeExtraSectionSchema = z.object({
  heading: line('A heading', true),
  lines: z.array(plainText('A line must be text').max(RESUME_LIMITS.bullet)).max(RESUME_LIMITS.linesPerSection),
});

/** A résumé's content: what the review screen edits and what a version keeps. */
export const resumeContentSchema = z.object({
  name: line('Name'),
  /** Contact lines as written (e-mail, phone, city, links): never bullets, never sent to OpenAI. */
  contact: z.array(line('A contact line')).max(RESUME_LIMITS.contactLines),
  summary: plainText('The summary must be text').max(RESUME_LIMITS.summary, `The summary must be at most ${RESUME_LIMITS.summary} characters`),
  roles: z.array(resumeRoleSchema).max(RESUME_LIMITS.roles, `A résumé may have at most ${RESUME_LIMITS.roles} roles`),
  education: z.array(resumeEducationSchema).max(RESUME_LIMITS.education),
  skills: z.array(line('A skill', true)).max(RESUME_LIMITS.skills, `A résumé may list at most ${RESUME_LIMITS.skills} skills`),
  extraSections: z.array(resumeExtraSectionSchema).max(RESUME_LIMITS.extraSections),
});
export type ResumeContent = z.infer<typeof resumeContentSchema>;

/** A kept résumé at one of its versions (the latest unless asked otherwise). */
export const resumeSchema = z.object({
  id: z.number(),
  version: z.number().int().positive(),
  /** False until the person has reviewed the parse and saved it. */
  reviewed: z.boolean(),
  fileName: z.string(),
  format: z.enum(RESUME_FORMATS),
  content: resumeContentSchema,
  /** ISO 8601: when the résumé was uploaded, and when this version was made. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Threads told about a bullet ("Tell the story behind this line"), by bullet id. */
  bulletThreads: z.record(z.string(), z.array(z.number())).default({}),
});
export type Resume = z.infer<typeof resumeSchema>;
export const resumeResponseSchema = z.object({ resume: resumeSchema });
export type ResumeResponse = z.infer<typeof resumeResponseSchema>;

/** `PUT /api/resumes/{id}`: the reviewed or edited content; it becomes the next version. */
export const saveResumeRequestSchema = z.object({
  content: resumeContentSchema,
  /** The version the edit was made on: if another was saved since (another tab), the save is refused instead of losing it. */
  basedOn: z.number('basedOn must be a version number').int().positive().optional(),
});
export type SaveResumeRequest = z.infer<typeof saveResumeRequestSchema>;

export const resumeVersionsResponseSchema = z.object({
  versions: z.array(z.object({ version: z.number().int().positive(), updatedAt: z.string(), reviewed: z.boolean(), note: z.string() })),
});

/** What makes a bullet weak. */
export const BULLET_WEAKNESSES = ['no-result', 'no-number', 'vague-verb', 'passive', 'too-long', 'jargon'] as const;
export type BulletWeakness = (typeof BULLET_WEAKNESSES)[number];

/** A quote from the person's own story, the evidence a rewrite stands on. */
export const storyEvidenceSchema = z.object({ threadId: z.number().int().positive(), storyId: z.number().int().positive(), quote: z.string() });
export type StoryEvidence = z.infer<typeof storyEvidenceSchema>;

export const resumeSuggestionSchema = z.object({
  /** Stable for the bullet's text: `s-<bulletId>-<hash>`. */
  id: z.string(),
  roleId: resumePartIdSchema,
  bulletId: resumePartIdSchema,
  original: z.string(),
  weaknesses: z.array(z.object({ kind: z.enum(BULLET_WEAKNESSES), message: z.string() })).min(1),
  /** The improved bullet; facts in it come from the bullet itself or from the evidence. */
  rewrite: z.string(),
  /** Where a saved story holds the missing facts: that story and its words. */
  evidence: storyEvidenceSchema.nullable(),
  /** Where no story holds them: what to add ("Tell the story behind this line" asks for it). */
  toAdd: z.string().nullable(),
});
export type ResumeSuggestion = z.infer<typeof resumeSuggestionSchema>;
/** The words of a line without case, punctuation or spacing: a rewrite that differs only there says the same (web and server). */
export const bareWords = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Said once per résumé (not on every card): what to add to the lines that lack their outcome, and which lines. */
export const resumeAdviceSchema = z.object({ message: z.string(), bulletIds: z.array(resumePartIdSchema) });
export type ResumeAdvice = z.infer<typeof resumeAdviceSchema>;
export const resumeSuggestionsResponseSchema = z.object({
  resumeId: z.number(),
  version: z.number(),
  suggestions: z.array(resumeSuggestionSchema),
  advice: resumeAdviceSchema.nullable(),
});
export type ResumeSuggestionsResponse = z.infer<typeof resumeSuggestionsResponseSchema>;

export const suggestionParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Id must be a number')
    .transform(Number),
  suggestionId: z.string().regex(/^s-[a-z0-9-]{1,80}$/, RESUME_MESSAGES.suggestionNotFound),
});
