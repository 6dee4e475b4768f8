import type { FastifyBaseLogger } from 'fastify';
import type { AnswerGivenEvent } from '@story/proto';
import { isNonAnswer, isOpenInvitation } from '@story/language';
import { deliveryFeedback } from '../delivery/delivery-metrics.ts';
import { correctedWordTimings, uncertainWords } from '../delivery/uncertain-words.ts';
import { overallScore, type AnswerToAssess, type EngineFeedback, type FeedbackEngine } from '../engines/feedback-engine.ts';
import { heardAdmission } from '../engines/heard-admission.ts';
import type { AnswerFeedbackRepository, FeedbackRecord } from './answer-feedback.repository.ts';
import { answerKindOf, attemptQuestion, attemptScope, loneAnswerKey, nextStep } from './attempts.ts';
import { questionKeyIn } from './question-identity.ts';
import type { FeedbackNews } from './feedback-news.ts';

export interface AnswerScoringDeps {
  feedback: AnswerFeedbackRepository;
  /** The configured engine. */
  engine: FeedbackEngine;
  /** What gives the feedback when the configured engine fails or is late: the offline scorer. */
  fallback: FeedbackEngine;
  timeoutMs: number;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Told of each answer scored, for the streams that wait for its feedback. */
  news?: Pick<FeedbackNews, 'announce'>;
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
    // The first reply to the coach's open invitation starts a story; the story is judged from its next turn on (issue 38, 3).
    if (kind === 'story' && earlier.length === 0 && isOpenInvitation(event.question)) return 'not-an-answer';
    const uncertain = uncertainWords(event.answer, event.delivery);
    const input: AnswerToAssess = { question: event.question, answer: event.answer, requirements: event.requirements, kind, earlier, uncertain };
    const { feedback: found, admission } = heardAdmission(await this.assess(input), input);
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
        uncertain,
        admission,
        scoredWith: {
          ...(event.requirements ? { requirements: event.requirements } : {}),
          ...(earlier.length > 0 ? { earlierTurns: earlier } : {}),
          ...(event.delivery ? { delivery: event.delivery } : {}),
        },
      },
      answeredAt: event.answeredAt,
      scoredAt: clock().toISOString(),
    });
    if (!saved) return 'already-scored';
    this.deps.news?.announce({ answerId: event.answerId, userId: event.userId });
    return 'scored';
  }

  /**
   * Which question the answer is an attempt at (issue 19, 2): the person's question in the same
   * practice scope it is most alike, whatever the leads and wording of the turn, else a new one.
   */
  private async questionKey(event: AnswerGivenEvent): Promise<string> {
    const scope = attemptScope(event);
    if (!scope) return loneAnswerKey(event.answerId);
    return questionKeyIn(scope, attemptQuestion(event), event.requirements, await this.deps.feedback.questionGroups(event.userId, scope));
  }

  /**
   * Scores one of the person's spoken answers again from their corrected transcript (issue 19): the
   * STAR parts, the assessment and the delivery come from the corrected words, which are all the
   * person's own now (none unsure), with the requirements and earlier turns it was first scored
   * with. Undefined when the person has no such answer; `typed` for an answer that was not spoken.
   */
  async rescore(userId: number, answerId: string, transcript: string): Promise<FeedbackRecord | 'typed' | undefined> {
    const { feedback, clock } = this.deps;
    const record = await feedback.find(userId, answerId);
    if (!record) return undefined;
    if (record.source !== 'spoken') return 'typed';
    const { findings } = record;
    const kind = findings.kind ?? 'practice';
    const scoredWith = findings.scoredWith ?? {};
    const earlier = scoredWith.earlierTurns ?? [];
    const { feedback: found, admission } = heardAdmission(
      await this.assess({ question: record.question, answer: transcript, requirements: scoredWith.requirements, kind, earlier, uncertain: [] }),
      { question: record.question, answer: transcript },
    );
    const heard = scoredWith.delivery;
    // The words' times stay those heard; the words are the person's. (Feedback from before issue 19 kept no times: its delivery stays as it was.)
    const delivery = heard ? { ...heard, wordTimings: correctedWordTimings(transcript, heard.wordTimings) } : undefined;
    const rescored = {
      answer: transcript,
      engine: found.engine,
      overall: overallScore(found.assessment),
      findings: {
        ...findings,
        star: found.star,
        assessment: found.assessment,
        delivery: delivery ? deliveryFeedback(transcript, delivery, { judgeLength: kind === 'practice' && earlier.length === 0 }) : findings.delivery,
        next: nextStep(found.star),
        uncertain: [],
        corrected: true,
        admission,
      },
      scoredAt: clock().toISOString(),
    };
    if (!(await feedback.rescore(userId, answerId, rescored))) return undefined;
    return { ...record, ...rescored };
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
