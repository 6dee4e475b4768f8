/** Codes of a connection to a service that was refused or cut before any answer (an instance stopping in a rolling update). */
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * Whether a call to a service failed because its connection was refused or cut before any answer:
 * then nothing was done, and a read may be asked again at once (the REST proxy and the GraphQL data
 * sources do so once; a change is never sent twice).
 */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_LOST.has(code)) return true;
    current = current.cause;
  }
  return false;
}
