/** The token of a reset link, `/reset-password#token=…` (the fragment never reaches a server, a log or a Referer); '' when there is none. */
export function resetTokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
