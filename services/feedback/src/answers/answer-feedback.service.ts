import { FEEDBACK_MESSAGES, type AnswerFeedback, type SnippetProgressResponse } from '@story/proto';
import { HttpError, type PlanCheck } from '@story/service-kit';
import { presentFeedback, presentProgress } from './answer-feedback.presenter.ts';
import type { AnswerFeedbackRepository, FeedbackRecord } from './answer-feedback.repository.ts';
import type { AnswerScoringService } from './answer-scoring.service.ts';

/**
 * What the web reads: feedback on one of the caller's answers, and the caller's progress on a snippet;
 * and the caller's corrections. Feedback on interview answers (practice: every answer but a story's
 * turns, which every plan gets feedback on) and the progress are the plan feature `answerFeedback`
 * (issue 36, 4): REST and GraphQL ask here, so both refuse alike.
 */
export class AnswerFeedbackService {
  constructor(
    private readonly feedback: AnswerFeedbackRepository,
    private readonly scoring: Pick<AnswerScoringService, 'rescore'>,
    private readonly plans: PlanCheck,
  ) {}

  /** 403 naming the plan when the answer is an interview answer and the caller's plan lacks feedback on those. */
  private async requireFeedbackOn(userId: number, record: FeedbackRecord): Promise<void> {
    if ((record.findings.kind ?? 'practice') === 'practice') await this.plans.require(userId, 'answerFeedback');
  }

  /**
   * Corrects the transcript of one of the caller's spoken answers and scores it again: the re-scored
   * feedback, with its place among the attempts recomputed. 404 (the message of a missing answer)
   * for an answer that is not the caller's or not scored yet; 409 for a typed answer.
   */
  async correct(userId: number, answerId: string, transcript: string): Promise<AnswerFeedback> {
    const scored = await this.feedback.find(userId, answerId);
    if (scored) await this.requireFeedbackOn(userId, scored);
    const rescored = await this.scoring.rescore(userId, answerId, transcript);
    if (!rescored) throw new HttpError(404, FEEDBACK_MESSAGES.notReady);
    if (rescored === 'typed') throw new HttpError(409, FEEDBACK_MESSAGES.onlySpokenAnswers);
    return presentFeedback(rescored, await this.feedback.attempts(userId, rescored.questionKey));
  }

  /** The feedback, or a 404 while it is not ready (the same 404 for another person's answer: nobody learns of it). */
  async feedbackFor(userId: number, answerId: string): Promise<AnswerFeedback> {
    const found = await this.find(userId, answerId);
    if (!found) throw new HttpError(404, FEEDBACK_MESSAGES.notReady);
    return found;
  }

  /** The feedback, or undefined while it is not ready (GraphQL answers null). */
  async find(userId: number, answerId: string): Promise<AnswerFeedback | undefined> {
    const record = await this.feedback.find(userId, answerId);
    if (!record) return undefined;
    await this.requireFeedbackOn(userId, record);
    return presentFeedback(record, await this.feedback.attempts(userId, record.questionKey));
  }

  /** Whether the answer has feedback that is another person's (the caller may not follow it). */
  async isAnothers(userId: number, answerId: string): Promise<boolean> {
    return (await this.feedback.has(answerId)) && !(await this.feedback.find(userId, answerId));
  }

  /** Every attempt of the caller's at the snippet's questions (none yet: no questions). */
  async progressFor(userId: number, snippetId: number): Promise<SnippetProgressResponse> {
    await this.plans.require(userId, 'answerFeedback');
    return presentProgress(await this.feedback.snippetAttempts(userId, snippetId));
  }
}
