import { CONVERSATION_MESSAGES, MIN_RECORDING_BYTES } from '@story/proto';

/** Warn this long before the limit (or a third of the limit, if that is shorter). */
const WARNING_SECONDS = 30;

/** The specification's refusal of a recording this many bytes long, or null when it may be sent. */
export function recordingSizeProblem(bytes: number): string | null {
  if (bytes === 0) return CONVERSATION_MESSAGES.recordingEmpty;
  return bytes < MIN_RECORDING_BYTES ? CONVERSATION_MESSAGES.recordingTooSmall : null;
}

/** When to warn of the limit: 30 s before it, or a third of it before for short limits; null when too short to matter. */
export function warningAt(timeLimit: number): number | null {
  const before = Math.min(WARNING_SECONDS, Math.floor(timeLimit / 3));
  return before >= 5 ? timeLimit - before : null;
}
