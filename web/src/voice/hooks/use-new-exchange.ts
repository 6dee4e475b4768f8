import { useEffect, useRef } from 'react';
import type { ConversationMessage } from '../lib/conversation-messages.ts';

/**
 * Calls `onArrival` once for each exchange that joins the conversation after the screen opened (a
 * reply that just came, not yet saved): exchanges on screen at the start (a loaded history) and a
 * Save that only marks exchanges saved never count.
 */
export function useNewExchange(messages: readonly ConversationMessage[], onArrival: (message: ConversationMessage) => void): void {
  const known = useRef<Set<string> | null>(null);
  const handler = useRef(onArrival);
  handler.current = onArrival;

  useEffect(() => {
    const newest = messages.at(-1);
    if (known.current === null) {
      known.current = new Set(messages.map((message) => message.key));
      return;
    }
    if (!newest || known.current.has(newest.key)) return;
    for (const message of messages) known.current.add(message.key);
    if (!newest.isSaved) handler.current(newest);
  }, [messages]);
}
