import type { AnswerPart, MockInterview, MockQuestion, QuestionSource, ReadinessLevel, StoryFit } from '@story/proto';

/** "From the requirement: …", "From your résumé: …" or "About the role". */
export function sourceLine(source: QuestionSource): string {
  if (source.kind === 'requirement') return `From the requirement: ${source.text}`;
  if (source.kind === 'resume') return `From your résumé: ${source.text}`;
  return source.text.trim() ? `About the role: ${source.text}` : 'About the role';
}

/** What the interview screen is at: a part of a question to answer, every question answered, or the interview finished. */
export type InterviewTurn =
  | { kind: 'asking'; questionIndex: number; part: AnswerPart; question: MockQuestion; line: string; key: string }
  | { kind: 'all-answered'; line: string }
  | { kind: 'finished' };

/** The turn the interview is at, as the server says (`currentIndex`, `expecting`, `interviewerLine`): a reload resumes here. */
export function currentTurn(interview: MockInterview): InterviewTurn {
  if (interview.status === 'finished') return { kind: 'finished' };
  const question = interview.questions[interview.currentIndex];
  if (!question || interview.expecting === null) return { kind: 'all-answered', line: interview.interviewerLine };
  const part = interview.expecting;
  return { kind: 'asking', questionIndex: question.index, part, question, line: interview.interviewerLine, key: `${question.index}:${part}` };
}

/** "Question 2 of 6", and "follow-up" for the second part. */
export function progressLine(interview: MockInterview, turn: InterviewTurn): string {
  const total = interview.questions.length;
  if (turn.kind !== 'asking') return `${total} of ${total} questions asked`;
  return `Question ${turn.questionIndex + 1} of ${total}${turn.part === 'follow-up' ? ', follow-up' : ''}`;
}

/** Questions not answered at all: finishing now leaves them unanswered (the finish asks first). */
export function unansweredCount(interview: MockInterview): number {
  return interview.questions.filter((question) => question.answer === null).length;
}

/** The story pinned to a question, from its fits; null when none is pinned (or the pinned one no longer fits). */
export function pinnedStory(question: MockQuestion): StoryFit | null {
  if (question.pinnedStoryId === null) return null;
  return question.storyFit.find((fit) => fit.storyId === question.pinnedStoryId) ?? null;
}

export const READINESS_WORDS: Record<ReadinessLevel, string> = { ready: 'Ready', almost: 'Almost ready', 'not-yet': 'Not ready yet' };

/** A score out of 10 with one decimal. */
export const scoreText = (score: number): string => `${score.toFixed(1)} / 10`;
