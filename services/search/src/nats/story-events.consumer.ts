import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_STREAM, EVENT_CONSUMERS } from '@story/proto';
import { ensureEventsStream } from '@story/service-kit';
import { eventVersion } from '../indexing/event-version.ts';
import type { StoryIndexer } from '../indexing/story-indexer.ts';

/** How long JetStream waits for an ack before it delivers the event again (to this or another instance). */
const ACK_WAIT_NANOS = 30 * 1_000_000_000;
/** The pause before an event that failed (database or embedder trouble) is delivered again. */
const RETRY_DELAY_MS = 2000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Reads EVENTS with the durable pull consumer `search-indexer` and explicit acks: an event is acked
 * only after the indexer applied it, so none is lost when this process or NATS stops; instances
 * share the consumer, so each event goes to one of them. The loop survives NATS restarts.
 */
export class StoryEventsConsumer {
  private messages: ConsumerMessages | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly indexer: StoryIndexer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  async start(nc: NatsConnection): Promise<void> {
    await ensureEventsStream(nc);
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.searchIndexer);
    } catch {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: EVENT_CONSUMERS.searchIndexer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ACK_WAIT_NANOS,
        max_ack_pending: 1000,
      });
    }
    this.loop ??= this.run(nc);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.loop;
  }

  private async run(nc: NatsConnection): Promise<void> {
    const js = jetstream(nc);
    while (!this.stopped && !nc.isClosed()) {
      try {
        const consumer = await js.consumers.get(EVENTS_STREAM, EVENT_CONSUMERS.searchIndexer);
        this.messages = await consumer.consume({ max_messages: 100 });
        for await (const message of this.messages) {
          await this.handle(message);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.log.warn({ err: error }, 'reading story events failed; trying again');
        await delay(RETRY_DELAY_MS);
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    let payload: unknown;
    try {
      payload = message.json();
    } catch {
      this.log.error({ subject: message.subject, seq: message.seq }, 'story event is not JSON; dropped');
      message.term();
      return;
    }
    try {
      const outcome = await this.indexer.apply(message.subject, payload, eventVersion(message.info.timestampNanos, message.seq));
      if (outcome.kind === 'invalid') {
        this.log.error({ subject: message.subject, seq: message.seq, reason: outcome.reason }, 'story event does not match its schema; dropped');
        message.term();
        return;
      }
      // Wait for the server to record the ack: an ack lost on the way would only mean one more (idempotent) delivery.
      await message.ackAck().catch(() => false);
    } catch (error) {
      this.log.warn({ err: error, subject: message.subject, seq: message.seq }, 'indexing a story event failed; it will come again');
      message.nak(RETRY_DELAY_MS);
    }
  }
}
