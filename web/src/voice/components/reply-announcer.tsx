import { useState } from 'react';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import type { ConversationMessage } from '../lib/conversation-messages.ts';
import { useNewExchange } from '../hooks/use-new-exchange.ts';

/**
 * What a screen reader is told of a new exchange: the reply, after the transcript of what was said
 * when the person spoke (they cannot otherwise know what was heard); typed words are not read back.
 */
export function announcementOf(message: Pick<ConversationMessage, 'userMessage' | 'aiResponse' | 'spoken' | 'opening' | 'openedByCoach'>): string {
  if (message.opening) return `${message.openedByCoach ? 'The coach' : 'The interviewer'} asks: ${message.aiResponse}`;
  const reply = `The AI replied: ${message.aiResponse}`;
  return message.spoken ? `You said: ${message.userMessage} ${reply}` : reply;
}

/**
 * The one polite live region of the conversation screen: it reads out each new reply once, whether
 * the turn was typed, recorded or uploaded; exchanges loaded with the page, and a Save that only
 * marks them saved, are not read. Each announcement is a new node, so two equal replies are both read.
 */
export function ReplyAnnouncer({ messages }: { messages: readonly ConversationMessage[] }) {
  const [announced, setAnnounced] = useState<{ key: string; text: string } | null>(null);
  useNewExchange(messages, (newest) => setAnnounced({ key: newest.key, text: announcementOf(newest) }));

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="announcer">
      {announced && <span key={announced.key}>{announced.text}</span>}
    </VisuallyHidden>
  );
}
