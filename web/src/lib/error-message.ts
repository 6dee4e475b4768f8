/** The message of a thrown error, or the fallback when it is no Error or has no message. */
export function errorMessageOr(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
