import { calendarMonthOf } from '@story/proto';

/**
 * The recording id of an upload that came without one (a client other than the web app): its
 * month and the hash of its bytes, so the same file sent again that month (a retried request) is
 * counted once.
 */
export const uploadRecordingId = (audioSha256: string, at: Date): string => `upload-${calendarMonthOf(at).key}-${audioSha256.slice(0, 40)}`;

/** The recording id of a live session opened without one. */
export const sessionRecordingId = (sessionId: number | string): string => `session-${sessionId}`;

/**
 * A counted recording's key in the ledger (issue 36): its id for the first audio counted under it,
 * `<id>#<n>` for the n-th. A recording id has letters, digits and dashes only, so no id is ever
 * another's derived key, and the first recording's row is never overwritten.
 */
export const ledgerKeyOf = (recordingId: string, countedBefore: number): string => (countedBefore === 0 ? recordingId : `${recordingId}#${countedBefore + 1}`);
