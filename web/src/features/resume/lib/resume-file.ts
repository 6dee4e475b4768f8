import { RESUME_EXTENSIONS, RESUME_MAX_BYTES, RESUME_MESSAGES } from '@story/proto';

/** What the browser knows of a chosen file before sending it. */
export interface ResumeFileFacts {
  name: string;
  size: number;
}

/** Every ending an upload may have (".pdf", ".docx", ".txt", ".md", ".markdown"). */
export const RESUME_FILE_ENDINGS: readonly string[] = Object.values(RESUME_EXTENSIONS).flat();

/** The file chooser's `accept` list: the endings and their usual MIME types. */
export const RESUME_ACCEPT = [
  ...RESUME_FILE_ENDINGS,
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
].join(',');

/**
 * The service's checks of an upload, made before sending it, with the same messages: a kind of
 * file it reads (by its name's ending), not empty, at most 5 MB. Null when the file may go.
 */
export function resumeFileProblem(file: ResumeFileFacts): string | null {
  const name = file.name.toLowerCase();
  if (!RESUME_FILE_ENDINGS.some((ending) => name.endsWith(ending))) return RESUME_MESSAGES.wrongType;
  if (file.size === 0) return RESUME_MESSAGES.emptyFile;
  if (file.size > RESUME_MAX_BYTES) return RESUME_MESSAGES.tooLarge;
  return null;
}

/** Of the files dropped or chosen at once: the one to upload, or the message refusing them. */
export function pickResumeFile<T extends ResumeFileFacts>(files: readonly T[]): { file: T } | { problem: string } {
  const [file] = files;
  if (!file) return { problem: RESUME_MESSAGES.noFile };
  if (files.length > 1) return { problem: RESUME_MESSAGES.oneFile };
  const problem = resumeFileProblem(file);
  return problem ? { problem } : { file };
}
