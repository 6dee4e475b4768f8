import { snippetExchangeSchema, type SnippetExchange } from '@story/proto';
import { z } from 'zod';

const storedHistorySchema = z.array(snippetExchangeSchema);

/** A stored history as read back from either driver; the spec: a history that is not a list is treated as empty. */
export function parseStoredHistory(value: unknown): SnippetExchange[] {
  const parsed = storedHistorySchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/**
 * True when two exchanges are the same turn of a session: the same reply to the same words, or to
 * the person's words corrected (issue 19: a misheard transcript corrected keeps its answer's id, or
 * its time).
 */
function sameExchange(stored: SnippetExchange, next: SnippetExchange): boolean {
  if (stored.aiResponse !== next.aiResponse) return false;
  if (stored.userMessage === next.userMessage) return true;
  return (stored.answerId !== undefined && stored.answerId === next.answerId) || stored.timestamp === next.timestamp;
}

/**
 * True when `next` begins with every exchange of `previous` (and may add more): the client auto-saves
 * the whole history after each reply, so a history that begins with the stored one is the same
 * practice session going on, also when a transcript in it was corrected; anything else is a new session.
 */
export function extendsHistory(previous: readonly SnippetExchange[], next: readonly SnippetExchange[]): boolean {
  if (previous.length === 0 || next.length < previous.length) return false;
  return previous.every((exchange, index) => {
    const other = next[index];
    return other !== undefined && sameExchange(exchange, other);
  });
}

/**
 * Where a session that goes on (see extendsHistory) first says something new: the first exchange
 * whose words were corrected, else the first one added. Search indexes the exchanges from there.
 */
export function firstChangedExchange(previous: readonly SnippetExchange[], next: readonly SnippetExchange[]): number {
  const changed = previous.findIndex((exchange, index) => next[index]?.userMessage !== exchange.userMessage);
  return changed < 0 ? previous.length : changed;
}
