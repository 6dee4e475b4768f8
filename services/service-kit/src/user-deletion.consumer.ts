import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_SUBJECTS, userDeletedEventSchema } from '@story/proto';
import { DurableEventConsumer, type EventOutcome } from './durable-consumer.ts';
import type { ServiceApp } from './http-app.ts';
import type { NatsLink } from './nats-link.ts';

/** Deletes everything a service keeps of one person; resolves to how many rows (or objects) went. Run twice, it deletes nothing more. */
export type ForgetUser = (userId: number) => Promise<number>;

/**
 * Forgets a deleted person (`events.user.deleted`, published by auth through its outbox) with a
 * durable consumer of its own on EVENTS and explicit acks: a service that was down when the account
 * was deleted deletes when it comes back, and a redelivered event deletes nothing more and is acked.
 * Every other event is acked untouched.
 */
export class UserDeletionConsumer {
  private readonly consumer: DurableEventConsumer;

  constructor(
    durable: string,
    private readonly forget: ForgetUser,
    private readonly log: FastifyBaseLogger,
  ) {
    this.consumer = new DurableEventConsumer({ durable, log, handle: (subject, payload) => this.apply(subject, payload) });
  }

  /** Forgets the person of a `user.deleted` event; other subjects are not this consumer's business. */
  async apply(subject: string, payload: unknown): Promise<EventOutcome> {
    if (subject !== EVENT_SUBJECTS.userDeleted) return 'handled';
    const event = userDeletedEventSchema.safeParse(payload);
    if (!event.success) return 'invalid';
    const deleted = await this.forget(event.data.userId);
    if (deleted > 0) this.log.info({ userId: event.data.userId, deleted }, 'forgot a deleted account');
    return 'handled';
  }

  start(nc: NatsConnection): Promise<void> {
    return this.consumer.start(nc);
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

/** Runs a service's user-deletion consumer once NATS is connected and stops it with the app. */
export function registerUserDeletion(app: ServiceApp, nats: NatsLink, durable: string, forget: ForgetUser): UserDeletionConsumer {
  const consumer = new UserDeletionConsumer(durable, forget, app.log);
  nats.onConnect((nc) => consumer.start(nc));
  app.addHook('onClose', async () => consumer.stop());
  return consumer;
}
