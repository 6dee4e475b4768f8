import type { FastifyInstance } from 'fastify';

/** What a client is told instead of an answer over the cap. */
export const responseTooLargeMessage = (bytes: number, maxBytes: number) =>
  `Response is too large: ${bytes} bytes, at most ${maxBytes} are allowed. Ask for fewer fields or fewer items.`;

/**
 * Replaces every answer of this scope larger than `maxBytes` with a 400 GraphQL error, so that a
 * query the cost estimate lets through (lists are assumed to hold 10 items) can never send
 * megabytes. Apollo hands fastify each answer as one complete string (the gateway executes no
 * `@defer`), so the size is known before anything is written.
 */
export function registerResponseSizeCap(app: FastifyInstance, maxBytes: number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes <= maxBytes) return payload;
    request.log.warn({ bytes, maxBytes }, 'GraphQL answer over the size cap replaced by an error');
    void reply.code(400);
    return JSON.stringify({ errors: [{ message: responseTooLargeMessage(bytes, maxBytes), extensions: { code: 'RESPONSE_TOO_LARGE' } }] });
  });
}
