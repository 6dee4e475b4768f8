import { FEEDBACK_MESSAGES, type AnswerFeedback, type SnippetProgressResponse } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { presentFeedback, presentProgress } from './answer-feedback.presenter.ts';
import type { AnswerFeedbackRepository } from './answer-feedback.repository.ts';

/** What the web reads: feedback on one of the caller's answers, and the caller's progress on a snippet. */
export class AnswerFeedbackService {
  constructor(private readonly feedback: AnswerFeedbackRepository) {}

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
    return presentFeedback(record, await this.feedback.attempts(userId, record.questionKey));
  }

  /** Every attempt of the caller's at the snippet's questions (none yet: no questions). */
  async progressFor(userId: number, snippetId: number): Promise<SnippetProgressResponse> {
    return presentProgress(await this.feedback.snippetAttempts(userId, snippetId));
  }
}
