import type { SnippetExchange } from './conversation.repository.ts';

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
