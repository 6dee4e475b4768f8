import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENT_CONSUMERS,
  EVENT_SUBJECTS,
  answerGivenEventSchema,
  jobDescriptionDeletedEventSchema,
  snippetDeletedEventSchema,
  threadEventSchema,
  userDeletedEventSchema,
} from '@story/proto';
import { DurableEventConsumer, type EventOutcome, type NatsLink, type ServiceApp } from '@story/service-kit';
import type { z } from 'zod';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import type { AnswerScoringService } from '../answers/answer-scoring.service.ts';
import type { MockInterviewRepository } from '../mock-interviews/mock-interview.repository.ts';

/** Parses the event with its schema, then applies it. */
async function applyParsed<S extends z.ZodType>(schema: S, payload: unknown, apply: (event: z.infer<S>) => Promise<unknown>): Promise<EventOutcome> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return 'invalid';
  await apply(parsed.data);
  return 'handled';
}

/**
 * Reads EVENTS with the durable pull consumer `feedback-scorer` and explicit acks (the kit's
 * DurableEventConsumer): each answer given is scored and stored before its event is acked, so none
 * is lost when this process or NATS stops, and scoring is idempotent per answer id, so an event
 * delivered twice stores one feedback. Deleted users, snippets and purged threads take their answers'
 * feedback with them; deleted users and job descriptions take their mock interviews. Instances share the consumer: each event goes to one of them. The kit's short
 * ack wait with in-progress acks means an answer being scored (OpenAI may take FEEDBACK_TIMEOUT_MS)
 * stays with its instance, while the answers of an instance that died are scored elsewhere within
 * seconds, before the web app stops looking.
 */
export class AnswerEventsConsumer {
  private readonly consumer: DurableEventConsumer;

  constructor(
    private readonly scoring: AnswerScoringService,
    private readonly feedback: AnswerFeedbackRepository,
    log: FastifyBaseLogger,
    private readonly mockInterviews?: MockInterviewRepository,
  ) {
    this.consumer = new DurableEventConsumer({
      durable: EVENT_CONSUMERS.feedbackScorer,
      log,
      maxAckPending: 100,
      batch: 20,
      handle: (subject, payload) => this.apply(subject, payload),
    });
  }

  /** Scores an answer, or forgets what a deletion took with it; other events are not this service's business. */
  async apply(subject: string, payload: unknown): Promise<EventOutcome> {
    const { scoring, feedback } = this;
    switch (subject) {
      case EVENT_SUBJECTS.answerGiven:
        return applyParsed(answerGivenEventSchema, payload, (event) => scoring.score(event));
      case EVENT_SUBJECTS.userDeleted:
        return applyParsed(userDeletedEventSchema, payload, (event) =>
          Promise.all([feedback.forget(event.userId, { kind: 'user' }), this.mockInterviews?.forget(event.userId, { kind: 'user' })]),
        );
      case EVENT_SUBJECTS.jobDescriptionDeleted:
        return applyParsed(jobDescriptionDeletedEventSchema, payload, (event) =>
          Promise.all([this.mockInterviews?.forget(event.userId, { kind: 'job-description', jobDescriptionId: event.jobDescriptionId })]),
        );
      case EVENT_SUBJECTS.snippetDeleted:
        return applyParsed(snippetDeletedEventSchema, payload, (event) => feedback.forget(event.userId, { kind: 'snippet', snippetId: event.snippetId }));
      case EVENT_SUBJECTS.threadPurged:
        return applyParsed(threadEventSchema, payload, (event) => feedback.forget(event.userId, { kind: 'thread', threadId: event.threadId }));
      default:
        return 'handled';
    }
  }

  /** Makes sure the stream and the durable consumer exist (a NatsLink set-up step), then starts reading. */
  start(nc: NatsConnection): Promise<void> {
    return this.consumer.start(nc);
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

/** Runs the consumer once NATS is connected and stops it with the app. */
export function registerAnswerEventsConsumer(app: ServiceApp, nats: NatsLink, consumer: AnswerEventsConsumer): void {
  nats.onConnect((nc) => consumer.start(nc));
  app.addHook('onClose', async () => consumer.stop());
}
