import type { StoryResultOrigin } from '@story/proto';
import { recordingPath, snippetExchangePath } from '../../lib/paths.ts';

/** "Relevance score: " is 1 minus the distance, to 4 decimals (spec sections 2 and 9). */
export function relevanceScore(distance: number): string {
  return (1 - distance).toFixed(4);
}

/** A story's content cut around the matched passage: before, the passage, after (no passage: all before). */
export function splitAtPassage(content: string, passage: { start: number; end: number } | undefined): [string, string, string] {
  if (!passage) return [content, '', ''];
  const start = Math.max(0, Math.min(passage.start, content.length));
  const end = Math.max(start, Math.min(passage.end, content.length));
  return [content.slice(0, start), content.slice(start, end), content.slice(end)];
}

/**
 * Where a found story opens: its thread continued at its message (`message`, scrolled to and marked),
 * or its snippet's conversation history at its exchange; undefined when the service did not say.
 */
export function storyConversationPath(origin: StoryResultOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  if (origin.kind === 'exchange') return snippetExchangePath(origin.snippetId, origin.conversationId, origin.exchange);
  const query = new URLSearchParams({ mode: 'continue', threadId: String(origin.threadId), message: String(origin.messageId) });
  return recordingPath(query);
}
