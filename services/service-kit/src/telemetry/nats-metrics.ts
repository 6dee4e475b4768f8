import type { Msg, NatsConnection, Payload, RequestOptions } from '@nats-io/transport-node';
import { natsRequestDuration } from './metrics.ts';

/**
 * A subject as a label: tokens that carry an id (any digit, or 16 characters and more: a job id, a
 * session number) become `*`, so `speech.session.42.chunk` is `speech.session.*.chunk`.
 */
export function subjectPattern(subject: string): string {
  return subject
    .split('.')
    .map((token) => (/\d/.test(token) || token.length >= 16 ? '*' : token))
    .join('.');
}

/** How a request ended, as the `outcome` label says it. */
export function requestOutcome(error: unknown): 'ok' | 'timeout' | 'no_responders' | 'error' {
  if (error === undefined) return 'ok';
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth += 1) {
    if (current.name === 'NoRespondersError' || /no responders/i.test(current.message)) return 'no_responders';
    if (current.name === 'TimeoutError' || /timeout/i.test(current.message)) return 'timeout';
    current = current.cause;
  }
  return 'error';
}

/** `nc.request`, timed into `story_nats_request_duration_seconds` by subject pattern and outcome. */
export async function timedRequest(nc: NatsConnection, subject: string, payload?: Payload, options?: RequestOptions): Promise<Msg> {
  const end = natsRequestDuration.startTimer({ subject: subjectPattern(subject) });
  try {
    const answer = await nc.request(subject, payload, options);
    end({ outcome: 'ok' });
    return answer;
  } catch (error) {
    end({ outcome: requestOutcome(error) });
    throw error;
  }
}
