import { describe, expect, it } from 'vitest';
import type { AnswerFeedback, SnippetProgressResponse } from '@story/proto';
import { feedbackFixture } from '@story/testing/fixtures/answer-feedback';
import { AttemptNews, followAttempt, outdatedBy, progressLacks, type AttemptNewsOptions } from './attempt-news.ts';

const QUESTION = 'q-improve-processes';

function feedbackOf(answerId: string, overrides: Partial<AnswerFeedback> = {}): AnswerFeedback {
  return feedbackFixture({
    answerId,
    question: 'Tell me about a time you had to improve operational processes.',
    overall: 5,
    questionId: QUESTION,
    ...overrides,
  });
}

/** The feedback service as the page reads it: attempts at one question, Best on the highest (the later of equals). */
function feedbackServer() {
  const attempts: { answerId: string; overall: number; questionId: string }[] = [];
  const read = (answerId: string): AnswerFeedback | null => {
    const mine = attempts.find((attempt) => attempt.answerId === answerId);
    if (!mine) return null;
    const group = attempts.filter((attempt) => attempt.questionId === mine.questionId);
    const best = group.reduce((top, attempt) => (attempt.overall >= top.overall ? attempt : top));
    return feedbackOf(answerId, {
      overall: mine.overall,
      questionId: mine.questionId,
      attempt: group.indexOf(mine) + 1,
      attempts: group.length,
      best: best === mine,
    });
  };
  const reads: string[] = [];
  return {
    reads,
    score(answerId: string, overall: number, questionId = QUESTION): AnswerFeedback {
      attempts.push({ answerId, overall, questionId });
      const feedback = read(answerId);
      if (!feedback) throw new Error('just scored');
      return feedback;
    },
    fetchFeedback: async (answerId: string) => {
      reads.push(answerId);
      return read(answerId);
    },
  };
}

/** An answer on screen: its feedback as shown, kept up to date as `useAnswerFeedback` keeps it. */
function onScreen(feedback: AnswerFeedback, options: AttemptNewsOptions) {
  const shown = { feedback };
  let stop = (): void => undefined;
  const follow = (current: AnswerFeedback) => {
    stop = followAttempt(
      current,
      (fresh) => {
        stop();
        shown.feedback = fresh;
        follow(fresh);
      },
      options,
    );
  };
  follow(feedback);
  return shown;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('"Best" moves live', () => {
  it('moves Best to a later attempt that beats it, and keeps it where it is for one that does not, without a reload', async () => {
    const server = feedbackServer();
    const news = new AttemptNews();
    const options = { news, fetchFeedback: server.fetchFeedback };
    const first = onScreen(server.score('a1', 4.5), options);
    expect([first.feedback.attempt, first.feedback.attempts, first.feedback.best]).toEqual([1, 1, true]);

    const second = onScreen(server.score('a2', 7.2), options);
    news.announce(second.feedback);
    await settle();
    expect([first.feedback.attempt, first.feedback.attempts, first.feedback.best]).toEqual([1, 2, false]);
    expect([second.feedback.attempt, second.feedback.attempts, second.feedback.best]).toEqual([2, 2, true]);

    const third = onScreen(server.score('a3', 6), options);
    news.announce(third.feedback);
    await settle();
    expect([first, second, third].map((answer) => [answer.feedback.attempt, answer.feedback.attempts, answer.feedback.best])).toEqual([
      [1, 3, false],
      [2, 3, true],
      [3, 3, false],
    ]);
  });

  it('reads nothing again for an attempt at another question, a story turn, or feedback it already knows of', async () => {
    const server = feedbackServer();
    const news = new AttemptNews();
    const mine = onScreen(server.score('a1', 5), { news, fetchFeedback: server.fetchFeedback });
    news.announce(server.score('b1', 9, 'q-use-data'));
    news.announce(feedbackOf('s1', { kind: 'story', questionId: null, best: false }));
    news.announce(mine.feedback);
    await settle();
    expect(server.reads).toEqual([]);
    expect(mine.feedback.best).toBe(true);
  });

  it('stops following when told to', async () => {
    const server = feedbackServer();
    const news = new AttemptNews();
    const stop = followAttempt(server.score('a1', 5), () => undefined, { news, fetchFeedback: server.fetchFeedback });
    stop();
    news.announce(server.score('a2', 8));
    await settle();
    expect(server.reads).toEqual([]);
  });

  it('says when an attempt is newer than what an answer or the progress chart shows', () => {
    const older = feedbackOf('a1', { attempts: 1 });
    expect(outdatedBy(older, feedbackOf('a2', { attempt: 2, attempts: 2 }))).toBe(true);
    expect(outdatedBy(feedbackOf('a1', { attempts: 2 }), feedbackOf('a2', { attempt: 2, attempts: 2 }))).toBe(false);
    expect(outdatedBy(feedbackOf('f1', { questionId: null }), feedbackOf('f2', { questionId: null, attempts: 3 }))).toBe(false);

    const progress: SnippetProgressResponse = {
      questions: [
        {
          question: 'Tell me about a time…',
          bestAnswerId: 'a1',
          attempts: [{ answerId: 'a1', attempt: 1, overall: 5, best: true, answeredAt: '2025-03-01T09:00:00.000Z' }],
        },
      ],
    };
    expect(progressLacks(progress, feedbackOf('a1'))).toBe(false);
    expect(progressLacks(progress, feedbackOf('a2', { attempt: 2, attempts: 2 }))).toBe(true);
    expect(progressLacks({ questions: [] }, feedbackOf('a2'))).toBe(true);
    expect(progressLacks(progress, feedbackOf('s1', { questionId: null }))).toBe(false);
    // Not read yet: the read on its way is newer than anything on screen.
    expect(progressLacks(null, feedbackOf('a2'))).toBe(false);
  });
});
