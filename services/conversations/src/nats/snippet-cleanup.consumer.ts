import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_STREAM, EVENT_CONSUMERS, EVENT_SUBJECTS, snippetDeletedEventSchema } from '@story/proto';
import type { NatsLink, ServiceApp } from '@story/service-kit';
import type { SnippetConversationRepository } from '../snippet-conversations/snippet-conversation.repository.ts';

/** How long a failed deletion waits before JetStream offers the event again. */
const RETRY_DELAY_MS = 5_000;

/**
 * Deletes the practice conversations of every snippet the jobs service deleted (it deletes a job
 * description's snippets with it). A durable consumer of `events.snippet.deleted` on EVENTS with
 * explicit acks: an event is acked only once its conversations are gone, so none is lost across a
 * restart of this service or of NATS, and handling one twice deletes nothing more.
 */
export class SnippetCleanupConsumer {
  private messages: ConsumerMessages | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly repository: SnippetConversationRepository) {}

  /** Makes sure the durable consumer exists and starts handling its events in the background. */
  async start(nc: NatsConnection, log: FastifyBaseLogger): Promise<void> {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(EVENTS_STREAM, {
      durable_name: EVENT_CONSUMERS.snippetCleanup,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: EVENT_SUBJECTS.snippetDeleted,
    });
    const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, EVENT_CONSUMERS.snippetCleanup);
    const messages = await consumer.consume({ max_messages: 50 });
    this.messages = messages;
    this.running = this.handleAll(messages, log);
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.running;
  }

  private async handleAll(messages: ConsumerMessages, log: FastifyBaseLogger): Promise<void> {
    for await (const message of messages) await this.handle(message, log);
  }

  private async handle(message: JsMsg, log: FastifyBaseLogger): Promise<void> {
    let body: unknown;
    try {
      body = message.json();
    } catch {
      body = undefined;
    }
    const event = snippetDeletedEventSchema.safeParse(body);
    if (!event.success) {
      // Not an event this consumer can ever handle: stop it coming back.
      log.warn({ subject: message.subject, seq: message.seq }, 'malformed snippet.deleted event dropped');
      message.term();
      return;
    }
    try {
      const deleted = await this.repository.deleteSnippetConversations(event.data.userId, event.data.snippetId);
      message.ack();
      if (deleted > 0) log.info({ snippetId: event.data.snippetId, deleted }, 'deleted the practice conversations of a deleted snippet');
    } catch (error) {
      log.warn({ err: error, snippetId: event.data.snippetId }, 'could not delete a deleted snippet’s conversations; retrying');
      message.nak(RETRY_DELAY_MS);
    }
  }
}

/** Runs the snippet clean-up once NATS is connected (after the EVENTS stream is made sure of) and stops it with the app. */
export function registerSnippetCleanup(app: ServiceApp, nats: NatsLink, repository: SnippetConversationRepository): SnippetCleanupConsumer {
  const consumer = new SnippetCleanupConsumer(repository);
  nats.onConnect((nc, log) => consumer.start(nc, log));
  app.addHook('onClose', async () => consumer.stop());
  return consumer;
}
