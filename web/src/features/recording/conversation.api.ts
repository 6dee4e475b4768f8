import { processTextResponseSchema, snippetConversationsResponseSchema, type ChatTurn, type SnippetExchange } from '@story/proto';
import { httpClient } from '../../api/http-client.ts';

export interface ProcessTextInput {
  text: string;
  conversationHistory: ChatTurn[];
  /** The selected requirements, when practising for an interview. */
  context?: string;
}

/** The AI's reply to a typed message (POST /api/process-text). */
export async function processText(input: ProcessTextInput): Promise<string> {
  const body = await httpClient.post('/api/process-text', { ...input }, { parse: (data) => processTextResponseSchema.parse(data) });
  return body.aiResponse;
}

/** Stores the practice conversation about a snippet (POST /api/snippet-conversations). */
export async function saveSnippetConversation(snippetId: number, conversationHistory: SnippetExchange[]): Promise<void> {
  await httpClient.post('/api/snippet-conversations', { snippetId, conversationHistory });
}

/** The history to continue: the first (most recently updated) conversation about the snippet. */
export async function fetchSnippetHistory(snippetId: number): Promise<SnippetExchange[]> {
  const conversations = await httpClient.get(`/api/snippet-conversations/${snippetId}`, {
    parse: (data) => snippetConversationsResponseSchema.parse(data),
  });
  return conversations[0]?.conversationHistory ?? [];
}
