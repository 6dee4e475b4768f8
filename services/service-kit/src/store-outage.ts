/**
 * A store that cannot be reached (MongoDB, Qdrant) is an outage, not a broken request: the caller
 * gets a 503 with Retry-After instead of a 500, `/readyz` says not ready, and an event whose handling
 * failed for it is delivered again later (the durable consumers nak with a delay). Only errors of the
 * connection kind count; a refused write (duplicate key, validation) is still the request's own.
 */

/** How long a caller is told to wait before trying again (seconds, the Retry-After header). */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The MongoDB driver's and mongoose's names for "no server could be reached or the connection broke". */
const MONGO_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
]);

/** Socket and fetch (undici) codes of a server that is down, unreachable or cut off mid-answer (the Qdrant client's fetch). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Whether an error (or one in its cause chain) says a store could not be reached. */
export function isStoreUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (MONGO_UNREACHABLE.has(current.name)) return true;
    // mongoose holds operations while disconnected, and gives up after bufferTimeoutMS.
    if (current.name === 'MongooseError' && /buffering timed out/.test(current.message)) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}
