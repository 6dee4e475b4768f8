/** What the OpenAI résumé parser asks (issue 22): the sections of a résumé whose contact lines were removed. */
import { z } from 'zod';

/** The model's answer (strict structured output: every field present, none invented by the schema). */
export const modelResumeSchema = z.object({
  summary: z.string(),
  roles: z.array(
    z.object({
      title: z.string(),
      company: z.string(),
      location: z.string(),
      dates: z.string(),
      bullets: z.array(z.string()),
    }),
  ),
  education: z.array(z.object({ school: z.string(), degree: z.string(), dates: z.string(), details: z.array(z.string()) })),
  skills: z.array(z.string()),
  extraSections: z.array(z.object({ heading: z.string(), lines: z.array(z.string()) })),
});
export type ModelResume = z.infer<typeof modelResumeSchema>;

export const RESUME_SYSTEM_PROMPT = [
  'You split the text of a résumé into its parts. The person’s name and contact details were removed before you see it.',
  'Copy words exactly as they appear in the text: never rephrase, summarise, translate, correct or add anything.',
  'roles: one per job, most recent first as written; title and company exactly as written; dates as written (e.g. "Jan 2020 – Present"); bullets: each achievement or duty line of that job, whole, with its bullet marker removed and a line that wraps joined back.',
  'education: school, degree, dates as written, other lines as details. skills: each skill as its own item, without group labels such as "Languages:".',
  'extraSections: any other section (certifications, projects, languages, volunteering...) with its heading and lines.',
  'Leave a field empty ("" or []) when the text does not say it.',
].join('\n');

/** The user message: the résumé text without its contact lines. */
export const resumeRequest = (text: string) => `Résumé text:\n"""\n${text}\n"""`;
