/** Jobs: job descriptions (cleaned, confirmed, archived) and their snippets, as zod schemas of the REST bodies. */
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { LIMITS, MESSAGES } from '../validation.ts';

const requiredTrimmed = (message: string, max: number) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `${message.replace('Please enter', 'Keep')} under ${max} characters`);

/** The interview start form; its fields are checked in the specification's order (company, title, description), so the first problem is the one the form shows. */
export const processJobDescriptionRequestSchema = z.object({
  companyName: requiredTrimmed(MESSAGES.companyRequired, LIMITS.companyName),
  jobTitle: requiredTrimmed(MESSAGES.jobTitleRequired, LIMITS.jobTitle),
  jobDescription: z
    .string(MESSAGES.jobDescriptionRequired)
    .refine((t) => t.trim().length > 0, MESSAGES.jobDescriptionRequired)
    .refine((t) => t.length <= LIMITS.jobDescription, `Job description must be at most ${LIMITS.jobDescription} characters`),
});
export type ProcessJobDescriptionRequest = z.infer<typeof processJobDescriptionRequestSchema>;
export const processJobDescriptionResponseSchema = z.object({ cleanedDescription: z.string() });

export const confirmJobDescriptionRequestSchema = z.object({
  formattedContent: z
    .string(MESSAGES.formattedContentEmpty)
    .refine((t) => t.trim().length > 0, MESSAGES.formattedContentEmpty)
    .refine((t) => t.length <= LIMITS.jobDescription, 'Formatted content is too long'),
  jobTitle: requiredTrimmed(MESSAGES.jobTitleRequired, LIMITS.jobTitle),
  companyName: requiredTrimmed(MESSAGES.companyRequired, LIMITS.companyName),
  originalContent: z.string().max(LIMITS.jobDescription, 'Original content is too long').optional(),
  /** The saved description being re-confirmed (the review screen opened with `id`); absent: a new one. */
  id: idSchema.optional(),
});
export type ConfirmJobDescriptionRequest = z.infer<typeof confirmJobDescriptionRequestSchema>;
export const confirmJobDescriptionResponseSchema = z.object({ id: z.number(), message: z.string() });
export const jobDescriptionSchema = z.object({
  id: z.number(),
  companyName: z.string(),
  jobTitle: z.string(),
  /** Markdown. */
  formattedContent: z.string(),
  originalContent: z.string(),
  isArchived: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type JobDescription = z.infer<typeof jobDescriptionSchema>;
export const jobDescriptionsResponseSchema = z.array(jobDescriptionSchema);
/** Archive, unarchive and delete answer with the description's id and what happened. */
export const jobDescriptionActionResponseSchema = z.object({ id: z.number(), message: z.string() });

/** Save Snippet: the pasted text is checked before the description id, as the specification orders them. */
export const createSnippetRequestSchema = z.object({
  snippetText: z
    .string(MESSAGES.snippetEmpty)
    .refine((t) => t.trim().length > 0, MESSAGES.snippetEmpty)
    .refine((t) => t.length <= LIMITS.snippetText, 'Snippet is too long'),
  jobDescriptionId: z
    .number(MESSAGES.invalidJobDescriptionId)
    .int(MESSAGES.invalidJobDescriptionId)
    .positive(MESSAGES.invalidJobDescriptionId)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidJobDescriptionId),
});
export type CreateSnippetRequest = z.infer<typeof createSnippetRequestSchema>;
export const createSnippetResponseSchema = z.object({ id: z.number() });
export const snippetSchema = z.object({ id: z.number(), snippetText: z.string(), createdAt: z.string() });
export type Snippet = z.infer<typeof snippetSchema>;
export const snippetsResponseSchema = z.array(snippetSchema);
export const singleSnippetResponseSchema = z.object({ id: z.number(), snippetText: z.string(), jobDescriptionId: z.number() });
