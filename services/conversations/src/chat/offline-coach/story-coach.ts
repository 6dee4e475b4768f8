import { asksAboutCoach, asksForIdeas, isDecline, isGreeting, isOffTopic, isSubstantive, isThin, namesOffTopicSubject } from './coach-intents.ts';
import {
  COACH_INTRODUCTION,
  DECLINE_BEFORE_STORY_LEADS,
  DECLINE_LEADS,
  FEELING_LINES,
  FIRST_GREETING,
  GREETINGS,
  HELP_LEADS,
  HELP_QUESTIONS,
  LAST_OPENING_QUESTION,
  LAST_SUMMARY_CLOSER,
  LAST_THEMES_QUESTION,
  MEASURED_RESULT_LINES,
  OFF_TOPIC_LEADS,
  OPENING_LEADS,
  OPENING_QUESTIONS,
  PICK_UP_AGAIN,
  REPEAT_LEADS,
  STORY_CLARIFY_LEADS,
  STORY_GOODBYES,
  STORY_HEARING,
  WAIT_REPLIES,
  quoting,
  REFLECTION_LINES,
  STORY_OPENING_LINES,
  STORY_SLOTS,
  STUCK_LEADS,
  SUMMARY_CLOSERS,
  SUMMARY_OPENERS,
  SUMMARY_PARTS,
  SUMMARY_WITHOUT_QUOTES,
  THANKS,
  THEME_QUESTIONS,
  THEMES,
  THIN_ANSWER_LEADS,
  WELCOME_BACK,
} from './coach-phrases.ts';
import { bulletOpening, NOTHING_KNOWN, slotQuestions, type StoryKnowledge } from './resume-story.ts';
import { answersWithFigure, isComplete, missingSlots, readStory, type StoryState } from './story-state.ts';
import { classify, clauses, feelingWord, firstNumber, hasNumber, quotable, quoteFor, type StoryElement, tellsStory, topicOf, words } from '@story/language';
import { itemAt, type TurnWriter } from './turn-writer.ts';

/** The parts a reflection quotes when the new text told no result, most telling first. */
const REFLECTED_ELEMENTS = ['action', 'learning', 'teamAction', 'task', 'situation'] as const;

/** One sentence that gives the person's own words back, chosen by what the new text added. */
export function reflection(writer: TurnWriter, text: string): string | undefined {
  const found = classify(text);
  if (found.has('result')) {
    const quote = quoteFor(text, 'result');
    const figure = firstNumber(text);
    if (quote && figure && hasNumber(quote)) return writer.pick(MEASURED_RESULT_LINES.map((line) => line(quote, figure)));
    if (quote) return writer.pick(quoting(REFLECTION_LINES.result, quote));
  }
  for (const element of REFLECTED_ELEMENTS) {
    if (!found.has(element)) continue;
    const quote = quoteFor(text, element);
    if (quote) return writer.pick(quoting(REFLECTION_LINES[element], quote));
  }
  const first = clauses(text)[0];
  const quote = first ? quotable(first) : '';
  if (words(quote).length >= 3) return writer.pick(quoting(REFLECTION_LINES.other, quote));
  return undefined;
}

/** The figure the person gave for the result just asked about, said back as the measured outcome. */
function figureLine(writer: TurnWriter, text: string): string | undefined {
  const figure = firstNumber(text);
  const quote = quotable(text);
  if (!figure || !quote) return undefined;
  return writer.pick(MEASURED_RESULT_LINES.map((line) => line(quote, figure)));
}

function feelingLine(writer: TurnWriter, text: string): string | undefined {
  const feeling = feelingWord(text);
  if (!feeling) return undefined;
  return writer.pick(quoting(FEELING_LINES, feeling), 1);
}

/** The next question about the story being told, or undefined when every useful one was asked. */
function nextStoryQuestion(writer: TurnWriter, story: StoryState): string | undefined {
  for (const slot of missingSlots(story)) {
    // When the last question got a thin answer, ask the same thing in other words.
    const question = writer.fresh(slotQuestions(slot, story.knows), STORY_SLOTS.indexOf(slot));
    if (question) return question;
  }
  return undefined;
}

/** The story so far in the person's words, and an offer of what to explore next. */
function summary(writer: TurnWriter, story: StoryState): string {
  // A result with its figure tells more than the first words about how it went ("conversion went up by 12%").
  const measuredFirst = [...story.userTurns.filter(hasNumber), ...story.userTurns.filter((turn) => !hasNumber(turn))];
  const quoteOf = (element: StoryElement) => {
    for (const turn of element === 'result' ? measuredFirst : story.userTurns) {
      const quote = quoteFor(turn, element, 9);
      if (quote) return quote;
    }
    return undefined;
  };
  const parts = SUMMARY_PARTS.flatMap(([element, line]) => {
    const quote = element === 'action' ? (quoteOf('action') ?? quoteOf('teamAction')) : quoteOf(element);
    return quote ? [line(quote)] : [];
  });
  if (parts.length === 0) parts.push(SUMMARY_WITHOUT_QUOTES);
  const theme = THEMES.map((_, i) => itemAt(THEMES, writer.seed + i)).find((candidate) => !writer.wasAsked(candidate)) ?? writer.pick(THEMES);
  const closer =
    writer.fresh(quoting(SUMMARY_CLOSERS, theme)) ?? writer.fresh(THEMES.flatMap((other) => quoting(SUMMARY_CLOSERS, other))) ?? LAST_SUMMARY_CLOSER;
  return `${writer.pick(SUMMARY_OPENERS)} ${parts.join(' ')} ${closer}`;
}

/** Three story themes not offered yet, and a question to pick one. */
function themesReply(writer: TurnWriter, lead: string): string {
  const offered = THEMES.filter((theme) => !writer.wasAsked(theme));
  const pool = offered.length >= 3 ? offered : THEMES.map((_, i) => itemAt(THEMES, writer.seed + i));
  const [a, b, c] = pool;
  const question = writer.fresh(HELP_QUESTIONS) ?? writer.fresh(OPENING_QUESTIONS) ?? writer.fresh(THEME_QUESTIONS) ?? LAST_THEMES_QUESTION;
  return `${lead} ${a}, ${b}, or ${c}. ${question}`;
}

/** The acknowledgement of a story's first words. */
function storyOpening(writer: TurnWriter, text: string): string | undefined {
  const first = topicOf(text) ?? clauses(text)[0];
  const quote = first ? quotable(first, 9) : '';
  if (words(quote).length < 3) return reflection(writer, text);
  return writer.pick(quoting(STORY_OPENING_LINES, quote));
}

function openingReply(writer: TurnWriter, lead: string): string {
  const question = writer.fresh(OPENING_QUESTIONS) ?? writer.fresh(THEME_QUESTIONS) ?? LAST_OPENING_QUESTION;
  return `${lead} ${question}`;
}

/** The lead, then the next question of a story under way, or an opening question when none is. */
function leadBack(writer: TurnWriter, story: StoryState, lead: string): string {
  const question = story.started ? nextStoryQuestion(writer, story) : undefined;
  return question ? `${lead} ${question}` : openingReply(writer, lead);
}

/** The lead and the next question, or the summary when nothing is left to ask. */
function askOrSummarise(writer: TurnWriter, story: StoryState, lead: string): string {
  const question = nextStoryQuestion(writer, story);
  return question ? `${lead} ${question}` : summary(writer, story);
}

/** The story coach's first words, before the person says anything: a welcome and an opening question. */
export const storyOpeningReply = (writer: TurnWriter): string => openingReply(writer, `${writer.pick(GREETINGS)} ${FIRST_GREETING}`);

function greetingReply(writer: TurnWriter, story: StoryState): string {
  const firstTurn = !writer.history.some((turn) => turn.role === 'user');
  const { bullet } = story.knows;
  if (firstTurn) return bullet ? bulletOpening(bullet) : storyOpeningReply(writer);
  const question = story.started ? nextStoryQuestion(writer, story) : undefined;
  return question ? `${WELCOME_BACK} ${PICK_UP_AGAIN} ${question}` : openingReply(writer, WELCOME_BACK);
}

function declineReply(writer: TurnWriter, story: StoryState): string {
  if (!story.started) return themesReply(writer, writer.pick(DECLINE_BEFORE_STORY_LEADS));
  if (isComplete(story)) return summary(writer, story);
  return askOrSummarise(writer, story, writer.pick(DECLINE_LEADS));
}

/** True when a turn says something about the person's experience, not a request for ideas or a question aside. */
const namesTopic = (turn: string): boolean => isSubstantive(turn) && !asksForIdeas(turn) && !asksAboutCoach(turn) && !isOffTopic(turn, tellsStory(turn));

/** A few words that tell nothing: the reply follows from what came before in this story, not just from them. */
function thinReply(writer: TurnWriter, story: StoryState): string {
  const earlier = story.userTurns.slice(0, -1);
  // The first words of a conversation, or of a new story after a summary: ask for one.
  if (!story.started && earlier.length === 0) return openingReply(writer, writer.pick(OPENING_LEADS));
  // The opening question got only short replies: offer themes to choose from rather than open again.
  if (!story.started && !earlier.some(namesTopic)) return themesReply(writer, writer.pick(STUCK_LEADS));
  // A story is under way, or at least named ("a time I disagreed with my manager"): go on with it.
  return askOrSummarise(writer, story, writer.pick(THIN_ANSWER_LEADS));
}

/** The reply to a turn that tells (part of) a story: their words back, a feeling named, the next question. */
function tellingReply(writer: TurnWriter, story: StoryState): string {
  if (isComplete(story)) return summary(writer, story);
  const { text } = writer;
  const found = classify(text);
  const telling = (['result', 'action', 'learning'] as const).some((element) => found.has(element));
  // A bare figure ("about 30%") reads as a result only because the coach asked for one.
  const figure = answersWithFigure(story, text) && !found.has('result') ? figureLine(writer, text) : undefined;
  const lead = figure ?? (story.started || telling ? reflection(writer, text) : storyOpening(writer, text));
  const lines = [lead, found.has('feeling') ? feelingLine(writer, text) : undefined].filter((line): line is string => Boolean(line));
  if (lines.length === 0) lines.push(writer.pick(THANKS));
  return askOrSummarise(writer, story, lines.join(' '));
}

/** The coach's last question again ("Can you repeat that?"), or an opening question when it asked none yet. */
function repeatReply(writer: TurnWriter, lead: string): string {
  const question = writer.lastQuestion();
  return question ? `${lead} ${question}` : openingReply(writer, lead);
}

/**
 * The story coach's reply: it reads what the person has told across the thread, reflects a short
 * phrase of their own words back and asks for the most important missing part, or summarises. What
 * is not an answer gets a fitting reply: the question again, a kind wait, a goodbye. What the résumé says
 * (`knows`) is not asked again; the story behind a résumé line is under way from the first answer.
 */
export function storyReply(writer: TurnWriter, knows: StoryKnowledge = NOTHING_KNOWN): string {
  const { text } = writer;
  const story = readStory(text, writer.history, knows);
  const tells = tellsStory(text) || answersWithFigure(story, text);
  const nonAnswer = writer.nonAnswer();
  if (nonAnswer === 'repeat') return repeatReply(writer, writer.pick(REPEAT_LEADS));
  if (nonAnswer === 'wait') return writer.pick(WAIT_REPLIES);
  if (asksAboutCoach(text) && !tells) return leadBack(writer, story, COACH_INTRODUCTION);
  if (asksForIdeas(text)) return themesReply(writer, writer.pick(HELP_LEADS));
  if (isGreeting(text) && !tells) return greetingReply(writer, story);
  if (nonAnswer === 'goodbye') return writer.pick(STORY_GOODBYES);
  if (nonAnswer === 'meta') return repeatReply(writer, STORY_HEARING);
  // A question about the question ("What do you mean?"), not one about the capital of France.
  if (nonAnswer === 'clarify' && !namesOffTopicSubject(text)) return repeatReply(writer, writer.pick(STORY_CLARIFY_LEADS));
  if (isOffTopic(text, tells)) return leadBack(writer, story, writer.pick(OFF_TOPIC_LEADS));
  if (isDecline(text) && !tells) return declineReply(writer, story);
  if (isThin(text) && !tells) return thinReply(writer, story);
  return tellingReply(writer, story);
}
