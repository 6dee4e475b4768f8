import { snippetExchangeSchema, type SnippetExchange } from '@story/proto';
import { z } from 'zod';

const storedHistorySchema = z.array(snippetExchangeSchema);

/** A stored history as read back from either driver; the spec: a history that is not a list is treated as empty. */
export function parseStoredHistory(value: unknown): SnippetExchange[] {
  const parsed = storedHistorySchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/**
 * True when `next` begins with every exchange of `previous` (and may add more): the client auto-saves
 * the whole history after each reply, so a history that begins with the stored one is the same
 * practice session going on; anything else is a new session.
 */
export function extendsHistory(previous: readonly SnippetExchange[], next: readonly SnippetExchange[]): boolean {
  if (previous.length === 0 || next.length < previous.length) return false;
  return previous.every((exchange, index) => {
    const other = next[index];
    return other !== undefined && other.userMessage === exchange.userMessage && other.aiResponse === exchange.aiResponse;
  });
}
