import type { FastifyRequest } from 'fastify';
import { RESUME_MAX_BYTES, RESUME_MESSAGES } from '@story/proto';
import { HttpError, badRequest } from '@story/service-kit';
import type { ResumeFile } from './resume-engines.ts';

/** The multipart limits of the upload: one file of at most 5 MB (a second file is counted to be refused clearly). */
export const RESUME_MULTIPART_LIMITS = { fileSize: RESUME_MAX_BYTES, files: 2, fields: 5, parts: 7, fieldSize: 1024 };

/** A body that is not the multipart it claims to be: the sender's fault. */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof HttpError) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code.startsWith('FST_INVALID_MULTIPART') || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return true;
  return /multipart|boundary|unexpected end of form|malformed part header|part terminated early/i.test(error.message);
}

/**
 * `POST /api/resumes`'s body: one `file` part of at most 5 MB, read into memory (nothing touches the
 * disk, so nothing is left behind). Its type is checked by the parser, by name and by content.
 */
export async function readResumeUpload(request: FastifyRequest): Promise<ResumeFile> {
  if (!request.isMultipart()) throw badRequest(RESUME_MESSAGES.noFile);
  let file: ResumeFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (file) {
        part.file.resume();
        throw badRequest(RESUME_MESSAGES.oneFile);
      }
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if (
          part.file.truncated ||
          (error instanceof Error && /file too large|FILE_TOO_LARGE/i.test(`${error.message} ${String((error as { code?: unknown }).code)}`))
        ) {
          throw new HttpError(413, RESUME_MESSAGES.tooLarge);
        }
        throw error;
      });
      if (part.file.truncated) throw new HttpError(413, RESUME_MESSAGES.tooLarge);
      file = { fileName: (part.filename || 'resume').slice(0, 200), bytes: new Uint8Array(bytes) };
    }
  } catch (error) {
    if (isMalformedMultipart(error)) throw badRequest(RESUME_MESSAGES.noFile);
    throw error;
  }
  if (!file) throw badRequest(RESUME_MESSAGES.noFile);
  if (file.bytes.length === 0) throw badRequest(RESUME_MESSAGES.emptyFile);
  return file;
}
