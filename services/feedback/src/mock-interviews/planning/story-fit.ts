/**
 * Which of the person's saved stories fit a question, before the interview (issue 23; issue 38: whole
 * stories, the sentence encoder). The search service finds candidates; a story fits when the whole of
 * it (every turn the person told) is close in meaning to the question's source and names what it asks,
 * the person did it themselves, and it ended somewhere. `strong` only when it clearly shows the source:
 * the closest story by a margin, what the person did, and a result; `workable` when it is close but
 * needs work. A story where the person says they never did it is no fit at all, however many of the
 * source's words it shares. Each reason quotes the person's own sentence that shows it.
 */
import type { QuestionSource, StoryFit } from '@story/proto';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { classify, sentencesOf, statesMeasuredResult } from '@story/language';
import { WordVectors } from '@story/language/word-vectors';
import { sharedMeaningReader, type MeaningReader } from '@story/service-kit/sentence-encoder';
import { withDigits } from '../../engines/offline/spelled-numbers.ts';
import { readRequirement } from './requirement-lines.ts';
import { distinctiveWords } from './source-words.ts';

const MOST = 3;
const EXCERPT_CHARS = 200;
/** The longest quote a reason carries. */
const REASON_QUOTE_CHARS = 140;

/** Thresholds chosen on the tuning sets (`planning-evaluation.fixtures.ts`, `evaluation/story-fit.tuning.json`). */
export const FIT_FLOORS = {
  /** A story this close (meaning and words, 0–1) that shares the source's words is worth offering as workable… */
  workable: 0.3,
  /** …and one this close whatever its words (a paraphrase: "looked after the rota" for "scheduling"). */
  paraphrase: 0.45,
  /** A strong fit is at least this close… */
  strong: 0.42,
  /** …and this much closer than the next story that is no strong fit (two close stories: neither is clearly it). */
  margin: 0.04,
} as const;
/** How much of a story's closeness is its meaning (the rest: the source's words told in it, rarer words weighing more). */
const MEANING_SHARE = 0.6;

/** The person saying they have not done it ("I've never used Kafka", "not in production though", "I haven't used it at work"). */
const NEVER_DID =
  /\b(?:i(?:'ve|\s+have)?\s+never|i\s+(?:haven't|have\s+not|didn't|did\s+not|don't|do\s+not)\s+(?:\w+\s+){0,2}(?:used|done|run|led|worked|managed|had|touched|built)|never\s+(?:used|done|run|led|worked|managed|touched|built)|not\s+in\s+production|no\s+(?:real\s+|hands-on\s+|professional\s+)?experience)\b/i;

/** An outcome as people say it: a change ("went from nightly jobs to two seconds", "grew by 15%") or a target met ("4% under budget"). */
const SAID_OUTCOME =
  /\b(?:went|gone|came|dropped|fell|rose|grew|jumped|climbed|cut|reduced|increased|doubled|halved|shipped|renewed|promoted|hired|won)\b[^.;]{0,50}?\b(?:from|to|down|up|by|within|for)\b|\b(?:under|within|on)\s+budget\b|\bon time\b|\bahead of schedule\b/i;

/** The person's words shortened to about 200 characters at a word boundary, with "…" when cut. */
export function storyExcerpt(content: string, limit = EXCERPT_CHARS): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const boundary = cut.lastIndexOf(' ');
  return `${cut.slice(0, boundary > limit / 2 ? boundary : limit).replace(/[\s,;:.–—-]+$/u, '')}…`;
}

let vectors: WordVectors | undefined;
const wordVectors = () => (vectors ??= WordVectors.load());

/** How much of the source's own words a story tells, 0–1, rarer words weighing more ("Kafka" more than "experience"). */
function sourceCoverage(source: string, story: string): number {
  const wanted = distinctiveWords(source);
  if (wanted.length === 0) return 0;
  const told = new Set(distinctiveWords(story).map((entry) => entry.stem));
  const weight = (word: string) => Math.log(2 + (wordVectors().rank(word) ?? 50_000) / 1000);
  const total = wanted.reduce((sum, entry) => sum + weight(entry.word), 0);
  const found = wanted.filter((entry) => told.has(entry.stem)).reduce((sum, entry) => sum + weight(entry.word), 0);
  return total === 0 ? 0 : found / total;
}

/** The verb a requirement asks about ("mentor" of "Ability to mentor junior engineers"): alone, it is enough to touch the source. */
function headStem(source: QuestionSource): string | undefined {
  if (source.kind !== 'requirement') return undefined;
  const reading = readRequirement(source.text);
  if (reading.shape !== 'activity' && reading.shape !== 'ability') return undefined;
  const head = distinctiveWords(reading.topic)[0];
  // The topic's own first word only ("own the weekly budget" has no distinctive verb: "weekly" is not one).
  return head && reading.topic.toLowerCase().startsWith(head.word) ? head.stem : undefined;
}

/** Whether a story shares the source's words: two of them, or the one the source asks about (its verb, or its only words). */
function touchesSource(source: QuestionSource, story: string): boolean {
  const sourceWords = distinctiveWords(source.text);
  const told = new Set(distinctiveWords(story).map((entry) => entry.stem));
  const shared = sourceWords.filter((entry) => told.has(entry.stem)).map((entry) => entry.stem);
  // One shared word is chance ("team", "customer") unless it is the verb the requirement asks about, or the source has no more words.
  return shared.length >= 2 || (shared.length === 1 && (sourceWords.length <= 2 || shared[0] === headStem(source)));
}

interface Judged {
  story: MatchedStory;
  closeness: number;
  touches: boolean;
  acted: boolean;
  result: boolean;
  /** The person's sentence closest to the source, and the one that tells how it ended: what the reason quotes. */
  shows: string;
  ended: string | undefined;
}

/** The source as the story is compared with: a requirement's topic ("running Kafka in production"), else its text. */
function sourceText(source: QuestionSource): string {
  if (source.kind !== 'requirement') return source.text;
  return readRequirement(source.text).topic || source.text;
}

/** A sentence quoted in a reason: the person's words, cut at a word when long. */
const quoted = (sentence: string) => `“${storyExcerpt(sentence, REASON_QUOTE_CHARS).replace(/\.$/, '')}”`;

/** What a story shows of a source, or undefined when the person says they never did it. */
function judge(question: QuestionSource, source: string, story: MatchedStory, meaning: MeaningReader): Judged | undefined {
  const sentences = sentencesOf(story.content);
  const shows = [...sentences].sort((a, b) => meaning.similarity(source, b) - meaning.similarity(source, a))[0] ?? story.content;
  // "I've never used Kafka": said about what is asked (close to it, or naming it), the story is no fit.
  const denied = sentences.some(
    (sentence) => NEVER_DID.test(sentence) && (meaning.similarity(source, sentence) >= 0.3 || sourceCoverage(source, sentence) > 0),
  );
  if (denied) return undefined;
  const closeness = MEANING_SHARE * meaning.similarity(source, story.content) + (1 - MEANING_SHARE) * sourceCoverage(source, story.content);
  const said = withDigits(story.content);
  const elements = classify(said);
  const acted = elements.has('action') || /\bI\s+(?!think|guess|feel|felt|was told|don't|do not|didn't|know|knew|hope)[a-z]+ed\b/.test(said);
  const result = elements.has('result') || statesMeasuredResult(said) || SAID_OUTCOME.test(said);
  const closest = (a: string, b: string) => meaning.similarity(source, b) - meaning.similarity(source, a);
  const ended = sentences.filter((sentence) => statesMeasuredResult(withDigits(sentence)) || SAID_OUTCOME.test(sentence)).sort(closest)[0];
  return { story, closeness, touches: touchesSource(question, story.content), acted, result, shows, ended };
}

/** The reason a story is offered, in one sentence that quotes the person. */
function reasonFor(judged: Judged, strong: boolean, topic: string): string {
  if (strong) {
    const ended = judged.ended && judged.ended !== judged.shows ? ` and how it ended: ${quoted(judged.ended)}` : '';
    return `You tell it yourself: ${quoted(judged.shows)}${ended}.`;
  }
  const needs = !judged.acted ? 'say what you did yourself' : !judged.result ? 'say how it ended' : `make the link to ${topic} plain`;
  return `Close to what is asked: ${quoted(judged.shows)}; ${needs}.`;
}

/**
 * The stories that fit a question, best first, at most three; none for the warm-up about the role,
 * which asks about the person, not one story. At most one is strong: the clearly closest.
 */
export async function storyFitFor(
  question: { text: string; source: QuestionSource },
  stories: readonly MatchedStory[],
  meaning: MeaningReader = sharedMeaningReader(),
): Promise<StoryFit[]> {
  if (question.source.kind === 'role') return [];
  const seen = new Set<string>();
  const distinct = stories.filter((story) => {
    const key = story.threadId === null ? `story:${story.storyId}` : `thread:${story.threadId}`;
    return story.content.trim() !== '' && !seen.has(key) && seen.add(key);
  });
  const source = sourceText(question.source);
  await meaning.read([source, ...distinct.flatMap((story) => [story.content, ...sentencesOf(story.content)])]);
  const judged = distinct
    .flatMap((story) => judge(question.source, source, story, meaning) ?? [])
    .filter((entry) => entry.closeness >= (entry.touches ? FIT_FLOORS.workable : FIT_FLOORS.paraphrase))
    .sort((a, b) => b.closeness - a.closeness || b.story.relevance - a.story.relevance);
  const [first, second] = judged;
  const clearlyFirst = first !== undefined && first.closeness - (second?.closeness ?? 0) >= FIT_FLOORS.margin;
  return judged.slice(0, MOST).map((entry) => {
    // Strong only when it names what is asked too: a story close in meaning alone is a paraphrase to work on.
    const strong = entry === first && clearlyFirst && entry.touches && entry.closeness >= FIT_FLOORS.strong && entry.acted && entry.result;
    return {
      storyId: entry.story.storyId,
      threadId: entry.story.threadId,
      excerpt: storyExcerpt(entry.story.content),
      fit: strong ? 'strong' : 'workable',
      why: reasonFor(entry, strong, `“${source}”`),
    };
  });
}
