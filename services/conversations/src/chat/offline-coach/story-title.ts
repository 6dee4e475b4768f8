import { asksAboutCoach, asksForIdeas, isDecline, isGreeting, isThin } from './coach-intents.ts';
import { clauses, quotable, quoteFor, topicOf, words, type StoryElement } from '@story/language';

/** The parts of a story that name its subject best, in the order a title prefers them. */
const SUBJECT_ELEMENTS: readonly StoryElement[] = ['action', 'teamAction', 'task', 'situation', 'result', 'learning'];

const TITLE_WORDS = 8;
/** A quote may be a little longer than a title: the "I" or filler in front of it is dropped. */
const QUOTE_WORDS = TITLE_WORDS + 2;
const TITLE_CHARS = 60;

/** "I then led…" → "led…": a title names what happened, not who told it. */
const LEADING_SUBJECT = /^(?:i|we)\s+(?:(?:then|also|first|finally|personally|just|really|actually|eventually)\s+)?/i;
const LEADING_FILLER =
  /^(?:that|so|and|but|well|um|uh|basically|honestly|i think|i guess|i believe|i suppose|last year|this year|last month|back then|at the time)\b[\s,]*/i;
/** Words a title should not end on ("At my first job in a warehouse we" → "At my first job in a warehouse"). */
const TRAILING_WORDS =
  /\s+(?:a|an|the|of|to|on|in|at|for|with|and|or|but|by|from|my|our|your|their|his|her|its|that|which|who|as|was|were|is|are|be|been|so|if|when|while|about|i|we|they|he|she|it|had|have)$/i;

/** A phrase of the person's words as a title: no "I" or filler in front, no ellipsis, a capital first letter. */
function asTitle(phrase: string): string | undefined {
  let title = phrase
    .replace(/…$/, '')
    .replace(/[\s,;:.!-]+$/, '')
    .trim();
  for (let previous = ''; previous !== title;) {
    previous = title;
    title = title.replace(LEADING_FILLER, '').replace(LEADING_SUBJECT, '').trim();
  }
  title = title.split(/\s+/).slice(0, TITLE_WORDS).join(' ');
  if (title.length > TITLE_CHARS) title = title.slice(0, title.lastIndexOf(' ', TITLE_CHARS));
  for (let previous = ''; previous !== title;) {
    previous = title;
    title = title.replace(TRAILING_WORDS, '').replace(/[\s,;:.!-]+$/, '');
  }
  if (words(title).length < 2) return undefined;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** True for a message that says nothing about the story (a hello, "ok", a request for ideas). */
const saysNothingOfTheStory = (text: string): boolean => isGreeting(text) || isDecline(text) || isThin(text) || asksForIdeas(text) || asksAboutCoach(text);

/** The subject of one message: the topic it names, the part of the story it tells best, or its first clause. */
function subjectOf(text: string): string | undefined {
  const topic = topicOf(text);
  if (topic) return asTitle(quotable(topic, QUOTE_WORDS));
  for (const element of SUBJECT_ELEMENTS) {
    const quote = quoteFor(text, element, QUOTE_WORDS);
    const title = quote && asTitle(quote);
    if (title) return title;
  }
  const first = clauses(text)[0];
  return first && words(first).length >= 3 ? asTitle(quotable(first, QUOTE_WORDS)) : undefined;
}

/**
 * A short title for the story in the person's messages (oldest first), drawn from their own words
 * by the coach's story signals: "I want to talk about the time I organised a charity run" →
 * "Organised a charity run". Undefined while they have said nothing a title could name.
 */
export function storyTitle(userMessages: readonly string[]): string | undefined {
  for (const message of userMessages) {
    const text = message.replace(/\s+/g, ' ').trim();
    if (!text || saysNothingOfTheStory(text)) continue;
    const title = subjectOf(text);
    if (title) return title;
  }
  return undefined;
}
