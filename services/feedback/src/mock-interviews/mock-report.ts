import type { AnswerFeedback, AssessmentDimension, MockReport, ReadinessLevel, StarPart, WorkOnItem } from '@story/proto';
import type { StoredMockQuestion } from './mock-interview.repository.ts';

/** A question with the feedback on its answer and on its follow-up's answer, when they have any. */
export interface ScoredQuestion {
  question: StoredMockQuestion;
  answer: AnswerFeedback | null;
  followUp: AnswerFeedback | null;
}

/** How ready a score says the person is: 7 and up ready, 5 and up almost, below that not yet. */
export const readinessOf = (score: number): ReadinessLevel => (score >= 7 ? 'ready' : score >= 5 ? 'almost' : 'not-yet');

/** A question's score: the better of its answer and its follow-up's answer (scored with the answer it goes on with); null when unanswered. */
export function questionScore(scored: Pick<ScoredQuestion, 'answer' | 'followUp'>): number | null {
  const scores = [scored.answer?.overall, scored.followUp?.overall].filter((score): score is number => score !== undefined);
  return scores.length > 0 ? Math.max(...scores) : null;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

const DIMENSION_TITLES: Record<AssessmentDimension, string> = {
  relevance: 'Answer the question that was asked',
  specificity: 'Give specifics: names, tools, sizes, dates',
  ownership: 'Say what you did yourself',
  impact: 'Show the result, in numbers',
  structure: 'Tell it in order: situation, task, action, result',
};
const PART_TITLES: Record<StarPart, string> = {
  situation: 'Set the scene first',
  task: 'Say what you were asked to do',
  action: 'Say what you did yourself',
  result: 'Show the result, in numbers',
};

/** The first sentence of an answer, shortened: the words a piece of advice quotes when the engine quoted none. */
function openingWords(answer: string): string {
  const sentence = answer.split(/(?<=[.!?])\s+/)[0] ?? answer;
  if (sentence.length <= 140) return sentence.trim();
  const cut = sentence.slice(0, 140);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80)).trim()}…`;
}

interface Candidate extends WorkOnItem {
  weight: number;
}

/** What one answer could work on: its weak assessment dimensions, its missing STAR parts, and how it was delivered. */
function candidatesOf(index: number, feedback: AnswerFeedback): Candidate[] {
  const found: Candidate[] = [];
  for (const score of feedback.assessment)
    if (score.score <= 6)
      found.push({
        title: DIMENSION_TITLES[score.dimension],
        advice: score.comment,
        questionIndex: index,
        quote: score.quote?.text || openingWords(feedback.answer),
        weight: 10 - score.score,
      });
  for (const part of feedback.star)
    if (!part.present && part.prompt)
      found.push({ title: PART_TITLES[part.part], advice: part.prompt, questionIndex: index, quote: openingWords(feedback.answer), weight: 4.5 });
  const delivery = feedback.delivery;
  if (delivery && delivery.fillers.length >= 4) {
    const filler = delivery.fillers[0];
    found.push({
      title: 'Fewer filler words',
      advice: `${delivery.fillers.length} filler words in this answer. ${delivery.comment}`,
      questionIndex: index,
      quote: filler ? filler.word : openingWords(feedback.answer),
      weight: Math.min(6, delivery.fillers.length),
    });
  }
  return found;
}

/** The three things to work on first: the weakest points of all answers, three different ones, each quoting the answer it comes from. */
export function workOnFirst(scored: readonly ScoredQuestion[]): WorkOnItem[] {
  const candidates = scored.flatMap((entry, index) => {
    const feedback = entry.followUp ?? entry.answer;
    return feedback ? candidatesOf(index, feedback) : [];
  });
  candidates.sort((a, b) => b.weight - a.weight || a.questionIndex - b.questionIndex);
  const chosen: WorkOnItem[] = [];
  for (const { weight: _weight, ...item } of candidates) {
    if (chosen.some((taken) => taken.title === item.title)) continue;
    chosen.push(item);
    if (chosen.length === 3) break;
  }
  return chosen;
}

/** An earlier finished interview of the same description, with each question's score by what it came from. */
export interface PreviousInterview {
  interviewId: number;
  finishedAt: string;
  overall: number;
  scores: Map<string, { text: string; score: number | null }>;
}

/**
 * The report of an interview: the overall score (every question counts, an unanswered one 0), how
 * ready that says the person is, the three things to work on, and the comparison with the previous
 * interview for the same description (the requirements asked in both).
 */
export function buildReport(scored: readonly ScoredQuestion[], previous: PreviousInterview | null): MockReport {
  const scores = scored.map(questionScore);
  const overall = scored.length > 0 ? round1(scores.reduce<number>((sum, score) => sum + (score ?? 0), 0) / scored.length) : 0;
  const answered = scores.filter((score) => score !== null).length;
  const readiness = answered < scored.length && readinessOf(overall) === 'ready' ? 'almost' : readinessOf(overall);
  return {
    overall,
    readiness,
    answered,
    workOn: workOnFirst(scored),
    previous: previous
      ? {
          interviewId: previous.interviewId,
          finishedAt: previous.finishedAt,
          overall: previous.overall,
          change: round1(overall - previous.overall),
          requirements: scored.flatMap((entry, index) => {
            const before = previous.scores.get(entry.question.source.key);
            return before ? [{ key: entry.question.source.key, text: entry.question.source.text, before: before.score, now: scores[index] ?? null }] : [];
          }),
        }
      : null,
  };
}
