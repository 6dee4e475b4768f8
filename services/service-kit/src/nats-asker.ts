import type { NatsConnection } from '@nats-io/transport-node';
import { serviceUnavailableMessage } from '@story/proto';
import { HttpError } from './errors.ts';
import type { NatsLink } from './nats-link.ts';
import { timedRequest } from './telemetry/nats-metrics.ts';

/** The connection, or 503 naming the service that cannot be asked. */
export function connectionFor(nats: NatsLink, service: string): NatsConnection {
  const nc = nats.nc;
  if (!nc) throw new HttpError(503, serviceUnavailableMessage(service));
  return nc;
}

/** Whether a request failed because nobody listens on its subject (as opposed to a slow answer). */
export function isNoResponders(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth += 1) {
    if (current.name === 'NoRespondersError' || /no responders/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Asks `subject` and returns the answer's JSON; no answer in time, or nobody to ask, is a 503 naming `service`. */
export async function ask(nats: NatsLink, service: string, subject: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const nc = connectionFor(nats, service);
  try {
    return (await timedRequest(nc, subject, JSON.stringify(body), { timeout: timeoutMs })).json<unknown>();
  } catch {
    throw new HttpError(503, serviceUnavailableMessage(service));
  }
}
