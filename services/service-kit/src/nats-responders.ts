import type { Msg, NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { inMessageSpan } from './telemetry/nats-tracing.ts';

/** A message's JSON, or undefined when it is not JSON at all. */
export function messageJson(msg: Msg): unknown {
  try {
    return msg.json<unknown>();
  } catch {
    return undefined;
  }
}

/** One question a service answers over NATS. */
export interface NatsResponder {
  subject: string;
  /** The answer to a question's JSON body (undefined when the body is not JSON). */
  answer(body: unknown): Promise<unknown>;
  /** What to answer when `answer` fails; without it the question goes unanswered, and the asker sees the service unavailable. */
  failureReply?: unknown;
}

/**
 * Serves `responders` in the service's queue group, so another process of the service is more
 * capacity. Returns a function that stops listening and waits for the answers in flight (a
 * rolling update loses no question).
 */
export function startResponders(nc: NatsConnection, queue: string, responders: readonly NatsResponder[], log: FastifyBaseLogger): () => Promise<void> {
  // Answers being worked on: stopping waits for them, so a question taken before the stop is answered.
  const inFlight = new Set<Promise<void>>();
  const subscriptions = responders.map(({ subject, answer, failureReply }) =>
    nc.subscribe(subject, {
      queue,
      callback: (error, msg) => {
        if (error) {
          log.warn({ err: error, subject }, 'subscription error');
          return;
        }
        const answered: Promise<void> = inMessageSpan(msg, 'server', () => answer(messageJson(msg))).then(
          (reply) => void msg.respond(JSON.stringify(reply)),
          (failure: unknown) => {
            log.error({ err: failure, subject }, 'responder failed');
            if (failureReply !== undefined) msg.respond(JSON.stringify(failureReply));
          },
        );
        inFlight.add(answered);
        void answered.finally(() => inFlight.delete(answered));
      },
    }),
  );
  // Drain: the server stops sending this instance questions (the queue group's other members get
  // them), those already delivered are answered, then the answers in flight are waited for.
  return async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    await Promise.all([...inFlight]);
  };
}
