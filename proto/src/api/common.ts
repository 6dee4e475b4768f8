/** What every area answers with: an error's message, or a plain confirmation. */
import { z } from 'zod';

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** The paper a PDF download is printed on: `?paper=a4|letter` (the résumé, a conversation, a mock interview's report). */
export const PDF_PAPERS = ['a4', 'letter'] as const;
export type PdfPaper = (typeof PDF_PAPERS)[number];
export const pdfQuerySchema = z.object({ paper: z.enum(PDF_PAPERS, { error: 'paper must be a4 or letter' }).default('a4') });
