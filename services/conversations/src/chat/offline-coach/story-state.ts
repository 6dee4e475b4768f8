import { isDecline, isSubstantive } from './coach-intents.ts';
import { SLOT_QUESTIONS, STORY_SLOTS, SUMMARY_OPENERS, type StorySlot } from './coach-phrases.ts';
import { classify, hasNumber, isMeasurable, nonAnswerKind, statesMeasuredResult, type StoryElement, tellsStory } from '@story/language';
import { BULLET_SITUATION_QUESTION, NOTHING_KNOWN, type StoryKnowledge } from './resume-story.ts';
import { normalize, type Turn } from './turn-writer.ts';

/** What the person has told of the story being told now, read from the thread. */
export interface StoryState {
  /** User turns of the story being told now (after the last summary), the new text last. */
  userTurns: string[];
  /** The parts of a story those turns speak to. */
  elements: Set<StoryElement>;
  /** The slots the coach need not ask about: told, answered, or asked twice in vain. */
  covered: Set<StorySlot>;
  /** True once a turn before the new text told part of a story. */
  started: boolean;
  /** The slot the coach asked about in its last turn, if any. */
  lastAsked: StorySlot | undefined;
  /** What the résumé says: where and when (not asked again), and the line whose story is told. */
  knows: StoryKnowledge;
}

/** True when the coach's turn is the summary of a finished story. */
export const isSummary = (content: string): boolean => SUMMARY_OPENERS.some((opener) => content.startsWith(opener));

/** The slot a coach's turn asked about, if it asked one of the story questions. */
export function slotOfQuestion(content: string): StorySlot | undefined {
  const key = normalize(content);
  // The opening of a résumé line's story asks for its situation.
  if (key.endsWith(normalize(BULLET_SITUATION_QUESTION))) return 'situation';
  return STORY_SLOTS.find((slot) => SLOT_QUESTIONS[slot].some((question) => key.includes(normalize(question))));
}

/** The turns of the story being told now: those after the coach's last summary, and the new text. */
function currentStory(text: string, history: readonly Turn[]): Turn[] {
  let start = 0;
  history.forEach((turn, index) => {
    if (turn.role === 'assistant' && isSummary(turn.content)) start = index + 1;
  });
  return [...history.slice(start), { role: 'user', content: text }];
}

/**
 * The slots the person answered when asked (a figure answers the number), those asked twice without
 * an answer, and the slot the new text answers (the last one asked).
 */
function answeredSlots(story: readonly Turn[]): { covered: Set<StorySlot>; lastAsked: StorySlot | undefined } {
  const covered = new Set<StorySlot>();
  const asks = new Map<StorySlot, number>();
  // An answer given right after a question counts for what was asked, even in words the patterns miss.
  let pending: StorySlot | undefined;
  let lastAsked: StorySlot | undefined;
  // After "Can you repeat that?" or "Give me a second" the question stands, and asked again it is not asked twice.
  let standing = false;
  let coach = '';
  for (const [index, turn] of story.entries()) {
    if (turn.role === 'assistant') {
      coach = turn.content;
      if (standing) {
        standing = false;
        pending = slotOfQuestion(turn.content) ?? pending;
        continue;
      }
      pending = slotOfQuestion(turn.content);
      if (pending) asks.set(pending, (asks.get(pending) ?? 0) + 1);
      // Asked twice without an answer: let it go rather than nag.
      if (pending && (asks.get(pending) ?? 0) >= 2) covered.add(pending);
      continue;
    }
    if (index === story.length - 1) lastAsked = pending;
    const kind = nonAnswerKind(turn.content, coach);
    if (kind && kind !== 'filler' && kind !== 'decline') {
      standing = true;
      continue;
    }
    // …unless the answer plainly told something else, which the patterns pick up instead.
    const told = tellsStory(turn.content);
    // (An answer to "what was the situation" that tells events is still the situation.)
    if (pending && ((isSubstantive(turn.content) && (!told || pending === 'situation')) || isDecline(turn.content))) covered.add(pending);
    // A figure given when asked how it turned out, or for a number, measures the result ("about 30%").
    if ((pending === 'result' || pending === 'quantify') && hasNumber(turn.content)) covered.add('result').add('quantify');
    pending = undefined;
  }
  return { covered, lastAsked };
}

/**
 * Reads the story being told now: what it has, and which questions the person already answered. The
 * story behind a résumé line (`knows.bullet`) has its subject from the start, and wants its result in numbers.
 */
export function readStory(text: string, history: readonly Turn[], knows: StoryKnowledge = NOTHING_KNOWN): StoryState {
  const story = currentStory(text, history);
  const userTurns = story.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const elements = new Set<StoryElement>();
  for (const turn of userTurns) for (const element of classify(turn)) elements.add(element);
  const { covered, lastAsked } = answeredSlots(story);
  // Only a figure of the result counts: "a team of 200 people" does not answer "how much did it change?".
  const numbers = userTurns.some(statesMeasuredResult);
  const measurable = userTurns.some((turn) => classify(turn).has('result') && isMeasurable(turn));
  if (elements.has('situation')) covered.add('situation');
  if (elements.has('action')) covered.add('action').add('personal');
  if (elements.has('result')) covered.add('result');
  // A figure is only worth asking for when the result is the kind that has one (a résumé line always wants one).
  if (numbers || (!measurable && !knows.bullet)) covered.add('quantify');
  if (elements.has('learning')) covered.add('learning');
  const started = Boolean(knows.bullet) || userTurns.slice(0, -1).some(tellsStory);
  return { userTurns, elements, covered, started, lastAsked, knows };
}

/** True when the new text gives a figure for the result the coach just asked about ("about 30%"). */
export const answersWithFigure = (story: StoryState, text: string): boolean =>
  (story.lastAsked === 'result' || story.lastAsked === 'quantify') && hasNumber(text);

/** The slots still worth asking about, most important first. */
export function missingSlots(story: StoryState): StorySlot[] {
  const { covered, elements } = story;
  return STORY_SLOTS.filter((slot) => {
    if (covered.has(slot)) return false;
    switch (slot) {
      case 'action':
        return !elements.has('teamAction');
      case 'personal':
        return elements.has('teamAction') && !covered.has('action');
      case 'quantify':
        return covered.has('result');
      default:
        return true;
    }
  });
}

/** A story has its spine when it has a situation, the person's actions, a result and a lesson. */
export const isComplete = (story: StoryState): boolean =>
  (['situation', 'result', 'learning'] as const).every((slot) => story.covered.has(slot)) && (story.covered.has('action') || story.covered.has('personal'));
