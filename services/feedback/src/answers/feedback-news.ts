import { EventEmitter } from 'node:events';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { SUBJECTS, feedbackStoredMessageSchema } from '@story/proto';
import { messageJson, type NatsLink, type ServiceApp } from '@story/service-kit';

/** Whose answer now has its feedback. */
export interface FeedbackStored {
  answerId: string;
  userId: number;
}

/**
 * News of feedback being stored, for the streams that wait for it (`GET /api/feedback/{answerId}/events`).
 * The instance that stores feedback tells its own streams at once and every other instance through
 * `feedback.stored` (core NATS, best effort: a stream that misses it still reads the feedback when it
 * opens again). An instance hears its own message too; a stream that already has its feedback has gone.
 */
export class FeedbackNews {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private nc: NatsConnection | undefined;

  /** Tells the waiting streams, here and on the other instances. */
  announce(stored: FeedbackStored): void {
    this.local.emit(stored.answerId, stored);
    const nc = this.nc;
    if (nc && !nc.isClosed()) {
      try {
        nc.publish(SUBJECTS.feedbackStored, JSON.stringify(stored));
      } catch {
        // Best effort: the other instances' streams read the feedback when they open again.
      }
    }
  }

  /** Calls `listener` when the answer's feedback is stored; returns the function that stops listening. */
  follow(answerId: string, listener: (stored: FeedbackStored) => void): () => void {
    this.local.on(answerId, listener);
    return () => this.local.off(answerId, listener);
  }

  /** Listens to the other instances' news (a NatsLink set-up step); returns the function that stops. */
  listen(nc: NatsConnection, log: FastifyBaseLogger): () => void {
    this.nc = nc;
    const subscription = nc.subscribe(SUBJECTS.feedbackStored, {
      callback: (error, msg) => {
        if (error) return log.warn({ err: error }, 'feedback.stored subscription failed');
        const parsed = feedbackStoredMessageSchema.safeParse(messageJson(msg));
        if (parsed.success) this.local.emit(parsed.data.answerId, parsed.data);
      },
    });
    return () => subscription.unsubscribe();
  }
}

/** Hears the other instances once NATS is connected, and stops with the app. */
export function registerFeedbackNews(app: ServiceApp, nats: NatsLink, news: FeedbackNews): void {
  let stop: (() => void) | undefined;
  nats.onConnect((nc, log) => {
    stop = news.listen(nc, log);
  });
  app.addHook('onClose', async () => stop?.());
}
