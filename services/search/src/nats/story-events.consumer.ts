import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_CONSUMERS } from '@story/proto';
import { DurableEventConsumer } from '@story/service-kit';
import { eventVersion } from '../indexing/event-version.ts';
import type { StoryIndexer } from '../indexing/story-indexer.ts';

/**
 * Reads EVENTS with the durable pull consumer `search-indexer` and explicit acks (the kit's
 * DurableEventConsumer): an event is acked only after the indexer applied it, so none is lost when
 * this process or NATS stops; instances share the consumer, so each event goes to one of them.
 */
export class StoryEventsConsumer {
  private readonly consumer: DurableEventConsumer;

  constructor(indexer: StoryIndexer, log: FastifyBaseLogger) {
    this.consumer = new DurableEventConsumer({
      durable: EVENT_CONSUMERS.searchIndexer,
      log,
      handle: async (subject, payload, message) => {
        const outcome = await indexer.apply(subject, payload, eventVersion(message.info.timestampNanos, message.seq));
        if (outcome.kind === 'applied') return 'handled';
        log.error({ subject, seq: message.seq, reason: outcome.reason }, 'story event does not match its schema');
        return 'invalid';
      },
    });
  }

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  start(nc: NatsConnection): Promise<void> {
    return this.consumer.start(nc);
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}
