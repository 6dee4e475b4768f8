import { failureServerMessage, failureStatus } from '../../../api/failure.ts';

/** Why a mock interview screen could not load: the API's words, and whether it was the plan refusing (403, issue 39, 3). */
export interface LoadFailure {
  message: string;
  locked: boolean;
}

/** The failure of a read, in the API's words (else `fallback`); a 403 with words is the plan's refusal. */
export function loadFailureOf(error: unknown, fallback: string): LoadFailure {
  const words = failureServerMessage(error);
  return { message: words ?? fallback, locked: failureStatus(error) === 403 && words !== undefined };
}
