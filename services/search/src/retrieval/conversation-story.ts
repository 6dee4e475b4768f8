import { personsWordsOf } from '@story/proto';
import type { ConversationRef, StoryRecord } from '../stories/story.repository.ts';
import { conversationKey, conversationOf, titleOf } from '../stories/story-rules.ts';

/** Where one saved message sits in its conversation's text, and the person's own words within it. */
export interface MessageSpan {
  story: StoryRecord;
  /** The message's text (`Me: …\n\nCoach: …`) in the conversation's content. */
  start: number;
  end: number;
  /** The person's words of the message, in the conversation's content. */
  personStart: number;
  personEnd: number;
}

/**
 * What a person told across one conversation, as one story: its saved messages in order, their text
 * joined, and where each message and the person's words of it sit in that text.
 */
export interface ConversationStory {
  key: string;
  ref: ConversationRef;
  messages: MessageSpan[];
  /** Every message's text, in order, separated by a blank line (one message: its text as saved). */
  content: string;
  /** The conversation's title, as its latest message that had one was saved with. */
  title: string | undefined;
}

/** Blank line between the messages of a conversation's text. */
const MESSAGE_BREAK = '\n\n';

/** The conversations of these stories (saved messages), each with its messages in the order given. */
export function assembleConversations(stories: readonly StoryRecord[]): ConversationStory[] {
  const byKey = new Map<string, { ref: ConversationRef; stories: StoryRecord[] }>();
  for (const story of stories) {
    const ref = conversationOf(story);
    const key = conversationKey(ref);
    const entry = byKey.get(key) ?? { ref, stories: [] };
    entry.stories.push(story);
    byKey.set(key, entry);
  }
  return [...byKey.entries()].map(([key, { ref, stories: told }]) => {
    let content = '';
    const messages = told.map((story) => {
      if (content !== '') content += MESSAGE_BREAK;
      const start = content.length;
      content += story.content;
      const person = personsWordsOf(story.content);
      const at = person === '' ? -1 : story.content.indexOf(person);
      const personStart = start + Math.max(0, at);
      return { story, start, end: content.length, personStart, personEnd: at === -1 ? start + story.content.length : personStart + person.length };
    });
    const title = told.map(titleOf).findLast((found) => found !== undefined);
    return { key, ref, messages, content, title };
  });
}

/** The conversation's title and the person's words of every message, in order, one paragraph each: what it tells. */
export function personsWordsOfConversation(conversation: ConversationStory): string {
  const told = conversation.messages.map((message) => conversation.content.slice(message.personStart, message.personEnd));
  return [...(conversation.title ? [conversation.title] : []), ...told].join('\n');
}
