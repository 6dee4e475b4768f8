import type { MatchedStory } from '@story/proto/subjects';
import { classify, statesMeasuredResult, words } from '@story/proto/story-analysis';
import { hasFigure, hasResult } from './bullet-weaknesses.ts';
import { topicOverlap, topicWords, type TopicWord } from './topic-overlap.ts';

/**
 * Finding, among the stories the search service matched to a bullet, the person's own sentence that
 * holds what the bullet lacks (a figure, a result) about the same thing. A wrong quote is worse than
 * none: a story must be relevant, about the bullet's subject, and the sentence itself must be too.
 */

/** What a bullet lacks, and so what a quote must hold. */
export interface MissingFacts {
  figure: boolean;
  result: boolean;
}

/** A sentence of a story that holds the missing facts, as the story words it. */
export interface FoundEvidence {
  story: MatchedStory & { threadId: number };
  /** The story's exact words (a substring of its content). */
  quote: string;
  score: number;
}

/** Thresholds chosen on the evaluation's tuning cases (`evaluation/evidence-cases`). */
export const EVIDENCE_FLOORS = {
  /** The search service's relevance below which a story is not looked at. */
  relevance: 0.25,
  /** How much of the bullet's subject the whole story must be about. */
  story: 0.3,
  /** How much of it the quoted sentence (with the one before it, for "it" and "that") must be about. */
  sentence: 0.25,
} as const;
/** The longest quote: past it, the clause with the figure alone is quoted. */
const QUOTE_WORDS = 40;
/** Fillers a quote need not start with; the quote stays the story's own words. */
const LEADING_FILLER = /^(?:(?:so|and|but|then|basically|honestly|actually|anyway|well|um|uh|like|yeah|okay|ok)\b[\s,]*)+/i;
const REFERS_BACK = /\b(?:it|that|this|they|them|those|these)\b/i;

interface Span {
  start: number;
  end: number;
}

/** The story's sentences as spans of its content. */
function sentenceSpans(content: string): Span[] {
  const spans: Span[] = [];
  const pattern = /[^.!?\n]+(?:[.!?]+|$)/g;
  for (const match of content.matchAll(pattern)) {
    const text = match[0];
    const lead = text.length - text.trimStart().length;
    const start = match.index + lead;
    const end = match.index + text.trimEnd().length;
    if (end > start && words(content.slice(start, end)).length > 0) spans.push({ start, end });
  }
  return spans;
}

/** True when the sentence holds what the bullet lacks. */
function holds(sentence: string, missing: MissingFacts): boolean {
  const measured = statesMeasuredResult(sentence) || (hasFigure(sentence) && hasResult(sentence));
  if (missing.figure) return measured;
  return measured || hasResult(sentence) || classify(sentence).has('result');
}

/** The span as a quote: fillers off its start, trailing punctuation off its end, narrowed to the figure's clause when long. */
function quoteOf(content: string, span: Span): string {
  let text = content.slice(span.start, span.end);
  text = text.slice(text.length - text.replace(LEADING_FILLER, '').length);
  text = text.replace(/[\s,;:]+$/, '');
  if (words(text).length <= QUOTE_WORDS) return text;
  const clauses = text.split(/,\s+|;\s+|\s+[-–—]\s+/);
  const best = clauses.find((clause) => hasFigure(clause) && hasResult(clause)) ?? clauses.find(hasFigure) ?? text;
  return best.replace(LEADING_FILLER, '').replace(/[\s,;:]+$/, '');
}

/** The best quote for a bullet among its matched stories, or undefined when none is about it. */
export function findEvidence(
  bullet: string,
  stories: readonly MatchedStory[],
  missing: MissingFacts,
  topic: readonly TopicWord[] = topicWords(bullet),
): FoundEvidence | undefined {
  if (topic.length === 0 || (!missing.figure && !missing.result)) return undefined;
  let best: FoundEvidence | undefined;
  for (const story of stories) {
    const { threadId } = story;
    if (threadId === null || story.relevance < EVIDENCE_FLOORS.relevance) continue;
    const storyOverlap = topicOverlap(topic, story.content);
    if (storyOverlap < EVIDENCE_FLOORS.story) continue;
    const spans = sentenceSpans(story.content);
    spans.forEach((span, index) => {
      const sentence = story.content.slice(span.start, span.end);
      if (!holds(sentence, missing)) return;
      let overlap = topicOverlap(topic, sentence);
      let quoted = span;
      const previous = spans[index - 1];
      if (overlap < EVIDENCE_FLOORS.sentence && previous && REFERS_BACK.test(sentence)) {
        const withPrevious = { start: previous.start, end: span.end };
        overlap = 0.8 * topicOverlap(topic, story.content.slice(withPrevious.start, withPrevious.end));
        quoted = withPrevious;
      }
      if (overlap < EVIDENCE_FLOORS.sentence) return;
      const score = 0.6 * overlap + 0.2 * storyOverlap + 0.2 * Math.min(1, story.relevance) + (statesMeasuredResult(sentence) ? 0.1 : 0);
      if (best && best.score >= score) return;
      const quote = quoteOf(story.content, quoted);
      if (words(quote).length >= 3) best = { story: { ...story, threadId }, quote, score };
    });
  }
  return best;
}
