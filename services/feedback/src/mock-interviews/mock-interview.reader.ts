import type { AnswerFeedback, MockInterview } from '@story/proto';
import { presentFeedback } from '../answers/answer-feedback.presenter.ts';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import { interviewerLineOf, positionOf } from './interviewer-lines.ts';
import type { MockInterviewDoc, MockInterviewRecord, MockInterviewRepository, StoredMockAnswer } from './mock-interview.repository.ts';
import { questionScore, type PreviousInterview, type ScoredQuestion } from './mock-report.ts';

/** Reads an interview as the API gives it: where it stands, what the interviewer says, each answer with its feedback from the feedback store. */
export class MockInterviewReader {
  constructor(private readonly feedback: AnswerFeedbackRepository) {}

  /** The person's interview as the API gives it, each answer with its feedback. */
  async present(record: MockInterviewRecord): Promise<MockInterview> {
    const { doc } = record;
    const scored = await this.scoredQuestions(record.userId, doc);
    const position = positionOf(doc);
    return {
      id: record.id,
      jobDescriptionId: doc.jobDescriptionId,
      companyName: doc.companyName,
      jobTitle: doc.jobTitle,
      targetRole: doc.targetRole,
      resumeId: doc.resumeId,
      status: doc.status,
      mode: doc.mode,
      thinkSeconds: doc.thinkSeconds,
      handsFreeSilenceSeconds: doc.handsFreeSilenceSeconds,
      engine: doc.engine,
      currentIndex: position.index,
      interviewerLine: interviewerLineOf(doc),
      expecting: doc.status === 'finished' ? null : position.expecting,
      questions: doc.questions.map((question, index) => {
        const entry = scored[index];
        const { delivery: _a, ...answer } = question.answer ?? { delivery: undefined };
        return {
          index,
          text: question.text,
          source: question.source,
          difficulty: question.difficulty,
          storyFit: question.storyFit,
          pinnedStoryId: question.pinnedStoryId,
          answer: question.answer ? { ...(answer as Omit<StoredMockAnswer, 'delivery'>), feedback: entry?.answer ?? null } : null,
          followUp: question.followUp
            ? {
                question: question.followUp.question,
                answer: question.followUp.answer
                  ? {
                      answerId: question.followUp.answer.answerId,
                      text: question.followUp.answer.text,
                      source: question.followUp.answer.source,
                      answeredAt: question.followUp.answer.answeredAt,
                      feedback: entry?.followUp ?? null,
                    }
                  : null,
              }
            : null,
        };
      }),
      report: doc.report,
      createdAt: doc.createdAt,
      finishedAt: doc.finishedAt,
    };
  }

  /** Each question with the feedback on its answers (null where not scored yet). */
  async scoredQuestions(userId: number, doc: MockInterviewDoc): Promise<ScoredQuestion[]> {
    return Promise.all(
      doc.questions.map(async (question) => ({
        question,
        answer: question.answer ? await this.feedbackOf(userId, question.answer.answerId) : null,
        followUp: question.followUp?.answer ? await this.feedbackOf(userId, question.followUp.answer.answerId) : null,
      })),
    );
  }

  /** The feedback on one of the person's answers, with its place among its question's attempts; null while not scored. */
  async feedbackOf(userId: number, answerId: string): Promise<AnswerFeedback | null> {
    const record = await this.feedback.find(userId, answerId);
    return record ? presentFeedback(record, await this.feedback.attempts(userId, record.questionKey)) : null;
  }

  /** The person's previous finished interview of the same description, with each question's score. */
  async previous(userId: number, current: MockInterviewRecord, interviews: MockInterviewRepository): Promise<PreviousInterview | null> {
    const earlier = (await interviews.list(userId, current.doc.jobDescriptionId)).find(
      (record) => record.id < current.id && record.doc.status === 'finished' && record.doc.report,
    );
    if (!earlier?.doc.report || !earlier.doc.finishedAt) return null;
    const scored = await this.scoredQuestions(userId, earlier.doc);
    const scores = new Map(scored.map((entry) => [entry.question.source.key, { text: entry.question.source.text, score: questionScore(entry) }]));
    return { interviewId: earlier.id, finishedAt: earlier.doc.finishedAt, overall: earlier.doc.report.overall, scores };
  }
}
