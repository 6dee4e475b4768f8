import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_STREAM } from '@story/proto';
import { ensureEventsStream } from './nats.ts';

/** What became of one event: handled, or never handleable (it does not match its schema). */
export type EventOutcome = 'handled' | 'invalid';

export interface DurableEventConsumerOptions {
  /** The durable consumer's name on EVENTS (`EVENT_CONSUMERS`). */
  durable: string;
  /** Handles one event (its subject, its JSON, the message for its stream position); a throw means "try again later". */
  handle(subject: string, payload: unknown, message: JsMsg): Promise<EventOutcome>;
  log: FastifyBaseLogger;
  /** How long JetStream waits for an ack before it delivers an event again (to this or another instance). */
  ackWaitSeconds?: number;
  maxAckPending?: number;
  /** Events fetched at a time. */
  batch?: number;
}

/** The pause before an event that failed (database or engine trouble) is delivered again, and before reading again after an error. */
const RETRY_DELAY_MS = 2000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Reads EVENTS with a durable pull consumer and explicit acks: an event is acked only after it was
 * handled, so none is lost when the process or NATS stops; one that can never be handled is dropped
 * (term) with a log line; one whose handling failed comes again. Instances share the consumer, so
 * each event goes to one of them. The loop survives NATS restarts.
 */
export class DurableEventConsumer {
  private messages: ConsumerMessages | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: DurableEventConsumerOptions) {}

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  async start(nc: NatsConnection): Promise<void> {
    const { durable, ackWaitSeconds = 30, maxAckPending = 1000 } = this.options;
    await ensureEventsStream(nc);
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.consumers.info(EVENTS_STREAM, durable);
    } catch {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ackWaitSeconds * 1_000_000_000,
        max_ack_pending: maxAckPending,
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
        const consumer = await js.consumers.get(EVENTS_STREAM, this.options.durable);
        this.messages = await consumer.consume({ max_messages: this.options.batch ?? 100 });
        for await (const message of this.messages) {
          await this.handle(message);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.options.log.warn({ err: error, consumer: this.options.durable }, 'reading events failed; trying again');
        await delay(RETRY_DELAY_MS);
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const { log, durable } = this.options;
    let payload: unknown;
    try {
      payload = message.json();
    } catch {
      log.error({ consumer: durable, subject: message.subject, seq: message.seq }, 'event is not JSON; dropped');
      message.term();
      return;
    }
    try {
      if ((await this.options.handle(message.subject, payload, message)) === 'invalid') {
        log.error({ consumer: durable, subject: message.subject, seq: message.seq }, 'event does not match its schema; dropped');
        message.term();
        return;
      }
      // Wait for the server to record the ack: an ack lost on the way would only mean one more (idempotent) delivery.
      await message.ackAck().catch(() => false);
    } catch (error) {
      log.warn({ err: error, consumer: durable, subject: message.subject, seq: message.seq }, 'handling an event failed; it will come again');
      message.nak(RETRY_DELAY_MS);
    }
  }
}
