import type { FastifyBaseLogger } from 'fastify';
import { HttpError, withinTime, type PlanCheck } from '@story/service-kit';
import { CONVERSATION_MESSAGES, featuresOfTurn, type ProcessTextRequest } from '@story/proto';
import { nonAnswerKind } from '@story/language';
import { TYPED, opensStory, questionAnswered, type AnswerEventPublisher, type AnswerOrigin } from './answer-event.publisher.ts';
import type { ChatModel } from './chat-model.ts';
import { resumeFieldOf, type ResumeKnowledgeSource } from './resume-knowledge.ts';
import { requireOwnTurn, type TurnOwnershipDeps } from './turn-ownership.ts';

export interface ProcessTextDeps extends TurnOwnershipDeps {
  chatModel: ChatModel;
  timeoutMs: number;
  /** Tells the feedback service about each answer replied to. */
  answers: AnswerEventPublisher;
  /** The person's résumé, for the coach (the profile service); without it the coach knows none. */
  resumes?: ResumeKnowledgeSource;
  /** What the person's plan includes: practice needs interview practice (issue 36, 4). */
  plans: PlanCheck;
}

/** The coach's reply, and the id under which feedback on the answer will appear (undefined for what is not an answer, or when it could not be recorded). */
export interface ProcessedText {
  aiResponse: string;
  answerId: string | undefined;
}

/**
 * The coach's reply to a message (typed, or spoken and transcribed: `origin`). A thread or snippet
 * id, when given, must be the caller's (`requireOwnTurn`), as must a résumé bullet (else 404); the coach knows the
 * résumé's roles when profile tells them. A model that fails or takes longer than
 * the timeout gives the specification's message as a 502, never a hang. Each answer replied to is then recorded for
 * feedback, which follows later: the reply does not wait for it. What is not an answer ("Hi, I'm ready", "Can you
 * repeat the question?", "Give me a second") gets its reply and is never recorded: no grade, no attempt, no place
 * in the progress. A turn about requirements or a snippet is interview practice, refused first (403 naming the plan)
 * when the person's plan lacks it; REST, GraphQL and the speech service's spoken turns all come here.
 */
export async function processText(
  deps: ProcessTextDeps,
  userId: number,
  input: ProcessTextRequest,
  log: FastifyBaseLogger,
  origin: AnswerOrigin = TYPED,
): Promise<ProcessedText> {
  await deps.plans.require(userId, ...featuresOfTurn(input));
  // The résumé is asked for while ownership is checked: a turn waits for the slower of the two, not both.
  const [, resume] = await Promise.all([requireOwnTurn(deps, userId, input), resumeFieldOf(deps.resumes, userId, input.resumeBullet, log)]);
  const text = input.text.trim();
  const nonAnswer = nonAnswerKind(text, questionAnswered(input.conversationHistory));
  let aiResponse: string;
  try {
    aiResponse = await withinTime(
      deps.chatModel.reply({ text, history: input.conversationHistory, context: input.context, ...resume, ...(nonAnswer ? { nonAnswer } : {}) }),
      deps.timeoutMs,
      'chat model gave no reply',
    );
    if (!aiResponse.trim()) throw new Error('chat model gave an empty reply');
  } catch (error) {
    log.warn({ err: error, model: deps.chatModel.name }, 'chat reply failed');
    throw new HttpError(502, CONVERSATION_MESSAGES.processTextFailed);
  }
  if (nonAnswer || opensStory(input)) return { aiResponse, answerId: undefined };
  return { aiResponse, answerId: await deps.answers.record(userId, input, origin, log) };
}
