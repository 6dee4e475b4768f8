import { STAR_PARTS, type StarPart, type StarPartFeedback } from '@story/proto';
import { classify, type StoryElement } from '@story/language';
import { inAnswer, inEarlierTurn, isInAnswer, spansWith, type AnswerReading } from './answer-reading.ts';
import { bestQuote, quoteOf, type Span } from './answer-spans.ts';
import { STAR_PROMPTS } from './feedback-phrases.ts';

/** The story element that carries each STAR part ("we" actions do not count as the person's action). */
const ELEMENT: Record<StarPart, StoryElement> = { situation: 'situation', task: 'task', action: 'action', result: 'result' };
/** Quotes shown per part: enough to see why, few enough to read. */
const QUOTES_PER_PART = 2;
const PROMPT_QUOTE_WORDS = 8;

/**
 * The four STAR parts: the clauses that carry each, and for each missing part one prompt built on the
 * answer's own words. In a story thread a part told in an earlier turn is told: its words come with
 * the turn that told them (`earlier`), the answer's own in `quotes`.
 */
export function starParts(reading: AnswerReading): StarPartFeedback[] {
  const first = (element: StoryElement) => {
    // A prompt is built on the answer's own words, never an earlier answer's.
    const span = spansWith(reading, element).find((candidate) => candidate.quotable && isInAnswer(reading, candidate.quotable))?.quotable;
    return span && quoteOf(span, PROMPT_QUOTE_WORDS);
  };
  const prompts: Record<StarPart, () => string> = {
    situation: () => STAR_PROMPTS.situation(first('action') ?? first('teamAction')),
    task: () => STAR_PROMPTS.task(first('situation')),
    action: () => STAR_PROMPTS.action(first('teamAction')),
    result: () => STAR_PROMPTS.result(first('action') ?? first('teamAction')),
  };
  return STAR_PARTS.map((part) => {
    const spans = spansWith(reading, ELEMENT[part]);
    if (spans.length === 0) return { part, present: false, quotes: [], earlier: [], prompt: prompts[part]() };
    const from = part === 'action' ? /\bI\s/i : undefined;
    const quote = (span: Span) =>
      part === 'situation' ? quoteOf(span, 16) : bestQuote(span, (text) => classify(text).has(ELEMENT[part]), { from, maxWords: 16 });
    // The part is told whatever the recogniser was unsure of; its quotes keep to the words it heard.
    const heard = spans.flatMap((span) => (span.quotable ? [span.quotable] : []));
    const own = heard.filter((span) => isInAnswer(reading, span));
    const before = heard.filter((span) => !isInAnswer(reading, span));
    const quotes = own.slice(0, QUOTES_PER_PART).flatMap((span) => inAnswer(reading, quote(span)) ?? []);
    const earlier = before.slice(0, QUOTES_PER_PART).flatMap((span) => inEarlierTurn(reading, quote(span)) ?? []);
    return { part, present: true, quotes, earlier, prompt: null };
  });
}
