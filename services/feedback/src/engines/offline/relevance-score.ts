import type { AssessmentScore } from '@story/proto';
import { requirementEvidence } from '@story/language';
import { MEANING, type AnswerMeaning } from './answer-meaning.ts';
import { tellsStory, type AnswerReading, type ReadSpan } from './answer-reading.ts';
import { COMMENTS } from './feedback-phrases.ts';
import { quoteFrom, scored } from './score-kit.ts';

const STORY_ELEMENTS = ['situation', 'task', 'action', 'teamAction', 'result'] as const;
const isStoryClause = (span: ReadSpan) => STORY_ELEMENTS.some((element) => span.elements.has(element));

/**
 * Relevance, 0 to 10: whether the answer shows the requirement the question asked about (or, outside
 * interview practice, the question's subject), in its words or the words of the kind of thing it is
 * about, and whether that evidence sits in the story itself rather than in a general statement.
 */
export function relevanceScore(reading: AnswerReading, meaning?: AnswerMeaning): AssessmentScore {
  const { target } = reading;
  const story = tellsStory(reading);
  if (!target) return scored(reading, 'relevance', story ? 7 : 5, quoteFrom(reading, []), COMMENTS.relevance.opening);
  if (reading.hypothetical && reading.asksForEvent) return scored(reading, 'relevance', 3, quoteFrom(reading, []), COMMENTS.relevance.hypothetical);

  const shown = target.shown;
  if (shown === undefined)
    return scored(reading, 'relevance', story ? 7 : 5, quoteFrom(reading, [reading.spans.find(isStoryClause)]), COMMENTS.relevance.partly);
  if (shown.length === 0 && meaning && meaning.nearness >= MEANING.near) {
    // No word of it said, yet a clause speaks to it in other words ("the service went down" for "handled an outage").
    const inStory = isStoryClause(meaning.span);
    return scored(reading, 'relevance', 5 + (inStory ? 2 : 1), quoteFrom(reading, [meaning.span]), COMMENTS.relevance.partly);
  }
  if (shown.length === 0 && meaning && meaning.nearness >= MEANING.far) {
    // Neither near nor far in meaning: say less than "nothing in the answer shows it".
    return scored(reading, 'relevance', story ? 4 : 3, quoteFrom(reading, [meaning.span]), COMMENTS.relevance.unclear);
  }
  if (shown.length === 0) {
    // A question's subject gives fewer words to look for than a requirement: be less sure it was missed.
    const score = target.kind === 'question' ? (story ? 4 : 2) : story ? 2 : 1;
    return scored(reading, 'relevance', score, quoteFrom(reading, [reading.spans.find(isStoryClause)]), COMMENTS.relevance.elsewhere);
  }
  const evidenceIn = (text: string) => requirementEvidence(text, { label: target.name })?.length ?? 0;
  // The clauses that show it, the most telling first: more evidence, and inside the story.
  const showing = reading.spans
    .filter((span) => evidenceIn(span.text) > 0)
    .sort((a, b) => evidenceIn(b.text) + (isStoryClause(b) ? 1 : 0) - (evidenceIn(a.text) + (isStoryClause(a) ? 1 : 0)));
  const inStory = showing.find(isStoryClause);
  const score = 5 + Math.min(shown.length, 3) + (inStory ? 2 : 0);
  const quote = quoteFrom(reading, [inStory, showing[0]], (text) => evidenceIn(text) > 0);
  return scored(reading, 'relevance', score, quote, score >= 8 ? COMMENTS.relevance.direct : COMMENTS.relevance.partly);
}
