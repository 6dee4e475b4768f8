import type { AnswerFeedback, SnippetProgressResponse } from '@story/proto';
import { readAnswerFeedback } from '../api/answer-feedback.api.ts';

type Listener = (arrived: AnswerFeedback) => void;

/**
 * Feedback as it arrives on the page, told to whatever shows attempts (issue 19, 2: "Best" moves
 * live): a new attempt at a question changes the other attempts' count and maybe their "Best", and
 * the progress chart.
 */
export class AttemptNews {
  private readonly listeners = new Set<Listener>();

  /** Calls `listener` with each feedback that arrives from now on; returns the function that stops it. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  announce(arrived: AnswerFeedback): void {
    for (const listener of [...this.listeners]) listener(arrived);
  }
}

/** The page's news: one for the whole app, as a page shows one practice at a time. */
export const attemptNews = new AttemptNews();

/** True when `arrived` is a later attempt at the same question than `mine` knows of: its count and "Best" are out of date. */
export const outdatedBy = (mine: AnswerFeedback, arrived: AnswerFeedback): boolean =>
  mine.questionId !== null &&
  arrived.questionId === mine.questionId &&
  arrived.answerId !== mine.answerId &&
  (arrived.attempts > mine.attempts || arrived.corrected);

/**
 * True when `arrived` is an attempt a progress read does not list: the chart is out of date. A
 * progress not read yet (null) lacks nothing: the read on its way is newer than what is on screen.
 */
export const progressLacks = (progress: SnippetProgressResponse | null, arrived: AnswerFeedback): boolean =>
  progress !== null &&
  arrived.questionId !== null &&
  // An attempt not listed, or listed with another score (its transcript was corrected and scored again).
  !progress.questions.some((question) => question.attempts.some((attempt) => attempt.answerId === arrived.answerId && attempt.overall === arrived.overall));

export interface AttemptNewsOptions {
  news?: AttemptNews;
  fetchFeedback?: (answerId: string) => Promise<AnswerFeedback | null>;
}

/**
 * Keeps one attempt's feedback up to date: when a later attempt at its question arrives, reads it
 * again (the server says which attempt is now Best) and hands it to `onRefreshed`. Returns the
 * function that stops following.
 */
export function followAttempt(
  mine: AnswerFeedback,
  onRefreshed: (fresh: AnswerFeedback) => void,
  { news = attemptNews, fetchFeedback = readAnswerFeedback }: AttemptNewsOptions = {},
): () => void {
  let stopped = false;
  const unsubscribe = news.subscribe((arrived) => {
    // This very answer scored again (its transcript corrected): the new feedback is the one to show.
    if (arrived.answerId === mine.answerId) {
      if (arrived !== mine) onRefreshed(arrived);
      return;
    }
    if (!outdatedBy(mine, arrived)) return;
    fetchFeedback(mine.answerId)
      .then((fresh) => {
        if (!stopped && fresh) onRefreshed(fresh);
      })
      // The feedback on screen stays as it was: it is still right about this answer.
      .catch(() => undefined);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
