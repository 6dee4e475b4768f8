import type { NonAnswerKind } from '@story/language';
import type { AnswerPart } from '@story/proto';
import type { MockInterviewDoc, StoredMockAnswer } from './mock-interview.repository.ts';

/** What the interviewer says when every question has been answered. */
export const CLOSING_LINE = 'That was my last question. Thank you for your answers. Press Finish to see your report.';
/** What the interviewer says of a finished interview. */
export const FINISHED_LINE = 'This interview is finished. Your report is ready.';

/** Where an interview stands: the question being asked, and which part of it the next answer is (null when all are answered). */
export interface InterviewPosition {
  index: number;
  expecting: AnswerPart | null;
}

/** The first question not fully answered: its answer, or its follow-up's answer, is what comes next. */
export function positionOf(doc: Pick<MockInterviewDoc, 'questions'>): InterviewPosition {
  for (const [index, question] of doc.questions.entries()) {
    if (!question.answer) return { index, expecting: 'answer' };
    if (question.followUp && !question.followUp.answer) return { index, expecting: 'follow-up' };
  }
  return { index: doc.questions.length, expecting: null };
}

/** What the interviewer says now: the current question, its follow-up, or the closing words. */
export function interviewerLineOf(doc: Pick<MockInterviewDoc, 'questions' | 'status'>): string {
  if (doc.status === 'finished') return FINISHED_LINE;
  const { index, expecting } = positionOf(doc);
  const question = doc.questions[index];
  if (!question || !expecting) return CLOSING_LINE;
  return expecting === 'follow-up' && question.followUp ? question.followUp.question : question.text;
}

/** The interviewer's next words after an answer: the follow-up as it is, a next question after a thank-you, or the closing words. */
export function lineAfterAnswer(doc: Pick<MockInterviewDoc, 'questions' | 'status'>): string {
  const { expecting } = positionOf(doc);
  const line = interviewerLineOf(doc);
  return expecting === 'answer' ? `Thank you. Next question: ${line}` : line;
}

/**
 * The interviewer's words when what was said was no answer ("I'm ready", "Can you repeat that?",
 * "Give me a second"): the question again, never a grade and never the next question.
 */
export function lineForNonAnswer(kind: NonAnswerKind, line: string): string {
  switch (kind) {
    case 'wait':
    case 'ideas':
      return `Take your time: there is no rush. When you are ready, here it is again. ${line}`;
    case 'repeat':
    case 'clarify':
      return `Of course. ${line}`;
    case 'decline':
      return `That is all right. Answer with the closest example you have, or press Finish when you want your report. ${line}`;
    case 'goodbye':
      return `Press Finish whenever you want your report. Until then: ${line}`;
    default:
      return `Here is the question. ${line}`;
  }
}

/** The answer already recorded for a part under the client's same key (a retry), if any. */
export function sameAnswer(
  doc: Pick<MockInterviewDoc, 'questions'>,
  given: { questionIndex: number; part: AnswerPart; attemptKey?: string | undefined },
): StoredMockAnswer | undefined {
  if (!given.attemptKey) return undefined;
  const question = doc.questions[given.questionIndex];
  const kept = given.part === 'answer' ? question?.answer : question?.followUp?.answer;
  return kept?.attemptKey === given.attemptKey ? kept : undefined;
}
