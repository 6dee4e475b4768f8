import type { AnswerFeedback, MockInterview, MockQuestion } from '@story/proto';
import { pinnedStory, READINESS_WORDS, scoreText, sourceLine } from './interview-turn.ts';

export interface ReportAnswerView {
  text: string;
  feedback: AnswerFeedback | null;
}

export interface ReportQuestionView {
  index: number;
  heading: string;
  question: string;
  source: string;
  answer: ReportAnswerView | null;
  followUp: { question: string; answer: ReportAnswerView | null } | null;
  /** The story used: the pinned one, else none said. */
  story: string | null;
  /** The best of its answers' scores, or null when it was not answered (or not scored yet). */
  score: string | null;
}

export interface ReportView {
  overall: string;
  readiness: string;
  answered: string;
  workOn: { title: string; advice: string; quote: string; question: string }[];
  comparison: { change: string; since: string; rows: { key: string; text: string; before: string; now: string }[] } | null;
  questions: ReportQuestionView[];
}

const answerView = (answer: MockQuestion['answer']): ReportAnswerView | null => (answer ? { text: answer.text, feedback: answer.feedback } : null);

/** "+1.2", "−0.4" or "no change". */
export function changeText(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return 'no change';
  return rounded > 0 ? `+${rounded.toFixed(1)}` : `−${Math.abs(rounded).toFixed(1)}`;
}

const optionalScore = (score: number | null): string => (score === null ? 'Not answered' : scoreText(score));

function questionView(question: MockQuestion): ReportQuestionView {
  const scores = [question.answer?.feedback?.overall, question.followUp?.answer?.feedback?.overall].filter((score) => score !== undefined);
  return {
    index: question.index,
    heading: `Question ${question.index + 1}`,
    question: question.text,
    source: sourceLine(question.source),
    answer: answerView(question.answer),
    followUp: question.followUp ? { question: question.followUp.question, answer: answerView(question.followUp.answer) } : null,
    story: pinnedStory(question)?.excerpt ?? null,
    score: scores.length > 0 ? scoreText(Math.max(...scores)) : null,
  };
}

/**
 * The report screen's words: the overall score and readiness, how many questions were answered, the
 * three things to work on (each with the question it quotes), the change since the previous mock
 * interview for the description (per requirement, before and now), and each question's answers. Null
 * while the interview has no report.
 */
export function reportView(interview: MockInterview, formatDate: (iso: string) => string): ReportView | null {
  const { report } = interview;
  if (!report) return null;
  const total = interview.questions.length;
  return {
    overall: scoreText(report.overall),
    readiness: READINESS_WORDS[report.readiness],
    answered: `${report.answered} of ${total} questions answered`,
    workOn: report.workOn.map((item) => ({
      title: item.title,
      advice: item.advice,
      quote: item.quote,
      question: `Question ${item.questionIndex + 1}`,
    })),
    comparison: report.previous
      ? {
          change: changeText(report.previous.change),
          since: `Your previous mock interview for this job, on ${formatDate(report.previous.finishedAt)}, scored ${scoreText(report.previous.overall)}.`,
          rows: report.previous.requirements.map((row) => ({ key: row.key, text: row.text, before: optionalScore(row.before), now: optionalScore(row.now) })),
        }
      : null,
    questions: interview.questions.map(questionView),
  };
}
