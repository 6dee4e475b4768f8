import type { NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENTS_STREAM,
  EVENT_CONSUMERS,
  EVENT_SUBJECTS,
  answerGivenEventSchema,
  snippetDeletedEventSchema,
  threadEventSchema,
  userDeletedEventSchema,
} from '@story/proto';
import { ensureEventsStream, type NatsLink, type ServiceApp } from '@story/service-kit';
import type { z } from 'zod';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import type { AnswerScoringService } from '../answers/answer-scoring.service.ts';

/** How long JetStream waits for an ack before it delivers the event again (longer than the OpenAI engine's timeout). */
const ACK_WAIT_NANOS = 60 * 1_000_000_000;
/** The pause before an event that failed (database trouble) is delivered again. */
const RETRY_DELAY_MS = 2000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** What became of one event: applied, not this service's business, or not matching its schema. */
type Outcome = 'applied' | 'ignored' | 'invalid';

/** Parses the event with its schema, then applies it. */
async function applyParsed<S extends z.ZodType>(schema: S, payload: unknown, apply: (event: z.infer<S>) => Promise<unknown>): Promise<Outcome> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return 'invalid';
  await apply(parsed.data);
  return 'applied';
}

/**
 * Reads EVENTS with the durable pull consumer `feedback-scorer` and explicit acks: each answer given
 * is scored and stored before its event is acked, so none is lost when this process or NATS stops,
 * and scoring is idempotent per answer id, so an event delivered twice stores one feedback. Deleted
 * users, snippets and purged threads take their answers' feedback with them. Instances share the
 * consumer: each event goes to one of them.
 */
export class AnswerEventsConsumer {
  private messages: ConsumerMessages | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly scoring: AnswerScoringService,
    private readonly feedback: AnswerFeedbackRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Scores an answer, or forgets what a deletion took with it; other events are not this service's business. */
  async apply(subject: string, payload: unknown): Promise<Outcome> {
    const { scoring, feedback } = this;
    switch (subject) {
      case EVENT_SUBJECTS.answerGiven:
        return applyParsed(answerGivenEventSchema, payload, (event) => scoring.score(event));
      case EVENT_SUBJECTS.userDeleted:
        return applyParsed(userDeletedEventSchema, payload, (event) => feedback.forget(event.userId, { kind: 'user' }));
      case EVENT_SUBJECTS.snippetDeleted:
        return applyParsed(snippetDeletedEventSchema, payload, (event) => feedback.forget(event.userId, { kind: 'snippet', snippetId: event.snippetId }));
      case EVENT_SUBJECTS.threadPurged:
        return applyParsed(threadEventSchema, payload, (event) => feedback.forget(event.userId, { kind: 'thread', threadId: event.threadId }));
      default:
        return 'ignored';
    }
  }

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  async start(nc: NatsConnection): Promise<void> {
    await ensureEventsStream(nc);
    const jsm = await jetstreamManager(nc);
    try {
      await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.feedbackScorer);
    } catch {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: EVENT_CONSUMERS.feedbackScorer,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: ACK_WAIT_NANOS,
        max_ack_pending: 100,
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
        const consumer = await js.consumers.get(EVENTS_STREAM, EVENT_CONSUMERS.feedbackScorer);
        this.messages = await consumer.consume({ max_messages: 20 });
        for await (const message of this.messages) {
          await this.handle(message);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.log.warn({ err: error }, 'reading answer events failed; trying again');
        await delay(RETRY_DELAY_MS);
      }
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    let payload: unknown;
    try {
      payload = message.json();
    } catch {
      payload = undefined;
    }
    try {
      const outcome = await this.apply(message.subject, payload);
      if (outcome === 'invalid') {
        this.log.error({ subject: message.subject, seq: message.seq }, 'event does not match its schema; dropped');
        message.term();
        return;
      }
      // Wait for the server to record the ack: an ack lost on the way would only mean one more (idempotent) delivery.
      await message.ackAck().catch(() => false);
    } catch (error) {
      this.log.warn({ err: error, subject: message.subject, seq: message.seq }, 'handling an event failed; it will come again');
      message.nak(RETRY_DELAY_MS);
    }
  }
}

/** Runs the consumer once NATS is connected and stops it with the app. */
export function registerAnswerEventsConsumer(app: ServiceApp, nats: NatsLink, consumer: AnswerEventsConsumer): void {
  nats.onConnect((nc) => consumer.start(nc));
  app.addHook('onClose', async () => consumer.stop());
}
