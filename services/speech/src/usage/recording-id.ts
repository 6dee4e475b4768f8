import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { calendarMonthOf } from '@story/proto';

/**
 * The recording id of an upload that came without one (a client other than the web app): its
 * month and the hash of its bytes, so the same file sent again that month (a retried request) is
 * counted once.
 */
export async function uploadRecordingId(path: string, at: Date): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `upload-${calendarMonthOf(at).key}-${hash.digest('hex').slice(0, 40)}`;
}

/** The recording id of a live session opened without one. */
export const sessionRecordingId = (sessionId: number | string): string => `session-${sessionId}`;
