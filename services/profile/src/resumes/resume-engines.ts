import type { ResumeContent, ResumeFormat } from '@story/proto';

/** An uploaded file, whole in memory (at most 5 MB). */
export interface ResumeFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Reads an uploaded file into a résumé's sections, or refuses it with an HttpError naming what is wrong. */
export interface ResumeParser {
  /** `userId`: whose file it is (one file per person is read at a time). */
  parse(file: ResumeFile, userId: number): Promise<{ format: ResumeFormat; content: ResumeContent }>;
}

/** A person's saved stories that best match each text, by the text's key (the search service answers). */
export type { StoriesFinder } from '@story/service-kit';

/** Makes the PDF of a person's résumé (its current content), for that person. */
export type ResumePdfRenderer = (userId: number, resume: { id: number; content: ResumeContent }, paper: 'a4' | 'letter') => Promise<Buffer>;
