import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SPEECH_MESSAGES, UPLOAD_MAX_BYTES, audioTooLargeMessage, invalidAudioTypeMessage, transcribeFieldsSchema } from '@story/proto';
import { HttpError, badRequest, parseInput } from '@story/service-kit';
import { extensionOf, hasAudioExtension, sniffAudioFile, type AudioKind } from './audio-format.ts';

const MB = 1024 * 1024;

/** An uploaded audio file, in a temporary file that `discard()` removes. */
export interface AudioUpload {
  path: string;
  fileName: string;
  /** What its bytes are (its magic bytes), whatever its name says. */
  kind: AudioKind;
  extension: string;
  bytes: number;
  /** The sha-256 (hex) of its bytes as received: what ties its recording id to this audio (issue 36). */
  sha256: string;
  fields: ReturnType<typeof transcribeFieldsSchema.parse>;
  discard(): Promise<void>;
}

const invalidType = (fileName: string) => new HttpError(415, invalidAudioTypeMessage(fileName));

/** A too-large file, sized by what the request declared (the upload itself stopped at 25 MB). */
function tooLarge(request: FastifyRequest, fileName: string): HttpError {
  const declared = Number(request.headers['content-length']);
  const megabytes = Number.isFinite(declared) && declared > UPLOAD_MAX_BYTES ? (declared / MB).toFixed(2) : (UPLOAD_MAX_BYTES / MB).toFixed(2);
  return new HttpError(413, audioTooLargeMessage(fileName, megabytes));
}

/** Streams a file part into `path`; its size and the sha-256 of its bytes, taken on the way. */
async function saveFile(part: MultipartFile, path: string): Promise<{ bytes: number; sha256: string }> {
  let bytes = 0;
  const hash = createHash('sha256');
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(part.file, count, createWriteStream(path));
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * A body that is not multipart as it claims (no boundary, cut short, broken part headers): the
 * parser's own errors, which are the sender's fault, not the server's.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof HttpError) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return true;
  return /multipart|boundary|unexpected end of form|malformed part header|part terminated early/i.test(error.message);
}

/** Reads a JSON field of the form (conversationHistory), refusing text that is not JSON in the schema's words. */
function jsonField(text: string | undefined, name: string): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be a list`);
  }
}

/**
 * `POST /api/transcribe`'s body: one `audio` file of at most 25 MB whose name ends in an accepted
 * extension *and* whose first bytes are audio (a text file renamed `.mp3` is refused with the
 * specification's message), plus `conversationHistory` (JSON), optional `audioType=solo` and
 * `context`. The file is written to a temporary file, removed on any refusal and by `discard()`.
 */
export async function readAudioUpload(request: FastifyRequest, tmpDir: string): Promise<AudioUpload> {
  const texts: Record<string, string> = {};
  let saved: { path: string; fileName: string; bytes: number; sha256: string } | undefined;
  const paths: string[] = [];
  const discard = async () => {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') texts[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'audio' || saved) {
        part.file.resume();
        if (saved) throw badRequest(SPEECH_MESSAGES.oneFileOnly);
        continue;
      }
      const fileName = part.filename || 'audio';
      if (!hasAudioExtension(fileName)) {
        part.file.resume();
        throw invalidType(fileName);
      }
      const path = join(tmpDir, `story-upload-${randomUUID()}.${extensionOf(fileName)}`);
      paths.push(path);
      const file = await saveFile(part, path).catch((error: unknown) => {
        if (
          part.file.truncated ||
          (error instanceof Error && /file too large|FILE_TOO_LARGE/i.test(`${error.message} ${String((error as { code?: unknown }).code)}`))
        )
          throw tooLarge(request, fileName);
        throw error;
      });
      if (part.file.truncated) throw tooLarge(request, fileName);
      saved = { path, fileName, ...file };
    }
    if (!saved) throw badRequest(SPEECH_MESSAGES.audioMissing);
    const kind = await sniffAudioFile(saved.path);
    if (!kind) throw invalidType(saved.fileName);
    const fields = parseInput(transcribeFieldsSchema, {
      conversationHistory: jsonField(texts.conversationHistory, 'conversationHistory'),
      audioType: texts.audioType || undefined,
      context: texts.context || undefined,
      threadId: texts.threadId || undefined,
      snippetId: texts.snippetId || undefined,
      resumeId: texts.resumeId || undefined,
      bulletId: texts.bulletId || undefined,
      recordingId: texts.recordingId || undefined,
      mockInterviewId: texts.mockInterviewId || undefined,
      mockQuestionIndex: texts.mockQuestionIndex || undefined,
      mockPart: texts.mockPart || undefined,
    });
    return { ...saved, kind, extension: extensionOf(saved.fileName), fields, discard };
  } catch (error) {
    await discard();
    if (isMalformedMultipart(error)) throw badRequest(SPEECH_MESSAGES.malformedUpload);
    throw error;
  }
}
