/**
 * The keys of stories (`events.story.saved`'s `storyKey`): conversations makes them, search reads
 * them back to say where a story was told, so a search result opens its conversation at the message.
 */

/** Where a story was told: a message of a saved thread, or an exchange of a practice conversation. */
export type StoryOrigin = { kind: 'message'; messageId: number } | { kind: 'exchange'; conversationId: number; exchange: number };

/** The story of a message pair saved to a thread. */
export const messageStoryKey = (messageId: number): string => `conversation:${messageId}`;

/** The story of one exchange (0-based) of a snippet's practice conversation. */
export const exchangeStoryKey = (conversationId: number, exchange: number): string => `snippet-conversation:${conversationId}:${exchange}`;

const MESSAGE_KEY = /^conversation:(\d{1,15})$/;
const EXCHANGE_KEY = /^snippet-conversation:(\d{1,15}):(\d{1,6})$/;

/** Where the story of this key was told, or undefined for a key of another shape. */
export function storyOrigin(storyKey: string): StoryOrigin | undefined {
  const message = MESSAGE_KEY.exec(storyKey);
  if (message) return { kind: 'message', messageId: Number(message[1]) };
  const exchange = EXCHANGE_KEY.exec(storyKey);
  if (exchange) return { kind: 'exchange', conversationId: Number(exchange[1]), exchange: Number(exchange[2]) };
  return undefined;
}

const PERSON = 'Me: ';
const COACH = '\n\nCoach: ';

/** A saved story's text: the person's words, then the coach's reply. */
export function storyContent(userMessage: string, aiResponse: string): string {
  return `${PERSON}${userMessage.trim()}${COACH}${aiResponse.trim()}`;
}

/** The person's own words of a story's text (never the coach's): what may be quoted back as theirs. */
export function personsWordsOf(content: string): string {
  if (!content.startsWith(PERSON)) return content;
  const coach = content.indexOf(COACH);
  return content.slice(PERSON.length, coach === -1 ? undefined : coach).trim();
}
