import { snippetConversationsResponseSchema, type SnippetExchange } from '@story/proto';
import { httpClient } from './http-client.ts';

/*
 * Snippet conversations (a practice's saved exchanges) are served over REST only: no subgraph has
 * them. The practice screen writes them; the snippet's history page reads them.
 */

export type SnippetConversation = ReturnType<typeof snippetConversationsResponseSchema.parse>[number];

/** Every practice conversation about a snippet, most recently updated first (GET /api/snippet-conversations/{snippetId}). */
export function fetchSnippetConversations(snippetId: number | string): Promise<SnippetConversation[]> {
  return httpClient.get(`/api/snippet-conversations/${encodeURIComponent(snippetId)}`, { parse: (data) => snippetConversationsResponseSchema.parse(data) });
}

/** The history to continue: the first (most recently updated) conversation about the snippet. */
export async function fetchSnippetHistory(snippetId: number): Promise<SnippetExchange[]> {
  const conversations = await fetchSnippetConversations(snippetId);
  return conversations[0]?.conversationHistory ?? [];
}

/** Stores the practice conversation about a snippet (POST /api/snippet-conversations). */
export async function saveSnippetConversation(snippetId: number, conversationHistory: SnippetExchange[]): Promise<void> {
  await httpClient.post('/api/snippet-conversations', { snippetId, conversationHistory });
}
