import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENT_SUBJECTS,
  STORY_TURNS_LIMIT,
  answerGivenEventSchema,
  type AnswerDeliveryInput,
  type AnswerGivenEvent,
  type AnswerKind,
  type AnswerSource,
  type ProcessTextRequest,
  type StoryTurn,
} from '@story/proto';
import { isNonAnswer, isOpenInvitation } from '@story/language';
import type { StandaloneEventWriter } from '../storage/conversations-storage.ts';
import { questionOf } from './offline-coach/coach-phrases.ts';
import { isSummary } from './offline-coach/story-state.ts';

/** How an answer came: typed (REST and GraphQL), or spoken, with what its transcription tells of the delivery. */
export interface AnswerOrigin {
  source: AnswerSource;
  delivery?: AnswerDeliveryInput | undefined;
}

export const TYPED: AnswerOrigin = { source: 'typed' };

/** The question an answer answers: the coach's last reply before it ('' when the answer opened the conversation). */
export const questionAnswered = (history: ProcessTextRequest['conversationHistory']): string =>
  history.findLast((turn) => turn.role === 'assistant' && turn.content.trim() !== '')?.content.trim() ?? '';

/** What an answer is part of: an interview practice (it comes with requirements or a snippet), else a story thread. */
export const answerKind = (input: Pick<ProcessTextRequest, 'context' | 'snippetId'>): AnswerKind =>
  input.context?.trim() || input.snippetId !== undefined ? 'practice' : 'story';

/** An interview question that asks for a whole answer ("Tell me about a time you…"), not a follow-up ("What was the measurable outcome?"). */
const WHOLE_ANSWER_QUESTION =
  /\b(?:tell me about|describe (?:a|an|the|one) |give me (?:an|another|one more) example|walk me through (?:a|an) (?:time|situation|project)|share (?:an?|one) (?:example|time|story)|(?:your|a) (?:strongest|best) example|a time (?:you|when)|another time|one more time you|the last time you|a situation (?:where|when)|a project where|an occasion|one example|an example (?:that|from|of a time)|when did something like that|when have you done something)\b/i;

/** True when the coach's turn asks for a whole interview answer, judged on its own. */
export const asksForWholeAnswer = (turn: string): boolean => WHOLE_ANSWER_QUESTION.test(questionOf(turn) ?? turn);

/** The person's turns after `start` in `history`, each with the coach's question it answered, what was not an answer left out, the latest that fit STORY_TURNS_LIMIT. */
function turnsAfter(history: ProcessTextRequest['conversationHistory'], start: number): StoryTurn[] {
  const told: StoryTurn[] = [];
  let question = '';
  for (const turn of history.slice(start)) {
    const content = turn.content.trim();
    if (turn.role === 'assistant') {
      if (content) question = content;
      continue;
    }
    if (content && !isNonAnswer(content, question)) told.push({ question, answer: content });
    question = '';
  }
  return latestWithinLimits(told);
}

/**
 * The earlier turns of the story being told: the person's answers since the coach last summed a story
 * up, each with the coach's question it answered, what was not an answer left out, and the latest of
 * them that fit STORY_TURNS_LIMIT, oldest first. Feedback judges the story told so far with them.
 */
export function earlierStoryTurns(history: ProcessTextRequest['conversationHistory']): StoryTurn[] {
  return turnsAfter(history, history.findLastIndex((turn) => turn.role === 'assistant' && isSummary(turn.content.trim())) + 1);
}

/**
 * In practice, the turns a follow-up answer goes on with: when the interviewer's last question follows
 * up ("What was the measurable outcome?"), the answers since it last asked for a whole answer; none
 * when the turn answers a whole question (it is judged on its own, as an attempt at it).
 */
export function earlierPracticeTurns(history: ProcessTextRequest['conversationHistory']): StoryTurn[] {
  const asked = questionAnswered(history);
  if (!asked || asksForWholeAnswer(asked)) return [];
  const start = history.findLastIndex((turn) => turn.role === 'assistant' && asksForWholeAnswer(turn.content));
  return start < 0 ? [] : turnsAfter(history, start);
}

/** The latest of the turns whose questions and answers fit STORY_TURNS_LIMIT, oldest first. */
function latestWithinLimits(told: StoryTurn[]): StoryTurn[] {
  const kept: StoryTurn[] = [];
  let chars = 0;
  for (const turn of told.reverse()) {
    chars += turn.question.length + turn.answer.length;
    if (kept.length >= STORY_TURNS_LIMIT.turns || chars > STORY_TURNS_LIMIT.chars) break;
    kept.unshift(turn);
  }
  return kept;
}

/**
 * True when the turn is the first reply of a story thread to the coach's open invitation ("What story
 * do you tell friends about your work?"): it starts a story and is not graded as an interview answer
 * (issue 38, 3); the story's feedback, from its next turn on, reads it with the rest.
 */
export const opensStory = (input: Pick<ProcessTextRequest, 'context' | 'snippetId' | 'conversationHistory'>): boolean =>
  answerKind(input) === 'story' && earlierStoryTurns(input.conversationHistory).length === 0 && isOpenInvitation(questionAnswered(input.conversationHistory));

export interface AnswerEventPublisherDeps {
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
export class AnswerEventPublisher {
  constructor(private readonly deps: AnswerEventPublisherDeps) {}

  /**
   * Records the answer under a new id and returns the id, or undefined when it could not be recorded.
   * A story thread's turn carries the story's earlier turns, so its feedback covers the story so far.
   */
  async record(userId: number, input: ProcessTextRequest, origin: AnswerOrigin, log: FastifyBaseLogger): Promise<string | undefined> {
    const kind = answerKind(input);
    const earlier = kind === 'story' ? earlierStoryTurns(input.conversationHistory) : earlierPracticeTurns(input.conversationHistory);
    const event: AnswerGivenEvent = {
      answerId: randomUUID(),
      userId,
      threadId: input.threadId,
      snippetId: input.snippetId,
      question: questionAnswered(input.conversationHistory),
      answer: input.text.trim(),
      requirements: input.context?.trim() || undefined,
      kind,
      ...(earlier.length > 0 ? { earlierTurns: earlier } : {}),
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
