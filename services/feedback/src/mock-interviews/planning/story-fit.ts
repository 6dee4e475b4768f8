/**
 * Which of the person's saved stories fit a question, before the interview (issue 23). The search
 * service finds candidates by meaning; a candidate fits only when the person's own words meet the
 * question's source: shared words (stemmed, tools and names alike), what the person did themselves,
 * and a result, ideally in numbers. `strong` when it shows the source and has both; `workable` when
 * it touches the source but needs work. A story that shares no word with the source does not fit.
 */
import type { QuestionSource, StoryFit } from '@story/proto';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { classify, firstNumber, hasNumber, statesMeasuredResult } from '@story/proto/story-analysis';
import { withDigits } from '../../engines/offline/spelled-numbers.ts';
import { readRequirement } from './requirement-lines.ts';
import { distinctiveWords } from './source-words.ts';

const MOST = 3;
const EXCERPT_CHARS = 200;
/** Words the question patterns add: they say nothing of what a story should be about. */
const PATTERN_WORDS = new Set(
  'tell describe give walk situation moment demanding piece difference stake test turn result happened build built hard depth used project done yourself wrote résumé resume figure part came background draws want focus first days'.split(
    ' ',
  ),
);

/** The person's words shortened to about 200 characters at a word boundary, with "…" when cut. */
export function storyExcerpt(content: string, limit = EXCERPT_CHARS): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const boundary = cut.lastIndexOf(' ');
  return `${cut.slice(0, boundary > limit / 2 ? boundary : limit).replace(/[\s,;:.–—-]+$/u, '')}…`;
}

const listed = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);

interface Judged {
  story: MatchedStory;
  fit: StoryFit['fit'];
  score: number;
  why: string;
}

/** The story's own spelling of a word it shares ("cross-functional", "SQL"), found around the lower-case word. */
function asWritten(content: string, word: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*${escaped}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*`, 'iu').exec(content)?.[0] ?? word;
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

/** What a story shows of a question: the source's words it shares, whether the person acted, and the result. */
function judge(question: { text: string; source: QuestionSource }, story: MatchedStory): Judged | undefined {
  const sourceWords = distinctiveWords(question.source.text);
  const questionWords = distinctiveWords(question.text).filter(
    (entry) => !PATTERN_WORDS.has(entry.word) && !sourceWords.some((other) => other.stem === entry.stem),
  );
  const storyWords = distinctiveWords(story.content);
  const storyStems = new Map(storyWords.map((entry) => [entry.stem, entry.word]));
  const sharedStems = sourceWords.filter((entry) => storyStems.has(entry.stem)).map((entry) => entry.stem);
  const alsoShared = questionWords.filter((entry) => storyStems.has(entry.stem)).length;
  // One shared word is chance ("team", "customer") unless it is the verb the requirement asks about, or the source has no more words.
  const touches = sharedStems.length >= 2 || (sharedStems.length === 1 && (sourceWords.length <= 2 || sharedStems[0] === headStem(question.source)));
  if (!touches) return undefined;
  const coverage = sharedStems.length / Math.max(1, Math.min(sourceWords.length, 4));
  const said = withDigits(story.content);
  const elements = classify(said);
  const acted = elements.has('action') || /\bI\s+(?!think|guess|feel|felt|was told|don't|do not|didn't)[a-z]+/.test(said);
  const figure = statesMeasuredResult(said) || hasNumber(said);
  const result = figure || elements.has('result');
  const relevance = Math.max(0, Math.min(1, story.relevance));
  const score = Math.min(coverage, 1) * 0.55 + Math.min(alsoShared, 2) * 0.05 + relevance * 0.2 + (acted ? 0.1 : 0) + (result ? 0.05 : 0) + (figure ? 0.05 : 0);
  const strong = coverage >= 0.5 && acted && result;
  const spelled = [...new Set(sharedStems.map((entry) => asWritten(story.content, storyStems.get(entry) ?? entry)))];
  // "cross-functional" already says "functional".
  const words = spelled.filter((word) => !spelled.some((other) => other !== word && other.toLowerCase().includes(word.toLowerCase()))).slice(0, 3);
  const number = figure ? firstNumber(said) : undefined;
  const outcome = figure ? `a result in numbers${number ? ` (${number})` : ''}` : result ? 'a result' : undefined;
  const why = strong
    ? `Your story shows ${listed(words)} and what you did yourself, with ${outcome ?? 'a result'}.`
    : `Your story touches on ${listed(words)}${outcome ? ` and has ${outcome}` : ''}; ${
        !acted ? 'say what you did yourself' : !result ? 'say how it ended' : 'bring it closer to what the question asks'
      }.`;
  return { story, fit: strong ? 'strong' : 'workable', score: score + (strong ? 1 : 0), why };
}

/** The stories that fit a question, best first, at most three; none for the warm-up about the role, which asks about the person, not one story. */
export function storyFitFor(question: { text: string; source: QuestionSource }, stories: readonly MatchedStory[]): StoryFit[] {
  if (question.source.kind === 'role') return [];
  const seen = new Set<number>();
  return stories
    .filter((story) => story.content.trim() && !seen.has(story.storyId) && seen.add(story.storyId))
    .flatMap((story) => judge(question, story) ?? [])
    .sort((a, b) => b.score - a.score || b.story.relevance - a.story.relevance)
    .slice(0, MOST)
    .map(({ story, fit, why }) => ({ storyId: story.storyId, threadId: story.threadId, excerpt: storyExcerpt(story.content), fit, why }));
}
