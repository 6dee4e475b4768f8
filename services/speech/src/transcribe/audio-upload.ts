import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SPEECH_MESSAGES, UPLOAD_MAX_BYTES, audioTooLargeMessage, invalidAudioTypeMessage, transcribeFieldsSchema } from '@story/proto';
import { HttpError, badRequest, parseInput } from '@story/service-kit';
import { SNIFF_BYTES, extensionOf, hasAudioExtension, sniffAudioKind, type AudioKind } from './audio-format.ts';

const MB = 1024 * 1024;

/** An uploaded audio file, in a temporary file that `discard()` removes. */
export interface AudioUpload {
  path: string;
  fileName: string;
  /** What its bytes are (its magic bytes), whatever its name says. */
  kind: AudioKind;
  extension: string;
  bytes: number;
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

/** Streams a file part into `path`, keeping its first bytes for the content check; its size. */
async function saveFile(part: MultipartFile, path: string, head: Buffer[]): Promise<number> {
  let bytes = 0;
  const sniff = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (bytes < SNIFF_BYTES) head.push(chunk.subarray(0, SNIFF_BYTES - bytes));
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(part.file, sniff, createWriteStream(path));
  return bytes;
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
  let saved: { path: string; fileName: string; bytes: number; head: Buffer } | undefined;
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
      const head: Buffer[] = [];
      const bytes = await saveFile(part, path, head).catch((error: unknown) => {
        if (part.file.truncated || (error instanceof Error && /file too large|FILE_TOO_LARGE/i.test(`${error.message} ${String((error as { code?: unknown }).code)}`))) throw tooLarge(request, fileName);
        throw error;
      });
      if (part.file.truncated) throw tooLarge(request, fileName);
      saved = { path, fileName, bytes, head: Buffer.concat(head) };
    }
    if (!saved) throw badRequest(SPEECH_MESSAGES.audioMissing);
    const kind = sniffAudioKind(saved.head);
    if (!kind) throw invalidType(saved.fileName);
    const fields = parseInput(transcribeFieldsSchema, {
      conversationHistory: jsonField(texts.conversationHistory, 'conversationHistory'),
      audioType: texts.audioType || undefined,
      context: texts.context || undefined,
      threadId: texts.threadId || undefined,
      snippetId: texts.snippetId || undefined,
    });
    return { path: saved.path, fileName: saved.fileName, kind, extension: extensionOf(saved.fileName), bytes: saved.bytes, fields, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
