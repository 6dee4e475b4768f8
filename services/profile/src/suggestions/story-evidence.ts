import type { MatchedStory } from '@story/proto/resume-subjects';
import { contentWords, statesMeasuredResult, stem, words } from '@story/proto/story-analysis';
import { hasFigure, hasResult } from './bullet-weaknesses.ts';
import { namesObject, topicOverlap, topicWords, type TopicWord } from './topic-overlap.ts';

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
  /** False when the quote tells the result without a figure (the person still has a number to add). */
  measured: boolean;
  score: number;
}

/** Thresholds chosen on the evaluation's tuning cases (`evaluation/evidence-cases`). */
export const EVIDENCE_FLOORS = {
  /** The search service's relevance below which a story is not looked at. */
  relevance: 0.25,
  /** How much of the bullet's subject the whole story must be about. */
  story: 0.3,
  /** How much of it the quoted sentence must be about. */
  sentence: 0.25,
  /** Or, with the sentence before it ("The stockroom was a disaster… I set up…"), how much the two must be about. */
  context: 0.35,
  /** And then how much the whole story must be. */
  contextStory: 0.45,
} as const;
/** The longest quote: past it, the clause with the figure alone is quoted. */
const QUOTE_WORDS = 60;
/** A sentence that goes on with a story about the bullet counts this share of the story's overlap. */
const STORY_CONTEXT_SHARE = 0.7;
/** Two stories whose best quotes score closer than this compete: neither is quoted. */
const COMPETING = 0.1;
/** A result without a figure counts for less than a measured one. */
const UNMEASURED_PENALTY = 0.15;
/** Fillers a quote need not start with; the quote stays the story's own words. */
const LEADING_FILLER = /^(?:(?:so|and|but|then|basically|honestly|actually|anyway|well|um|uh|like|yeah|okay|ok)\b[\s,]*)+/i;
/** Numbers people say in words. */
const SPELLED = '(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a dozen|half)';
/**
 * How people say a result out loud: "we got it down to 5 a week", "went from one a week to two",
 * "up from 70%", "81% passed", ", so the team had it on Monday", "a year later it was at 45,000", "one a month instead of five".
 */
const SPOKEN_RESULTS = [
  /\b(?:got|get|gets|brought|bring|cut|took|take|went|gone|came|come|dropped|fell|rose|grew|jumped|climbed)\b[^.;]{0,40}?\b(?:down|up)\s+(?:to|by)\b/i,
  /\b(?:went|gone|came|come|dropped|fell|rose|grew|jumped|climbed)\s+(?:from|to|up|down)\b/i,
  /\b(?:up|down)\s+from\b/i,
  // A before and an after told apart in time: "…like 2,000 followers. Eighteen months later our Instagram was at 45,000."
  /\b(?:later|by the end|after that|afterwards|the (?:next|following) (?:year|month|quarter|term|season)|the (?:year|month) after)\b[^.;]{0,50}?\b(?:was|were|had|hit|reached)\b\s+(?:at\s+|over\s+|about\s+)?\d/i,
  // "one stock-out a month instead of five or six", "went six months without a single outage".
  new RegExp(`(?:\\d|\\b${SPELLED})[^.;]{0,40}\\binstead of\\s+(?:\\w+\\s+)?(?:\\d|${SPELLED}\\b)`, 'i'),
  new RegExp(`\\bwent\\s+(?:\\d+|${SPELLED})\\s+(?:days|weeks|months|years)\\s+without\\b`, 'i'),
  /\b\d[\d,.]*\s?%?\s+(?:of (?:them|us|the \w+)\s+)?(?:passed|finished|completed|stayed|came back|signed up|joined)\b/i,
  // A consequence of the person's step ("I wrote a job that built it overnight, so the team had it Monday"), not a filler ("Right, so we had…").
  /\b(?:i|we)\s+\w+[^,.;]{3,},\s+so\s+(?:that\s+)?(?:the|they|our|everyone|people|it)\b/i,
];
/**
 * A sentence that goes on with the one before: the person's next step ("So I brought in a sheet…")
 * or a word pointing back ("we got it down to 5"). "Over that year the team grew to 23" starts
 * another subject, whatever the sentence before was about.
 */
const CONTINUES = /^(?:(?:so|and|then|after that|eventually|in the end)\b[\s,]*)*(?:i|we)\b|\b(?:it|they|them)\b/i;
/** How a result was got ("…by moving the fast movers next to the benches"): it names the means, not the thing improved. */
const MEANS = /\bby\s+[a-z]+ing\b[^,.;!?]*/gi;
const spokenResult = (sentence: string) => SPOKEN_RESULTS.some((pattern) => pattern.test(sentence));

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

/** What a sentence holds of what the bullet lacks: a measured result, a result without a figure, or nothing. */
function holds(sentence: string, missing: MissingFacts): 'measured' | 'result' | undefined {
  // Not story-signals' reading of a result: to a coach "how it worked" may be one, to a résumé it is not.
  const result = hasResult(sentence) || spokenResult(sentence);
  if (statesMeasuredResult(sentence) || (result && hasFigure(sentence))) return 'measured';
  // A result without a figure still answers half of "no result, no number"; a figure alone answers neither.
  return result && (missing.result || !missing.figure) ? 'result' : undefined;
}

/**
 * The text less its means clauses ("by moving the fast movers"), unless one tells the bullet's own
 * action ("Automated the reports" and "…by automating the reports"): "Managed the office move" is
 * not named by a pick time cut "by moving" stock.
 */
function withoutOtherMeans(text: string, topic: readonly TopicWord[]): string {
  const actions = topic.filter((word) => !word.object).map((word) => word.stem);
  return text.replace(MEANS, (clause) => (contentWords(clause).some((word) => actions.includes(stem(word))) ? clause : ' '));
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

/** The best quote for a bullet in one matched story, or undefined when none of its sentences is about it. */
function bestInStory(story: MatchedStory, topic: readonly TopicWord[], missing: MissingFacts): FoundEvidence | undefined {
  const { threadId } = story;
  if (threadId === null || story.relevance < EVIDENCE_FLOORS.relevance) return undefined;
  const storyOverlap = topicOverlap(topic, story.content);
  if (storyOverlap < EVIDENCE_FLOORS.story) return undefined;
  let best: FoundEvidence | undefined;
  const spans = sentenceSpans(story.content);
  spans.forEach((span, index) => {
    const sentence = story.content.slice(span.start, span.end);
    const held = holds(sentence, missing);
    if (!held) return;
    let overlap = topicOverlap(topic, sentence);
    let quoted = span;
    /** The text that must name the bullet's thing: the sentence, the two quoted, or the story the sentence goes on with. */
    let naming = sentence;
    const previous = spans[index - 1];
    // "The stockroom was a disaster… I set up labels and shrinkage dropped to 1%": the subject is in the sentence before.
    if (overlap < EVIDENCE_FLOORS.sentence && storyOverlap >= EVIDENCE_FLOORS.contextStory && CONTINUES.test(sentence)) {
      const withPrevious = previous ? { start: previous.start, end: span.end } : span;
      const context = 0.8 * topicOverlap(topic, story.content.slice(withPrevious.start, withPrevious.end));
      // The sentence before names the subject: quote both. Else the story does, further up: the sentence goes on with it.
      if (context >= EVIDENCE_FLOORS.context) [overlap, quoted, naming] = [context, withPrevious, story.content.slice(withPrevious.start, span.end)];
      else [overlap, naming] = [STORY_CONTEXT_SHARE * storyOverlap, story.content.slice(0, span.end)];
    }
    if (overlap < EVIDENCE_FLOORS.sentence) return;
    // Everyday neighbours ("move" and "came") make a sentence look on topic without naming the thing improved.
    if (!namesObject(topic, withoutOtherMeans(naming, topic))) return;
    const score = 0.6 * overlap + 0.2 * storyOverlap + 0.2 * Math.min(1, story.relevance) + (held === 'measured' ? 0.1 : -UNMEASURED_PENALTY);
    if (best && best.score >= score) return;
    const quote = quoteOf(story.content, quoted);
    if (words(quote).length >= 3) best = { story: { ...story, threadId }, quote, measured: held === 'measured', score };
  });
  return best;
}

/** The figures a quote tells ("3%", "45,000"), to tell two stories with the same result from two with different ones. */
const figuresOf = (quote: string) =>
  [...quote.matchAll(/\d[\d,.]*/g)]
    .map((match) => match[0].replace(/[,.]$/, ''))
    .sort()
    .join(' ');

/**
 * The best quote for a bullet among its matched stories, or undefined when none is about it, or when
 * two stories with different figures come within COMPETING of each other: a wrong quote is worse than none.
 */
export function findEvidence(
  bullet: string,
  stories: readonly MatchedStory[],
  missing: MissingFacts,
  topic: readonly TopicWord[] = topicWords(bullet),
): FoundEvidence | undefined {
  if (topic.length === 0 || (!missing.figure && !missing.result)) return undefined;
  const found = stories.flatMap((story) => bestInStory(story, topic, missing) ?? []).sort((a, b) => b.score - a.score);
  const [best, next] = found;
  if (best && next && best.score - next.score < COMPETING && figuresOf(best.quote) !== figuresOf(next.quote)) return undefined;
  return best;
}
