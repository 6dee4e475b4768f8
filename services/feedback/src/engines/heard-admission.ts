import type { AssessmentScore } from '@story/proto';
import { admissionIn } from '@story/language';
import type { AnswerToAssess, EngineFeedback } from './feedback-engine.ts';

/** The highest relevance an admission keeps: at or below it the overall score is capped (see `overallScore`), so it is never Ready. */
const ADMISSION_RELEVANCE = 3;

/** The relevance sentence for an answer that says the person has not done it. */
export const ADMISSION_COMMENT = (said: string, what: string): string =>
  `“${said}”: an honest answer, but it does not show ${what}. Say so in a sentence, then tell the nearest thing you have done and what it showed.`;

/** The words of the admission as a quote of the answer (offsets into it, end punctuation left out). */
function quoteOf(answer: string, sentence: string): AssessmentScore['quote'] {
  const text = sentence.trim().replace(/[\s.!?;,]+$/, '');
  const start = answer.indexOf(text);
  return start < 0 ? null : { start, end: start + text.length, text };
}

/**
 * An answer that says the person has not done what was asked ("I have not run Kubernetes across
 * regions myself") is heard, whatever the engine made of it (issue 38, 4): its relevance drops to
 * ADMISSION_RELEVANCE with a sentence that quotes the admission, so its overall score stays under
 * "almost" and no requirement is Ready from it. `admission` says whether it was one.
 */
export function heardAdmission(found: EngineFeedback, input: Pick<AnswerToAssess, 'question' | 'answer'>): { feedback: EngineFeedback; admission: boolean } {
  const said = admissionIn(input.answer, input.question);
  if (said === undefined) return { feedback: found, admission: false };
  const assessment = found.assessment.map((score): AssessmentScore => {
    if (score.dimension !== 'relevance') return score;
    const what = score.requirement ? `“${score.requirement}”` : 'what was asked';
    const quote = quoteOf(input.answer, said);
    return { ...score, score: Math.min(score.score, ADMISSION_RELEVANCE), comment: ADMISSION_COMMENT(quote?.text ?? said.trim(), what), quote };
  });
  return { feedback: { ...found, assessment }, admission: true };
}
