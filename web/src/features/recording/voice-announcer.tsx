import { useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '../../components/visually-hidden.ts';
import type { ConversationMessage } from './conversation-messages.ts';

/** What a screen reader is told of a new exchange: the transcript of what was said, then the reply. */
export function announcementOf(message: Pick<ConversationMessage, 'userMessage' | 'aiResponse'>): string {
  return `You said: ${message.userMessage} The AI replied: ${message.aiResponse}`;
}

/**
 * A polite live region that reads out each new exchange (the transcript and the reply) once it
 * arrives; exchanges loaded with the page are not read.
 */
export function VoiceAnnouncer({ messages }: { messages: readonly ConversationMessage[] }) {
  const [text, setText] = useState('');
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    const newest = messages.at(-1);
    if (known.current === null) {
      known.current = new Set(messages.map((message) => message.key));
      return;
    }
    if (!newest || known.current.has(newest.key)) return;
    for (const message of messages) known.current.add(message.key);
    if (!newest.isSaved) setText(announcementOf(newest));
  }, [messages]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="announcer">
      {text}
    </VisuallyHidden>
  );
}
