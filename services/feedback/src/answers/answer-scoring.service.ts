import type { FastifyBaseLogger } from 'fastify';
import type { AnswerGivenEvent } from '@story/proto';
import { isNonAnswer } from '@story/proto/story-analysis';
import { deliveryFeedback } from '../delivery/delivery-metrics.ts';
import { overallScore, type AnswerToAssess, type EngineFeedback, type FeedbackEngine } from '../engines/feedback-engine.ts';
import type { AnswerFeedbackRepository } from './answer-feedback.repository.ts';
import { answerKindOf, attemptScope, loneAnswerKey, nextStep } from './attempts.ts';
import { questionKeyIn } from './question-identity.ts';

export interface AnswerScoringDeps {
  feedback: AnswerFeedbackRepository;
  /** The configured engine. */
  engine: FeedbackEngine;
  /** What gives the feedback when the configured engine fails or is late: the offline scorer. */
  fallback: FeedbackEngine;
  timeoutMs: number;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Whether an answer was scored now, had its feedback already (an event delivered again), or was not an answer at all. */
export type ScoringOutcome = 'scored' | 'already-scored' | 'not-an-answer';

/**
 * Scores each answer once: STAR parts and assessment from the engine, delivery from the word timings
 * that came with a spoken answer, stored under the answer's id. An answer scored before is left as
 * it is, so an event delivered twice stores one feedback and costs one engine call. What is not an
 * answer ("Hi, I'm ready", "Can you repeat the question?") is never scored, should one come: no
 * grade, no attempt, no place in the progress. A turn of a story thread is judged with the story's
 * earlier turns, an answer to an interview follow-up with the answer it follows up, and neither's
 * spoken length against the target.
 */
export class AnswerScoringService {
  constructor(private readonly deps: AnswerScoringDeps) {}

  async score(event: AnswerGivenEvent): Promise<ScoringOutcome> {
    const { feedback, clock } = this.deps;
    if (isNonAnswer(event.answer, event.question)) return 'not-an-answer';
    if (await feedback.has(event.answerId)) return 'already-scored';
    const kind = answerKindOf(event);
    const earlier = event.earlierTurns ?? [];
    const input: AnswerToAssess = { question: event.question, answer: event.answer, requirements: event.requirements, kind, earlier };
    const found = await this.assess(input);
    const saved = await feedback.save({
      answerId: event.answerId,
      userId: event.userId,
      threadId: event.threadId ?? null,
      snippetId: event.snippetId ?? null,
      questionKey: await this.questionKey(event),
      question: event.question,
      answer: event.answer,
      source: event.source,
      engine: found.engine,
      overall: overallScore(found.assessment),
      findings: {
        star: found.star,
        assessment: found.assessment,
        // Only a whole interview answer is held against the 1–2 minutes: not a story's turn, not an answer to a follow-up.
        delivery: event.delivery ? deliveryFeedback(event.answer, event.delivery, { judgeLength: kind === 'practice' && earlier.length === 0 }) : null,
        kind,
        turns: earlier.length + 1,
        next: nextStep(found.star),
      },
      answeredAt: event.answeredAt,
      scoredAt: clock().toISOString(),
    });
    return saved ? 'scored' : 'already-scored';
  }

  /**
   * Which question the answer is an attempt at (issue 19, 2): the person's question in the same
   * practice scope it is most alike, whatever the leads and wording of the turn, else a new one.
   */
  private async questionKey(event: AnswerGivenEvent): Promise<string> {
    const scope = attemptScope(event);
    if (!scope) return loneAnswerKey(event.answerId);
    return questionKeyIn(scope, event.question, event.requirements, await this.deps.feedback.questionGroups(event.userId, scope));
  }

  /** The configured engine's reading, or the offline scorer's when it fails or takes longer than the timeout. */
  private async assess(input: AnswerToAssess): Promise<EngineFeedback> {
    const { engine, fallback, timeoutMs, log } = this.deps;
    if (engine === fallback) return engine.assess(input);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${engine.name} gave no feedback within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([engine.assess(input), late]);
    } catch (error) {
      log.warn({ err: error, engine: engine.name }, 'feedback engine failed; the offline scorer gives this answer’s feedback');
      return fallback.assess(input);
    } finally {
      clearTimeout(timer);
    }
  }
}
