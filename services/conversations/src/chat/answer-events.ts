import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_SUBJECTS, answerGivenEventSchema, type AnswerDeliveryInput, type AnswerGivenEvent, type AnswerSource, type ProcessTextRequest } from '@story/proto';
import type { StandaloneEventWriter } from '../storage/conversations-storage.ts';

/** How an answer came: typed (REST and GraphQL), or spoken, with what its transcription tells of the delivery. */
export interface AnswerOrigin {
  source: AnswerSource;
  delivery?: AnswerDeliveryInput | undefined;
}

export const TYPED: AnswerOrigin = { source: 'typed' };

/** The question an answer answers: the coach's last reply before it ('' when the answer opened the conversation). */
export const questionAnswered = (history: ProcessTextRequest['conversationHistory']): string =>
  history.findLast((turn) => turn.role === 'assistant' && turn.content.trim() !== '')?.content.trim() ?? '';

export interface AnswerEventsDeps {
  events: StandaloneEventWriter;
  /** Wakes the outbox relay after a write. */
  onEventsWritten: () => void;
  clock: () => Date;
}

/**
 * Tells the feedback service about each answer (`events.answer.given`, through the outbox, so it
 * reaches JetStream even when NATS is down now). The reply never waits for feedback: this is one
 * small local write, and a failure costs the answer its feedback, never the person their reply.
 */
export class AnswerEvents {
  constructor(private readonly deps: AnswerEventsDeps) {}

  /** Records the answer under a new id and returns the id, or undefined when it could not be recorded. */
  async record(userId: number, input: ProcessTextRequest, origin: AnswerOrigin, log: FastifyBaseLogger): Promise<string | undefined> {
    const event: AnswerGivenEvent = {
      answerId: randomUUID(),
      userId,
      threadId: input.threadId,
      snippetId: input.snippetId,
      question: questionAnswered(input.conversationHistory),
      answer: input.text.trim(),
      requirements: input.context?.trim() || undefined,
      source: origin.source,
      delivery: origin.delivery,
      answeredAt: this.deps.clock().toISOString(),
    };
    try {
      await this.deps.events.write({ subject: EVENT_SUBJECTS.answerGiven, payload: answerGivenEventSchema.parse(event) });
      this.deps.onEventsWritten();
      return event.answerId;
    } catch (error) {
      log.warn({ err: error }, 'could not record an answer for feedback; the reply goes out without it');
      return undefined;
    }
  }
}
