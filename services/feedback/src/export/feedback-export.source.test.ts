import { describe, expect, it } from 'vitest';
import { exportedAnswerFeedbackSchema } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { feedbackRecord } from '@story/testing/fixtures/answer-feedback';
import { openSqliteFeedbackStorage } from '../storage/feedback-storage.ts';
import { FeedbackExportSource } from './feedback-export.source.ts';

describe('FeedbackExportSource (SQLite)', () => {
  it('exports the feedback on each answer, each attempt at a question saying which it is, of one person only', async () => {
    const storage = openSqliteFeedbackStorage(':memory:');
    const first = feedbackRecord({ userId: 1, questionKey: 'snippet:5|q1', answer: 'I rebuilt the rota.', overall: 4 });
    const second = feedbackRecord({ userId: 1, questionKey: 'snippet:5|q1', answer: 'I rebuilt the rota, and overtime fell by half.', overall: 7 });
    const strangers = feedbackRecord({ userId: 2, answer: 'Someone else’s answer' });
    for (const record of [second, strangers, first]) await storage.feedback.save(record);

    const page = await exportPage(new FeedbackExportSource({ feedback: storage.feedback, mockInterviews: storage.mockInterviews }), 'feedback', 1, undefined);
    expect(page.chunks.map((chunk) => chunk.path)).toEqual([`feedback/answers/${first.answerId}.json`, `feedback/answers/${second.answerId}.json`]);
    const files = page.chunks.map((chunk) => exportedAnswerFeedbackSchema.parse(JSON.parse(Buffer.from(chunk.data, 'base64').toString())));
    expect(files.map((file) => [file.feedback.answer, file.feedback.attempt, file.feedback.attempts, file.feedback.best])).toEqual([
      ['I rebuilt the rota.', 1, 2, false],
      ['I rebuilt the rota, and overtime fell by half.', 2, 2, true],
    ]);
    expect(files[0]).toMatchObject({ answerId: first.answerId, questionKey: 'snippet:5|q1', answeredAt: first.answeredAt });
    await storage.close();
  });
});
