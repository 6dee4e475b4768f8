/**
 * Test support of the speech service: recordings made with a speech synthesiser (flite's `rms`
 * voice, which pocketsphinx understands well; never the replies' own voice), in every format the
 * service takes, and a stand-in for auth's `auth.user.settings` answer.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { QUEUE_GROUPS, SUBJECTS, userSettingsRequestSchema, type ResponseType } from '@story/proto';

export const SPOKEN_ANSWER = 'I led the migration of our checkout database to a new system. We finished two weeks early and the error rate dropped by eighty percent.';
/** Words pocketsphinx reliably hears in SPOKEN_ANSWER. */
export const HEARD_WORDS = ['database', 'weeks', 'percent'];

export interface Recordings {
  wav: string;
  mp3: string;
  m4a: string;
  aac: string;
  webm: string;
  ogg: string;
  /** About 26 s: SPOKEN_ANSWER three times. */
  longWav: string;
}

/** Makes the recordings in `dir` (flite, then ffmpeg and lame): a second or two. */
export function makeRecordings(dir: string, text = SPOKEN_ANSWER): Recordings {
  const path = (name: string) => join(dir, name);
  execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', path('answer.wav')]);
  execFileSync('flite', ['-voice', 'rms', '-t', `${text} ${text} ${text}`, '-o', path('long.wav')]);
  execFileSync('lame', ['--silent', path('answer.wav'), path('answer.mp3')]);
  const ffmpeg = (args: string[], out: string) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', path('answer.wav'), ...args, path(out)]);
  ffmpeg(['-c:a', 'aac', '-b:a', '96k'], 'answer.m4a');
  ffmpeg(['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'], 'answer.aac');
  ffmpeg(['-c:a', 'libopus', '-b:a', '128k'], 'answer.webm');
  ffmpeg(['-c:a', 'libopus', '-b:a', '64k'], 'answer.ogg');
  return { wav: path('answer.wav'), mp3: path('answer.mp3'), m4a: path('answer.m4a'), aac: path('answer.aac'), webm: path('answer.webm'), ogg: path('answer.ogg'), longWav: path('long.wav') };
}

/** A file's bytes cut into `parts` pieces, as a recorder's one-second chunks come. */
export function chunksOf(file: string, parts: number): Buffer[] {
  const bytes = readFileSync(file);
  const size = Math.ceil(bytes.length / parts);
  return Array.from({ length: parts }, (_, index) => bytes.subarray(index * size, (index + 1) * size)).filter((chunk) => chunk.length > 0);
}

export interface UserVoiceSettings {
  timeLimit: number;
  responseType: ResponseType;
}

/** Answers `auth.user.settings` as auth would, from a table of users. */
export function answerUserSettings(nc: NatsConnection, users: ReadonlyMap<number, UserVoiceSettings>): void {
  nc.subscribe(SUBJECTS.userSettings, {
    queue: QUEUE_GROUPS.auth,
    callback: (_error, msg) => {
      const request = userSettingsRequestSchema.safeParse(msg.json());
      const user = request.success ? users.get(request.data.userId) : undefined;
      msg.respond(JSON.stringify(user ? { ok: true, userType: 'standard', ...user } : { ok: false, message: 'User not found' }));
    },
  });
}

/** A multipart body of the spec's `/api/transcribe` form. */
export function transcribeForm(file: { name: string; bytes: Buffer; type?: string } | undefined, fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----speech${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
