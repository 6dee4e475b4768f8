import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRecord } from '@story/testing/fixtures/answer-feedback';
import type { AnswerFeedbackRepository, FeedbackRecord } from './answer-feedback.repository.ts';

export interface RepositoryUnderTest {
  repository: AnswerFeedbackRepository;
  cleanup(): Promise<void>;
}

/** What every store of feedback must do, whichever database holds it. */
export function answerFeedbackRepositoryContract(driver: string, open: () => Promise<RepositoryUnderTest>): void {
  describe(`answer feedback repository contract: ${driver}`, () => {
    let store: RepositoryUnderTest;
    let nextUser = 100;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => store.cleanup());

    it('stores feedback once per answer and reads it back whole, to its owner only', async () => {
      const { repository } = store;
      const userId = ++nextUser;
      const record = feedbackRecord({ userId, threadId: 3, snippetId: 9 });
      expect(await repository.has(record.answerId)).toBe(false);
      expect(await repository.save(record)).toBe(true);
      expect(await repository.save({ ...record, overall: 9 })).toBe(false);
      expect(await repository.has(record.answerId)).toBe(true);
      expect(await repository.find(userId, record.answerId)).toEqual(record);
      expect(await repository.find(userId + 1, record.answerId)).toBeUndefined();
      expect(await repository.find(userId, randomUUID())).toBeUndefined();
    });

    it('replaces an answer’s text and feedback when its owner corrects it, and nobody else’s', async () => {
      const { repository } = store;
      const userId = ++nextUser;
      const record = feedbackRecord({ userId, source: 'spoken' });
      await repository.save(record);
      const rescored = {
        answer: 'I rebuilt the whole rota.',
        engine: 'offline' as const,
        overall: 7,
        findings: { ...record.findings, corrected: true, uncertain: [] },
        scoredAt: new Date(Date.parse(record.answeredAt) + 9_000).toISOString(),
      };
      expect(await repository.rescore(userId + 1, record.answerId, rescored)).toBe(false);
      expect(await repository.find(userId, record.answerId)).toEqual(record);
      expect(await repository.rescore(userId, record.answerId, rescored)).toBe(true);
      expect(await repository.find(userId, record.answerId)).toEqual({ ...record, ...rescored });
      expect(await repository.rescore(userId, randomUUID(), rescored)).toBe(false);
    });

    it('lists one user’s attempts at a question, and at a snippet’s questions, oldest first', async () => {
      const { repository } = store;
      const userId = ++nextUser;
      const first = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|q1', overall: 4 });
      const other = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|q2', overall: 6 });
      const second = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|q1', overall: 7.5 });
      const elsewhere = feedbackRecord({ userId, snippetId: 6, questionKey: 'snippet:6|q1' });
      const stranger = feedbackRecord({ userId: userId + 1000, snippetId: 5, questionKey: 'snippet:5|q1' });
      // Saved out of order: the order read is the order answered.
      for (const record of [second, stranger, elsewhere, other, first]) await repository.save(record);
      const attempt = (record: FeedbackRecord) => ({
        answerId: record.answerId,
        questionKey: record.questionKey,
        question: record.question,
        overall: record.overall,
        answeredAt: record.answeredAt,
      });
      expect(await repository.attempts(userId, 'snippet:5|q1')).toEqual([attempt(first), attempt(second)]);
      expect(await repository.snippetAttempts(userId, 5)).toEqual([attempt(first), attempt(other), attempt(second)]);
      expect(await repository.snippetAttempts(userId, 77)).toEqual([]);
      expect(await repository.answerIds(userId)).toEqual(
        [first, other, second, elsewhere].sort((a, b) => a.answeredAt.localeCompare(b.answeredAt)).map((r) => r.answerId),
      );
      expect(await repository.answerIds(userId + 5000)).toEqual([]);
    });

    it('lists one user’s questions in a practice scope, each with the turn that first asked it, in the order first answered', async () => {
      const { repository } = store;
      const userId = ++nextUser;
      const later = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|req:b|first', question: 'Next: Tell me about B.' });
      const first = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|req:a|first', question: 'First, tell me about A.' });
      const again = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|req:a|first', question: 'Great, let’s begin. Tell me about A.' });
      const legacy = feedbackRecord({ userId, snippetId: 5, questionKey: 'snippet:5|what did you learn', question: 'What did you learn?' });
      const otherSnippet = feedbackRecord({ userId, snippetId: 50, questionKey: 'snippet:50|req:a|first' });
      const lone = feedbackRecord({ userId, snippetId: 5, questionKey: `answer:${randomUUID()}` });
      const stranger = feedbackRecord({ userId: userId + 1000, snippetId: 5, questionKey: 'snippet:5|req:c|first' });
      // Saved out of order: "first" was answered before "later".
      for (const record of [later, again, legacy, otherSnippet, lone, stranger, first]) await repository.save(record);
      expect(await repository.questionGroups(userId, 'snippet:5')).toEqual([
        { questionKey: 'snippet:5|req:b|first', question: 'Next: Tell me about B.' },
        { questionKey: 'snippet:5|req:a|first', question: 'First, tell me about A.' },
        { questionKey: 'snippet:5|what did you learn', question: 'What did you learn?' },
      ]);
      // A prefix, never a pattern: "snippet:5" is no scope of "snippet:50", nor "." of anything.
      expect(await repository.questionGroups(userId, 'snippet:.')).toEqual([]);
      expect(await repository.questionGroups(userId + 1, 'snippet:5')).toEqual([]);
    });

    it('forgets a thread’s, a snippet’s or a user’s feedback, and nobody else’s', async () => {
      const { repository } = store;
      const userId = ++nextUser;
      const inThread = feedbackRecord({ userId, threadId: 4 });
      const inSnippet = feedbackRecord({ userId, snippetId: 8 });
      const loose = feedbackRecord({ userId });
      const strangers = feedbackRecord({ userId: userId + 1000, threadId: 4, snippetId: 8 });
      for (const record of [inThread, inSnippet, loose, strangers]) await repository.save(record);
      expect(await repository.forget(userId, { kind: 'thread', threadId: 4 })).toBe(1);
      expect(await repository.find(userId, inThread.answerId)).toBeUndefined();
      expect(await repository.forget(userId, { kind: 'snippet', snippetId: 8 })).toBe(1);
      expect(await repository.forget(userId, { kind: 'user' })).toBe(1);
      expect(await repository.find(userId, loose.answerId)).toBeUndefined();
      expect(await repository.find(userId + 1000, strangers.answerId)).toEqual(strangers);
    });
  });
}
