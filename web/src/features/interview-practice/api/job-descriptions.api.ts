import {
  confirmJobDescriptionResponseSchema,
  createSnippetResponseSchema,
  processJobDescriptionResponseSchema,
  singleSnippetResponseSchema,
  snippetConversationsResponseSchema,
  snippetsResponseSchema,
  type Snippet,
} from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';

export type SnippetConversation = ReturnType<typeof snippetConversationsResponseSchema.parse>[number];

/** The pasted description cleaned into markdown (POST /api/process-job-description). */
export async function processJobDescription(input: { companyName: string; jobTitle: string; jobDescription: string }): Promise<string> {
  const body = await httpClient.post('/api/process-job-description', input, { parse: (data) => processJobDescriptionResponseSchema.parse(data) });
  return body.cleanedDescription;
}

/** Saves the confirmed formatting (POST /api/confirm-job-description); with `id`, of a saved description. */
export async function confirmJobDescription(input: { formattedContent: string; jobTitle: string; companyName: string; originalContent?: string; id?: number }): Promise<number> {
  const body = await httpClient.post('/api/confirm-job-description', { ...input }, { parse: (data) => confirmJobDescriptionResponseSchema.parse(data) });
  return body.id;
}

/** Saves a snippet of a saved description (POST /api/job-description-snippets); resolves to its id. */
export async function createSnippet(input: { jobDescriptionId: number; snippetText: string }): Promise<number> {
  const body = await httpClient.post('/api/job-description-snippets', { ...input }, { parse: (data) => createSnippetResponseSchema.parse(data) });
  return body.id;
}

/** A description's snippets, newest first; the specification treats a failure as an empty list. */
export async function fetchSnippets(jobDescriptionId: string): Promise<Snippet[]> {
  try {
    return await httpClient.get(`/api/job-description-snippets/${encodeURIComponent(jobDescriptionId)}`, { parse: (data) => snippetsResponseSchema.parse(data) });
  } catch (error) {
    console.error('Could not load the snippets of a job description', error);
    return [];
  }
}

/** One snippet's text (GET /api/job-description-snippets/single/{snippetId}). */
export async function fetchSnippet(snippetId: string): Promise<string> {
  const body = await httpClient.get(`/api/job-description-snippets/single/${encodeURIComponent(snippetId)}`, { parse: (data) => singleSnippetResponseSchema.parse(data) });
  return body.snippetText;
}

/** Every practice conversation about a snippet, most recently updated first. */
export function fetchSnippetConversations(snippetId: string): Promise<SnippetConversation[]> {
  return httpClient.get(`/api/snippet-conversations/${encodeURIComponent(snippetId)}`, { parse: (data) => snippetConversationsResponseSchema.parse(data) });
}
