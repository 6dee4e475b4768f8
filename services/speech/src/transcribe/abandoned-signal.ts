import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the person's request ends before its answer was sent (the browser
 * closed the connection, the gateway timed out): the speech work behind it is then cancelled.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
