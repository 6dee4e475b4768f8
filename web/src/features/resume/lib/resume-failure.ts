import { failureServerMessage, failureStatus } from '../../../api/failure.ts';

/** Why a résumé call failed, as the page shows it. */
export type ResumeFailure = { kind: 'locked'; message: string } | { kind: 'failed'; message: string };

/**
 * A 403 with the service's words is the plan refusing the feature ("Résumé upload and suggestions
 * are part of the Essentials plan."): a notice in place of the screen. Another refusal the person
 * can act on (a 4xx) is told in the service's words; anything else in `fallback`.
 */
export function resumeFailure(error: unknown, fallback: string): ResumeFailure {
  const status = failureStatus(error);
  const message = failureServerMessage(error);
  if (status === 403 && message) return { kind: 'locked', message };
  if (status !== undefined && status >= 400 && status < 500 && status !== 401 && message) return { kind: 'failed', message };
  return { kind: 'failed', message: fallback };
}
