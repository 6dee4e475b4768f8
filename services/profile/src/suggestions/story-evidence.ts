import type { MatchedStory } from '@story/proto/resume-subjects';
import { contentWords, sentenceSpans, statesMeasuredResult, stem, words, type SentenceSpan } from '@story/language';
import { hasFigure, hasResult } from './bullet-weaknesses.ts';
import { sharedMeaningReader, type MeaningReader } from '@story/service-kit/sentence-encoder';
import { namesObject, topicOverlap, topicWords, type TopicWord } from './topic-overlap.ts';

/**
 * Finding, among the stories the search service matched to a bullet (whole conversations: the
 * person's words of every turn), the person's own sentence that tells the outcome the bullet lacks,
 * with its figures. The story is chosen by meaning (the sentence encoder: the bullet against the whole
 * story) and by the bullet's own words told anywhere in it, so a figure told two turns after the
 * bullet's words counts. A wrong quote is worse than none: the story must be clearly the one, and the
 * sentence must tell a measured outcome (a change, with its figures), not a team size or a date.
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
  /** The quote tells a measured outcome (always, since issue 38: a result without its figure is not quoted). */
  measured: boolean;
  score: number;
}

/** Thresholds chosen on the tuning sets (`evaluation/evidence-cases.json`, `evaluation/resume-evidence.tuning.json`). */
export const EVIDENCE_FLOORS = {
  /** The search service's relevance below which a story is not looked at. */
  relevance: 0.25,
  /** How close in meaning (sentence encoder cosine) the whole story must be to the bullet. */
  meaning: 0.2,
  /** How much the story must be about the bullet: half its meaning, half the bullet's words told in it. */
  story: 0.38,
} as const;
/** The longest quote: past it, the clauses with the figure alone are quoted. */
const QUOTE_WORDS = 60;
/** Two stories whose scores are closer than this compete: neither is quoted, unless they tell the same figures. */
const COMPETING = 0.15;
/** Fillers a quote need not start with; the quote stays the story's own words. */
const LEADING_FILLER = /^(?:(?:so|and|but|then|basically|honestly|actually|anyway|well|um|uh|like|yeah|okay|ok)\b[\s,]*)+/i;
/** Numbers people say in words. */
const SPELLED =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a dozen|half|a third|a quarter)';
/** A figure that measures (a count, money, a share, a time), not a year on its own. */
const FIGURE = String.raw`(?:[$€£]\s?\d|\b(?!(?:19|20)\d\d\b)\d[\d,.]*|\b${SPELLED}\b)`;
/**
 * How people say a result out loud: "we got it down to 5 a week", "went from one a week to two",
 * "up from 70%", "81% passed", "used to take 45 seconds … 1.8 seconds", "from 14% to 29%",
 * "a year later it was at 45,000", "one a month instead of five", "went six months without".
 */
const SPOKEN_RESULTS = [
  /\b(?:got|get|gets|brought|bring|cut|took|take|went|gone|came|come|dropped|fell|rose|grew|jumped|climbed|was|were)\b[^.;]{0,40}?\b(?:down|up)\s+(?:to|by)\b/i,
  /\b(?:went|gone|dropped|fell|rose|grew|jumped|climbed|moved|shot)\s+(?:from|to|up|down)\b/i,
  // "came down to 4", "came from 40 to 12"; not "it came from one affiliate".
  /\b(?:came|come)\s+(?:down|up|to\b|from\b[^.;]{0,40}?\bto\b)/i,
  /\b(?:up|down)\s+from\b/i,
  new RegExp(
    String.raw`\b(?:went|gone|dropped|fell|rose|grew|cut|reduced|brought|got|came|increased|decreased|improved|climbed|jumped|shrank|down|up|raised|lifted|boosted|lowered|sped|shortened)\b[^.;]{0,40}?\bfrom\s+(?:about\s+|around\s+|roughly\s+|over\s+|nearly\s+|almost\s+)?${FIGURE}[^.;]{0,40}?\bto\s+(?:about\s+|around\s+|roughly\s+|under\s+|below\s+|over\s+|just\s+)?${FIGURE}`,
    'i',
  ),
  new RegExp(String.raw`\bused to\b[^.;]{0,60}?${FIGURE}[^;]{0,80}?${FIGURE}`, 'i'),
  /\b(?:later|by the end|after that|afterwards|within|in (?:\w+ )?(?:days|weeks|months|years|quarters)|the (?:next|following) (?:year|month|quarter|term|season)|the (?:year|month) after)\b[^.;]{0,50}?\b(?:was|were|had|hit|reached)\b\s+(?:at\s+|over\s+|about\s+)?\d/i,
  new RegExp(String.raw`(?:\d|\b${SPELLED})[^.;]{0,40}\binstead of\s+(?:\w+\s+)?(?:\d|${SPELLED}\b)`, 'i'),
  new RegExp(String.raw`\bwent\s+(?:\d+|${SPELLED})\s+(?:days|weeks|months|years)\s+without\b`, 'i'),
  /\b\d[\d,.]*\s?%?\s+(?:of (?:them|us|the \w+)\s+)?(?:passed|finished|completed|stayed|came back|signed up|joined|moved up|improved)\b/i,
  // "Twelve of the fifteen got a 4 or better", "9 out of 10 passed".
  new RegExp(
    String.raw`(?:\d|\b${SPELLED}\b|\b(?:eleven|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|thirty|forty|fifty)\b)\s+(?:out\s+)?of\s+(?:the|them|our|my|those)?\s*(?:\w+\s+)?(?:[^.;]{0,40}?\s)?(?:got|passed|finished|completed|stayed|kept|reached|made|hit|achieved|moved up|improved|bought|signed up|joined|converted|renewed|returned|came back|booked|won|found)\b`,
    'i',
  ),
  // A before and an after in one sentence: "before we had 30 every week …, after the new pathway around 12 a week".
  new RegExp(String.raw`\b(?:before|used to|back then)\b[^.;]{0,80}?${FIGURE}[^.;]{0,80}?\b(?:after|now|these days|later)\b[^.;]{0,60}?${FIGURE}`, 'i'),
  // "we got it to 1 in 1,000 by the spring", "brought them to 3 a week".
  new RegExp(
    String.raw`\b(?:got|brought|pushed|took)\s+(?:it|them|this|that|(?:the|our)\s+\w+)\s+(?:down\s+|up\s+)?to\s+(?:about\s+|around\s+|under\s+|below\s+|just\s+)?${FIGURE}`,
    'i',
  ),
  /\b(?:i|we)\s+\w+[^,.;]{3,},\s+so\s+(?:that\s+)?(?:the|they|our|everyone|people|it)\b/i,
];
const spokenResult = (sentence: string) => SPOKEN_RESULTS.some((pattern) => pattern.test(sentence));

/** How a result was got ("…by moving the fast movers next to the benches"): it names the means, not the thing improved. */
const MEANS = /\bby\s+[a-z]+ing\b[^,.;!?]*/gi;

/**
 * The text less its means clauses ("by moving the fast movers"), unless one tells the bullet's own
 * action ("Automated the reports" and "…by automating the reports"): "Managed the office move" is
 * not named by a pick time cut "by moving" stock.
 */
function withoutOtherMeans(text: string, topic: readonly TopicWord[]): string {
  const actions = topic.filter((word) => !word.object).map((word) => word.stem);
  return text.replace(MEANS, (clause) => (contentWords(clause).some((word) => actions.includes(stem(word))) ? clause : ' '));
}

/** True when a sentence tells a measured outcome: a result (said as résumés or as people say it) with its figure. */
export function tellsMeasuredOutcome(sentence: string): boolean {
  if (statesMeasuredResult(sentence)) return true;
  return (hasResult(sentence) || spokenResult(sentence)) && hasFigure(sentence.replace(NOT_A_COUNT, ' '));
}

/** "one" that counts nothing: "one of them told me", "one day", "no one", "the one". */
const NOT_A_COUNT = /\bone\s+(?:of\b|day\b|time\b|more\b|thing\b|way\b|another\b)|\b(?:no|any|some|every|the|that|this)\s?one\b/gi;

/** The span as a quote: fillers off its start, trailing punctuation off its end, narrowed to the figure's clauses when long. */
function quoteOf(content: string, span: SentenceSpan): string {
  let text = content.slice(span.start, span.end);
  text = text.slice(text.length - text.replace(LEADING_FILLER, '').length);
  text = text.replace(/[\s,;:]+$/, '');
  if (words(text).length <= QUOTE_WORDS) return text;
  const clauses = text.split(/,\s+|;\s+|\s+[-–—]\s+/);
  const best = clauses.find(tellsMeasuredOutcome) ?? clauses.find(hasFigure) ?? text;
  return best.replace(LEADING_FILLER, '').replace(/[\s,;:]+$/, '');
}

/** The figures a quote tells ("3%", "45,000", "1.8"), to tell two stories with the same result from two with different ones. */
export const figuresOf = (quote: string): string =>
  [...quote.matchAll(/\d[\d,.]*/g)]
    .map((match) => match[0].replace(/[,.]$/, ''))
    .sort()
    .join(' ');

/** What the evidence is asked: the bullet, its role line, what it lacks, and the threads told for this very bullet. */
export interface EvidenceQuestion {
  bullet: string;
  role?: string;
  missing: MissingFacts;
  /** Threads started with "Tell the story behind this line" for this bullet: their story is the one to quote. */
  toldFor?: ReadonlySet<number>;
}

interface Judged {
  story: MatchedStory & { threadId: number };
  score: number;
  quote: string;
  toldFor: boolean;
}

/** How people set the figure before apart: "It used to take us eight days", "When I started there were 47", "The year before, about a third". */
const BEFORE =
  /\b(?:used to|before|previously|originally|back then|at the (?:start|beginning)|(?:when |the (?:day|week|month|year|season) )(?:i|we) (?:first )?(?:came|come|started|start|joined|join|arrived|took over|got there)|the (?:year|month|quarter|week|term|season|day|shift) before|(?:first|that|my first) (?:season|year|month|quarter|winter|summer))\b/i;
/** …and the figure after, referring back: "Now it's more like £400", "After the new flow it was under £200", "By the autumn it was one in four hundred". */
const AFTER =
  /\b(?:now|these days|nowadays|after(?:wards)?|by the (?:end|time|spring|summer|autumn|fall|winter)|since then|later|this (?:year|month|quarter|season|winter|summer)|(?:next|the following) (?:year|month|quarter|season|term)|last (?:year|month|quarter|season|winter|summer|term)|within)\b/i;
const REFERS_BACK = new RegExp(
  String.raw`\b(?:it|that|they|we)(?:'s|'ll|\s+(?:was|were|is|are|will|had|have|do|does|did|got|close|closed|get|hit|reached))\b|\b(?:down|up)\s+to\b|\b(?:only|just)\s+(?:\d|${SPELLED}\b)`,
  'i',
);
/** A before that opens on the figure it compares with: "The year before it had been 48,000", "Back then it was 17". */
const BEFORE_REFERRING_BACK =
  /^\W*(?:the (?:year|month|quarter|week|term|season|day|shift|summer|winter) before|before (?:that|then|the change)|back then|previously|originally)\W*\s+(?:it|that|they|this)\s+(?:had been|was|were|stood at|used to be)\b/i;
/** A figure that measures, not a year. */
const MEASURING = new RegExp(FIGURE, 'i');

/**
 * Two sentences side by side that tell one measured change, before then after (or after then before):
 * "It used to take us eight working days. Now we close in four." Each holds a figure; one sets the
 * before apart ("used to", "when I started", "the year before"), or the second is the after that refers
 * back ("After the new flow it was under £200").
 */
export function tellsBeforeAndAfter(first: string, second: string): boolean {
  if (!MEASURING.test(first) || !MEASURING.test(second)) return false;
  if (BEFORE.test(first)) return true;
  // The before second ("We used to get 20-odd"): the first is then the after ("Last quarter we had only 4"), not a fact beside it,
  // or the second opens on the before it compares with ("The RAJAR came in at 61,000 … The year before it had been 48,000").
  if (BEFORE.test(second)) return AFTER.test(first) || REFERS_BACK.test(first) || BEFORE_REFERRING_BACK.test(second);
  if (AFTER.test(second) && REFERS_BACK.test(second)) return true;
  return comparesYears(first, second);
}

/** The years a sentence names ("In 2025 …"). */
const yearsOf = (sentence: string): string[] => [...sentence.matchAll(/\b(?:19|20)\d\d\b/g)].map((match) => match[0]);

/**
 * Two sentences that each name a different year and each count something ("In 2025 we had only 3
 * complaints … In 2024 it were 17"): one measure, year against year.
 */
function comparesYears(first: string, second: string): boolean {
  const [a] = yearsOf(first);
  const [b] = yearsOf(second);
  // Both count something besides their year: MEASURING never takes a year for a figure.
  return a !== undefined && b !== undefined && a !== b;
}

/** Someone else, named by their part ("my colleague Dawn", "Gareth, my team leader,", "the box office manager", "the council", "after IT"). */
const SOMEONE_ELSE = String.raw`(?:\b(?:[Mm]y|[Oo]ur|[Tt]he|[Aa]|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[\w-]+\s+){0,2}?(?:colleague|manager|boss|team leader|supervisor|director|predecessor|head of [\w-]+|lead|team|department|council|contractors?|consultants?|agency|government|trust|board|company|business|organi[sz]ation|firm|group|charity|university|college)\b(?:\s+[A-Z][a-z]+)?|\b(?:IT|HR)\b|\b(?:[Aa]fter|[Ww]hen|[Oo]nce|[Ss]ince)\s+they\b)`;
/**
 * …doing the work: "my colleague Ana make new packing rules", "The station manager did a big push", "after IT put in" (cased,
 * for "IT"); not measuring or agreeing to it ("My manager timed it: the wait went from nine minutes to under four").
 */
const OTHERS_DID = new RegExp(
  String.raw`${SOMEONE_ELSE},?\s+(?:[\w-]+\s+)?(?!(?:timed|measured|counted|checked|tracked|calculated|noticed|reckoned|estimated|worked out|reported|confirmed|agreed|signed off|asked|wanted|needed)\b)(?:[a-z]+ed|did|does|do|brought|bring|put|puts|ran|run|runs|made|make|makes|grew|got|set|sets|cut|cuts|took|led|drove|built|won|sold|wrote|found|kept|bought|began|came up|went)\b`,
);
/** …or credited by name: "but that was the marketing team's thing". */
const CREDITED =
  /\b(?:that|this|it) was (?:all\s+)?(?:the\s+|my\s+|our\s+|his\s+|her\s+)?[\w\s-]{0,30}?'s (?:thing|idea|project|work|doing|push|change|initiative)\b/i;
/** The person as the one who did it: "I", "we". */
const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|we|we've|we'd|we're|us)\b/i;
/** The sentence up to its first figure: who did it is said before what came of it ("The council abolished fines and returns went up 8%"). */
const beforeFigure = (sentence: string) => sentence.slice(0, Math.max(0, sentence.search(MEASURING)));

/**
 * True when an outcome is told as someone else's work: the sentence credits another person or body
 * before its figure ("My colleague Dawn grew plan sales by 40%") or anywhere by name ("that was the
 * marketing team's thing"), or a sentence beside it in the same turn does while the outcome itself names
 * no "I" or "we" ("On-time performance went from 72% to 85%. The station manager did a big push on it.").
 * Their figures are not the person's to put on a résumé.
 */
export function creditedToOthers(sentence: string, beside: readonly string[] = []): boolean {
  if (OTHERS_DID.test(beforeFigure(sentence)) || CREDITED.test(sentence)) return true;
  return !FIRST_PERSON.test(sentence) && beside.some((other) => OTHERS_DID.test(other) || CREDITED.test(other));
}

/**
 * The sentences of a story that tell a measured outcome, as spans and as quotes: two side by side told as
 * before and after are one outcome (quoted together, so neither figure is lost); else each sentence alone.
 */
function outcomeSentences(story: MatchedStory): { sentence: string; quote: string }[] {
  const spans = sentenceSpans(story.content);
  const text = (span: SentenceSpan) => story.content.slice(span.start, span.end);
  const found: { sentence: string; quote: string }[] = [];
  const sameTurn = (a: SentenceSpan | undefined, b: SentenceSpan | undefined) =>
    a !== undefined && b !== undefined && !story.content.slice(a.end, b.start).includes('\n');
  /** The sentences beside `from`..`to` in the same turn. */
  const beside = (from: number, to: number) =>
    [
      spans[from - 1] && sameTurn(spans[from - 1], spans[from]) ? spans[from - 1] : undefined,
      spans[to + 1] && sameTurn(spans[to], spans[to + 1]) ? spans[to + 1] : undefined,
    ]
      .filter((span): span is SentenceSpan => span !== undefined)
      .map(text);
  for (let index = 0; index < spans.length; index += 1) {
    const span = spans[index] as SentenceSpan;
    const next = spans[index + 1];
    // Only inside one turn: a quote never runs across two things the person said.
    if (next && sameTurn(span, next) && tellsBeforeAndAfter(text(span), text(next))) {
      const pair = { start: span.start, end: next.end };
      const quote = quoteOf(story.content, pair);
      if (words(quote).length >= 5 && words(quote).length <= QUOTE_WORDS) {
        // A pair is the person's when either of its sentences says "I" or "we" ("Back then my manager signed off each one. I got it down to one approver.").
        const credited = [text(span), text(next)].some((sentence) => creditedToOthers(sentence, beside(index, index + 1))) && !FIRST_PERSON.test(text(pair));
        if (!credited) found.push({ sentence: text(pair), quote });
        index += 1;
        continue;
      }
    }
    if (!tellsMeasuredOutcome(text(span)) || creditedToOthers(text(span), beside(index, index))) continue;
    const quote = quoteOf(story.content, span);
    if (words(quote).length >= 3) found.push({ sentence: text(span), quote });
  }
  return found;
}

/**
 * The best quote for a bullet among its matched stories, or undefined when none is clearly about it,
 * none tells a measured outcome, or two stories with different figures come within COMPETING of each
 * other. A story told for this very bullet is quoted whenever it tells a measured outcome.
 */
export async function findEvidence(
  question: EvidenceQuestion,
  stories: readonly MatchedStory[],
  meaning: MeaningReader = sharedMeaningReader(),
): Promise<FoundEvidence | undefined> {
  const { bullet, missing } = question;
  if (!missing.figure && !missing.result) return undefined;
  const topic = topicWords(bullet);
  const asked = [question.role, bullet].filter(Boolean).join(' — ');
  const usable = stories.flatMap((story) => (story.threadId === null ? [] : [{ ...story, threadId: story.threadId, outcomes: outcomeSentences(story) }]));
  const told = usable.filter((story) => story.outcomes.length > 0);
  await meaning.read([asked, bullet, ...told.flatMap((story) => [story.content, ...story.outcomes.map((outcome) => outcome.sentence)])]);
  const judged: Judged[] = [];
  for (const { outcomes, ...story } of told) {
    const toldFor = question.toldFor?.has(story.threadId) ?? false;
    const similarity = Math.max(meaning.similarity(asked, story.content), meaning.similarity(bullet, story.content));
    const score = 0.5 * similarity + 0.5 * topicOverlap(topic, story.content);
    // The story must name the bullet's thing ("office move"), not only sound like it through everyday neighbours.
    const about = score >= EVIDENCE_FLOORS.story && similarity >= EVIDENCE_FLOORS.meaning && namesObject(topic, withoutOtherMeans(story.content, topic));
    if (!toldFor && (story.relevance < EVIDENCE_FLOORS.relevance || !about)) continue;
    // The outcome most about the bullet: by meaning, and by its words.
    const aboutBullet = (sentence: string) => meaning.similarity(bullet, sentence) + 0.5 * topicOverlap(topic, sentence);
    const best = [...outcomes].sort((a, b) => aboutBullet(b.sentence) - aboutBullet(a.sentence))[0];
    if (best) judged.push({ story, score, quote: best.quote, toldFor });
  }
  const toldForIt = judged.find((entry) => entry.toldFor);
  if (toldForIt) return { story: toldForIt.story, quote: toldForIt.quote, measured: true, score: toldForIt.score };
  const [first, second] = judged.sort((a, b) => b.score - a.score);
  if (!first) return undefined;
  if (second && first.score - second.score < COMPETING && figuresOf(first.quote) !== figuresOf(second.quote)) return undefined;
  return { story: first.story, quote: first.quote, measured: true, score: first.score };
}
