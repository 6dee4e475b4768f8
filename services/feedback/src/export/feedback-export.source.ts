import type { ExportedAnswerFeedback, ExportedMockInterview } from '@story/proto';
import { jsonFile, type ExportFile, type ExportSource } from '@story/service-kit';
import { presentFeedback } from '../answers/answer-feedback.presenter.ts';
import type { AnswerFeedbackRepository } from '../answers/answer-feedback.repository.ts';
import { MockInterviewReader } from '../mock-interviews/mock-interview.reader.ts';
import type { MockInterviewRepository } from '../mock-interviews/mock-interview.repository.ts';

/**
 * The feedback service's part of the data export: the feedback on each answer (the answers to one
 * question are its attempts, each file says which it is) and each mock interview with its report.
 */
export class FeedbackExportSource implements ExportSource {
  private readonly reader: MockInterviewReader;

  constructor(private readonly deps: { feedback: AnswerFeedbackRepository; mockInterviews: MockInterviewRepository }) {
    this.reader = new MockInterviewReader(deps.feedback);
  }

  async keys(userId: number): Promise<string[]> {
    const answers = await this.deps.feedback.answerIds(userId);
    const interviews = await this.deps.mockInterviews.list(userId);
    return [
      ...answers.map((id) => `answer:${id}`),
      ...interviews
        .map((interview) => interview.id)
        .sort((a, b) => a - b)
        .map((id) => `mock:${id}`),
    ];
  }

  async files(userId: number, key: string): Promise<ExportFile[]> {
    const [kind, id = ''] = key.split(/:(.*)/s);
    if (kind === 'answer') {
      const record = await this.deps.feedback.find(userId, id);
      if (!record) return [];
      const exported: ExportedAnswerFeedback = {
        answerId: record.answerId,
        questionKey: record.questionKey,
        answeredAt: record.answeredAt,
        feedback: presentFeedback(record, await this.deps.feedback.attempts(userId, record.questionKey)),
      };
      return [jsonFile(`answers/${encodeURIComponent(record.answerId)}.json`, exported)];
    }
    if (kind === 'mock') {
      const record = await this.deps.mockInterviews.find(userId, Number(id));
      if (!record) return [];
      const exported: ExportedMockInterview = { mockInterview: await this.reader.present(record) };
      return [jsonFile(`mock-interviews/${record.id}.json`, exported)];
    }
    return [];
  }
}
