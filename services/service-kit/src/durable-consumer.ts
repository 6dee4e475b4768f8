import type { NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerInfo,
  type ConsumerMessages,
  type JsMsg,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_STREAM } from '@story/proto';
import { ensureEventsStream } from './nats.ts';
import { consumerRedeliveries } from './telemetry/metrics.ts';
import { inMessageSpan } from './telemetry/nats-tracing.ts';

/** What became of one event: handled, or never handleable (it does not match its schema). */
export type EventOutcome = 'handled' | 'invalid';

export interface DurableEventConsumerOptions {
  /** The durable consumer's name on EVENTS (`EVENT_CONSUMERS`). */
  durable: string;
  /** Handles one event (its subject, its JSON, the message for its stream position); a throw means "try again later". */
  handle(subject: string, payload: unknown, message: JsMsg): Promise<EventOutcome>;
  log: FastifyBaseLogger;
  /**
   * How long JetStream waits for an ack before it delivers an event again (to this or another
   * instance): how long the events a dead instance held wait. An instance that is alive says so
   * every third of it, however long its handling takes. Default 10 s.
   */
  ackWaitSeconds?: number;
  maxAckPending?: number;
  /** Events fetched at a time. */
  batch?: number;
}

/** The pause before an event that failed (database or engine trouble) is delivered again, and before reading again after an error. */
const RETRY_DELAY_MS = 2000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const DEFAULT_ACK_WAIT_SECONDS = 10;
const NANOS_PER_SECOND = 1_000_000_000;

/**
 * Reads EVENTS with a durable pull consumer and explicit acks: an event is acked only after it was
 * handled, so none is lost when the process or NATS stops; one that can never be handled is dropped
 * (term) with a log line; one whose handling failed comes again. Instances share the consumer, so
 * each event goes to one of them. The loop survives NATS restarts.
 *
 * The ack wait is short, so the events of an instance that died come back soon; while this instance
 * holds events (the one it handles and those fetched behind it) it sends in-progress acks for them
 * every third of the ack wait, so slow handling (an OpenAI call) is never delivered a second time.
 */
export class DurableEventConsumer {
  private messages: ConsumerMessages | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  /** Events delivered to this instance and not yet acked, naked or dropped: the in-progress acks keep them here. */
  private readonly held = new Set<JsMsg>();
  /** Handles the held events one at a time, in their order. */
  private handling: Promise<void> = Promise.resolve();

  private readonly ackWaitSeconds: number;

  constructor(private readonly options: DurableEventConsumerOptions) {
    this.ackWaitSeconds = options.ackWaitSeconds ?? DEFAULT_ACK_WAIT_SECONDS;
  }

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  async start(nc: NatsConnection): Promise<void> {
    const { durable, maxAckPending = 1000 } = this.options;
    const wanted = { ack_wait: Math.round(this.ackWaitSeconds * NANOS_PER_SECOND), max_ack_pending: maxAckPending };
    await ensureEventsStream(nc);
    const jsm = await jetstreamManager(nc);
    let existing: ConsumerInfo | undefined;
    try {
      existing = await jsm.consumers.info(EVENTS_STREAM, durable);
    } catch {
      await jsm.consumers.add(EVENTS_STREAM, { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted });
    }
    if (existing && (existing.config.ack_wait !== wanted.ack_wait || existing.config.max_ack_pending !== wanted.max_ack_pending)) {
      await this.updateConsumer(jsm, wanted);
    }
    // The series exists from the start, so a rate() over it is 0, not absent, until a first redelivery.
    consumerRedeliveries.inc({ consumer: durable }, 0);
    this.loop ??= this.run(nc);
  }

  /** A consumer an earlier release made keeps its settings until told otherwise; failing that, events are still read with the old ones. */
  private async updateConsumer(jsm: JetStreamManager, wanted: { ack_wait: number; max_ack_pending: number }): Promise<void> {
    const { durable, log } = this.options;
    try {
      await jsm.consumers.update(EVENTS_STREAM, durable, wanted);
      log.info(
        { consumer: durable, ackWaitSeconds: wanted.ack_wait / NANOS_PER_SECOND, maxAckPending: wanted.max_ack_pending },
        'durable consumer settings updated',
      );
    } catch (error) {
      log.warn({ err: error, consumer: durable }, 'could not update the durable consumer settings; reading with the old ones');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.loop;
  }

  private async run(nc: NatsConnection): Promise<void> {
    const js = jetstream(nc);
    const heartbeat = setInterval(() => this.sendWorking(), (this.ackWaitSeconds * 1000) / 3);
    heartbeat.unref();
    while (!this.stopped && !nc.isClosed()) {
      try {
        const consumer = await js.consumers.get(EVENTS_STREAM, this.options.durable);
        this.messages = await consumer.consume({ max_messages: this.options.batch ?? 100 });
        // Read as they arrive (the client fetches ahead of the handling anyway), so every event
        // this instance holds is known and kept in progress; handling stays one at a time.
        for await (const message of this.messages) {
          this.held.add(message);
          this.handling = this.handling.then(() => this.handleHeld(message));
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.options.log.warn({ err: error, consumer: this.options.durable }, 'reading events failed; trying again');
        await delay(RETRY_DELAY_MS);
      }
    }
    await this.handling;
    clearInterval(heartbeat);
  }

  /** Tells JetStream that every event this instance holds is still being worked on. */
  private sendWorking(): void {
    for (const message of this.held) {
      try {
        message.working();
      } catch {
        // The connection is closed or reconnecting: the events come again after the ack wait, as they must.
      }
    }
  }

  private async handleHeld(message: JsMsg): Promise<void> {
    try {
      // Stopping: the events not started yet go back at once to the other instances (or the next start).
      if (this.stopped) message.nak();
      else await inMessageSpan(message, 'consumer', () => this.handle(message));
    } catch (error) {
      this.options.log.warn({ err: error, consumer: this.options.durable, seq: message.seq }, 'could not answer an event; it will come again');
    } finally {
      this.held.delete(message);
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const { log, durable } = this.options;
    if (message.info.deliveryCount > 1) consumerRedeliveries.inc({ consumer: durable });
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
