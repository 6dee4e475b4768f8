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
