import { words } from '@story/language';

/**
 * What a message asks of the coach, apart from telling a story: a greeting, a "no" or "I don't
 * know", a request for ideas, a question about the coach, a topic change, a pick from a list.
 */

const GREETING = /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|greetings|yo|hola|what's up|whats up)\b/i;
const DECLINE =
  /^(?:next|move on|let's move on|skip it|another one|no|nope|nah|not really|nothing|none|i don't know|i dont know|idk|not sure|i'm not sure|can't remember|cannot remember|i don't remember|i can't remember|skip|pass|rather not|i'd rather not|no idea|dunno)\b/i;
const HELP =
  /\b(?:what (?:should|can|do) i (?:talk|say|share|tell)|don't know what to (?:say|talk|share|tell)|dont know what to|give me (?:an idea|ideas|a topic|a prompt)|any ideas|where (?:do|should) i (?:start|begin)|help me (?:start|think|get started))\b/i;
const ABOUT_COACH = /\b(?:who are you|what are you|what can you do|how does this work|what is this|are you (?:a bot|human|an ai|real))\b/i;
const OFF_TOPIC =
  /\b(?:weather|joke|recipe|cook(?:ing)?|football|soccer|basketball|baseball|cricket|movie|film|song|lyrics|capital of|president of|bitcoin|crypto|stock price|horoscope|score|translate|poem|riddle|news|celebrity|lottery)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|my|me|mine|myself|we|we're|we've|our|us)\b/i;
const ORDINALS: Record<string, number> = {
  first: 0,
  '1': 0,
  one: 0,
  second: 1,
  '2': 1,
  two: 1,
  third: 2,
  '3': 2,
  three: 2,
  fourth: 3,
  '4': 3,
  four: 3,
  fifth: 4,
  '5': 4,
};

/** True for a short hello ("hi", "good morning"). */
export const isGreeting = (text: string): boolean => GREETING.test(text) && words(text).length <= 6;

/** True for a short "no", "skip" or "I don't know". */
export const isDecline = (text: string): boolean => DECLINE.test(text.trim()) && words(text).length <= 6;

/** True when the person asks for ideas of what to tell. */
export const asksForIdeas = (text: string): boolean => HELP.test(text);

/** True when the person asks who or what the coach is. */
export const asksAboutCoach = (text: string): boolean => ABOUT_COACH.test(text);

/**
 * True when the message is about something else (the weather, a joke, a quiz question). A message
 * about the person is only off topic when it names such a subject and tells no story.
 */
export function isOffTopic(text: string, tellsStory: boolean): boolean {
  if (FIRST_PERSON.test(text)) return OFF_TOPIC.test(text) && !tellsStory;
  return OFF_TOPIC.test(text) || (!tellsStory && text.trim().endsWith('?'));
}

/** True when the message names a subject far from the person's stories (the weather, a joke, a quiz). */
export const namesOffTopicSubject = (text: string): boolean => OFF_TOPIC.test(text);

/** True when the message is long enough to count as an answer, whatever it says. */
export const isSubstantive = (text: string): boolean => words(text).length >= 5;

/** True for a message of a few words ("ok", "yes", "hmm"). */
export const isThin = (text: string): boolean => words(text).length <= 3;

/** The position a person names in a list of `count` ("the second one", "the last"), if any. */
export function namedPosition(text: string, count: number): number | undefined {
  const said = words(text);
  if (said.includes('last')) return count - 1;
  for (const word of said) {
    const index = ORDINALS[word];
    if (index !== undefined && index < count) return index;
  }
  return undefined;
}
