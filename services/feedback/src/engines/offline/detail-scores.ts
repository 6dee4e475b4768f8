import type { AssessmentScore } from '@story/proto';
import { classify } from '@story/language';
import { spansWith, type AnswerReading, type ReadSpan } from './answer-reading.ts';
import { COMMENTS } from './feedback-phrases.ts';
import { countOf, quoteFrom, scored } from './score-kit.ts';
import { withDigits } from './spelled-numbers.ts';

const FIGURE = /[$€£]?\d[\d,.]*\s?(?:%|k\b|m\b|x\b)?/g;
const YEAR = /\b(?:19|20)\d\d\b/g;
/** Names of places, people, products and tools: capitalised words that do not open a sentence, and acronyms. */
const NAME = /(?<![.!?]\s|^|[.!?]["'’”]\s)\b[A-Z][\w&'’-]*(?:\s+(?:&\s+)?[A-Z][\w&'’-]*)*/g;
const ACRONYM = /\b[A-Z]{2,}s?\b/g;
const NOT_NAMES = new Set(['I', "I'm", "I've", "I'd", "I'll", 'I’m', 'I’ve', 'I’d', 'I’ll', 'OK']);
const TIME_ANCHOR =
  /\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|last (?:year|month|quarter|week)|that (?:night|evening|morning|week))\b/gi;
/** Words that stand where a detail should. */
const VAGUE =
  /\b(?:things?|stuff|various|something|somehow|a lot|lots of|loads of|kind of|sort of|etc|whatever|at some point|i think|probably|maybe|more or less|some (?:things|people|stuff|changes|time)|different people|a few times|in general|usually|always)\b/gi;

/** The specifics of a text: figures, names and tools, moments in time, and vague words. */
function specificsOf(text: string): { figures: number; names: number; anchors: number; vague: number } {
  const digits = withDigits(text);
  const figures = new Set((digits.replace(YEAR, '').match(FIGURE) ?? []).map((figure) => figure.trim())).size;
  const names = new Set([...(text.match(NAME) ?? []), ...(text.match(ACRONYM) ?? [])].filter((name) => !NOT_NAMES.has(name))).size;
  const anchors = countOf(text, YEAR) + countOf(text, TIME_ANCHOR);
  return { figures, names, anchors, vague: countOf(text, VAGUE) };
}

const detailOf = (text: string) => {
  const found = specificsOf(text);
  return found.figures + found.names + found.anchors - found.vague;
};
const byDetail = (a: ReadSpan, b: ReadSpan) => detailOf(b.text) - detailOf(a.text);

/** Specificity, 0 to 10: names, numbers, tools and moments against vague words; what one would do earns nothing. */
export function specificityScore(reading: AnswerReading): AssessmentScore {
  const found = specificsOf(reading.answer);
  const score =
    1 +
    1.5 * Math.min(found.figures, 4) +
    0.8 * Math.min(found.names, 4) +
    0.5 * Math.min(found.anchors, 2) -
    0.8 * Math.min(found.vague, 6) -
    (reading.hypothetical ? 2 : 0);
  const ranked = [...reading.spans].sort(byDetail);
  const detailed = quoteFrom(reading, [ranked[0]], (text) => detailOf(text) > 0);
  if (score >= 7) return scored(reading, 'specificity', score, detailed, COMMENTS.specificity.concrete);
  if (score >= 4) return scored(reading, 'specificity', score, detailed, COMMENTS.specificity.some);
  // Quote the vaguest words said ("a lot of things"), else the clause with the least detail.
  const vaguest = [...reading.spans].sort((a, b) => countOf(b.text, VAGUE) - countOf(a.text, VAGUE))[0];
  const quoted =
    vaguest && countOf(vaguest.text, VAGUE) > 0 ? quoteFrom(reading, [vaguest], (text) => countOf(text, VAGUE) > 0) : quoteFrom(reading, [ranked.at(-1)]);
  return scored(reading, 'specificity', score, quoted, COMMENTS.specificity.vague);
}

/** Words with which a person claims a step as their own. */
const OWNING =
  /\b(?:myself|on my own|my idea|i decided|i took (?:it on|ownership|the lead|charge|over)|i (?:proposed|offered|volunteered|owned)|i asked to own)\b/i;

/** Ownership, 0 to 10: the person's own steps ("I wrote…") against the team's ("we moved…"). */
export function ownershipScore(reading: AnswerReading): AssessmentScore {
  const personal = spansWith(reading, 'action');
  const team = spansWith(reading, 'teamAction').filter((span) => !span.elements.has('action'));
  const teamQuote = () => quoteFrom(reading, [team[0]], (text) => classify(text).has('teamAction'), /\bwe\s/i);
  if (personal.length === 0) {
    if (team.length > 0) return scored(reading, 'ownership', 2, teamQuote(), COMMENTS.ownership.team);
    return scored(reading, 'ownership', reading.hypothetical ? 1 : 2, quoteFrom(reading, []), COMMENTS.ownership.none);
  }
  const share = personal.length / (personal.length + team.length);
  const score = 2 + 5 * share + Math.min(personal.length, 3) + (OWNING.test(reading.answer) ? 1 : 0);
  if (share < 0.5) return scored(reading, 'ownership', score, teamQuote(), COMMENTS.ownership.mixed);
  const owning = personal.find((span) => OWNING.test(span.text));
  const quote = quoteFrom(reading, [owning, personal[0]], (text) => OWNING.test(text) || classify(text).has('action'), /\bI\s/i);
  return scored(reading, 'ownership', score, quote, COMMENTS.ownership.own);
}
