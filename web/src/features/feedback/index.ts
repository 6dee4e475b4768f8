/** Feedback on answers, as other features show and change it. */
export { correctAnswerTranscript } from './api/feedback.api.ts';
export { AnswerAgainButton, AskedAgain } from './components/answer-again.tsx';
export { AnswerWithFeedback } from './components/answer-with-feedback.tsx';
export { pillButtonStyles } from './components/pill-button.ts';
export { SnippetProgressView } from './components/snippet-progress.tsx';
export { attemptNews } from './lib/attempt-news.ts';
export type { TextSpan } from './lib/highlighted-answer.ts';
export { FeedbackDetails } from './components/feedback-details.tsx';
