import { useCallback, useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import type { GraphqlSnippet } from '@story/proto';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';
import { fetchSnippetConversations, type SnippetConversation } from '../../../api/snippet-conversations.api.ts';
import {
  ARCHIVE_JOB_DESCRIPTION_MUTATION,
  CONFIRM_JOB_DESCRIPTION_MUTATION,
  CREATE_SNIPPET_MUTATION,
  DELETE_JOB_DESCRIPTION_MUTATION,
  JOB_DESCRIPTION_LIST_QUERIES,
  JOB_DESCRIPTION_SNIPPETS_QUERY,
  JOB_DESCRIPTIONS_QUERY,
  PROCESS_JOB_DESCRIPTION_MUTATION,
  SNIPPET_QUERY,
  UNARCHIVE_JOB_DESCRIPTION_MUTATION,
} from './job-descriptions.graphql.ts';

/** The user's active (archived false) or archived descriptions, newest first: the cached list at once, then the server's. */
export function useJobDescriptions(archived: boolean) {
  return useQuery(JOB_DESCRIPTIONS_QUERY, { variables: { archived }, fetchPolicy: 'cache-and-network' });
}

/** Cleans a pasted description into markdown (GraphQL `processJobDescription`); resolves to the markdown. */
export function useProcessJobDescription(): (input: { companyName: string; jobTitle: string; jobDescription: string }) => Promise<string> {
  const [processJobDescription] = useMutation(PROCESS_JOB_DESCRIPTION_MUTATION);
  return useCallback(
    async (input) => {
      const { data } = await processJobDescription({ variables: input });
      if (!data) throw new Error('processJobDescription returned no data');
      return data.processJobDescription.cleanedDescription;
    },
    [processJobDescription],
  );
}

export interface ConfirmJobDescriptionInput {
  formattedContent: string;
  jobTitle: string;
  companyName: string;
  originalContent?: string;
  /** The saved description whose formatting is replaced. */
  id?: number;
}

/** Saves the confirmed formatting (GraphQL `confirmJobDescription`); resolves to the description's id. Both lists are read again. */
export function useConfirmJobDescription(): (input: ConfirmJobDescriptionInput) => Promise<number> {
  const [confirmJobDescription] = useMutation(CONFIRM_JOB_DESCRIPTION_MUTATION, { refetchQueries: JOB_DESCRIPTION_LIST_QUERIES });
  return useCallback(
    async ({ id, ...input }) => {
      const { data } = await confirmJobDescription({ variables: { ...input, ...(id === undefined ? {} : { id: String(id) }) } });
      if (!data) throw new Error('confirmJobDescription returned no data');
      return Number(data.confirmJobDescription.id);
    },
    [confirmJobDescription],
  );
}

/** Saves a snippet of a saved description (GraphQL `createSnippet`); resolves to its id. Both lists are read again (their snippet counts). */
export function useCreateSnippet(): (input: { jobDescriptionId: number; snippetText: string }) => Promise<number> {
  const [createSnippet] = useMutation(CREATE_SNIPPET_MUTATION, { refetchQueries: JOB_DESCRIPTION_LIST_QUERIES });
  return useCallback(
    async ({ jobDescriptionId, snippetText }) => {
      const { data } = await createSnippet({ variables: { jobDescriptionId: String(jobDescriptionId), snippetText } });
      if (!data) throw new Error('createSnippet returned no data');
      return Number(data.createSnippet.id);
    },
    [createSnippet],
  );
}

/** Archive, unarchive and delete of a saved description; each reads both lists again before it resolves. */
export function useJobDescriptionMutations() {
  const options = { refetchQueries: JOB_DESCRIPTION_LIST_QUERIES, awaitRefetchQueries: true };
  const [archive] = useMutation(ARCHIVE_JOB_DESCRIPTION_MUTATION, options);
  const [unarchive] = useMutation(UNARCHIVE_JOB_DESCRIPTION_MUTATION, options);
  const [remove] = useMutation(DELETE_JOB_DESCRIPTION_MUTATION, options);
  return {
    archive: (id: string) => archive({ variables: { id } }),
    unarchive: (id: string) => unarchive({ variables: { id } }),
    remove: (id: string) => remove({ variables: { id } }),
  };
}

/**
 * A description's snippets, newest first, read from the server each time they are shown; null
 * while they load. The specification treats a failure as an empty list.
 */
export function useJobDescriptionSnippets(jobDescriptionId: string): GraphqlSnippet[] | null {
  const { data, error } = useQuery(JOB_DESCRIPTION_SNIPPETS_QUERY, { variables: { id: jobDescriptionId }, fetchPolicy: 'network-only' });
  useEffect(() => {
    if (error) console.error('Could not load the snippets of a job description', error);
  }, [error]);
  if (error) return [];
  return data ? (data.jobDescription?.snippets ?? []) : null;
}

/** One of the user's snippets' text (GraphQL `snippet`, always from the server); a snippet that is not theirs fails. */
async function fetchSnippetText(client: ApolloClient, snippetId: string): Promise<string> {
  const { data } = await client.query({ query: SNIPPET_QUERY, variables: { id: snippetId }, fetchPolicy: 'network-only' });
  if (!data?.snippet) throw new Error(`Snippet ${snippetId} was not found`);
  return data.snippet.snippetText;
}

export interface SnippetHistory {
  snippetText: string;
  conversations: SnippetConversation[];
}

/**
 * A snippet and every practice conversation about it (its text over GraphQL, the conversations over
 * REST, their only way), loaded when `snippetId` changes; `onError` hears a failure of either.
 * `snippetId` is checked first: one that is no id fails without asking the server.
 */
export function useSnippetHistory(snippetId: string, isId: boolean, onError: (error: unknown) => void): { data: SnippetHistory | null; loading: boolean } {
  const client = useApolloClient();
  const [data, setData] = useState<SnippetHistory | null>(null);
  const [loading, setLoading] = useState(true);
  useAsyncEffect(
    () => {
      setLoading(true);
      if (!isId) return Promise.reject(new Error(`"${snippetId}" is not a snippet id`));
      return Promise.all([fetchSnippetText(client, snippetId), fetchSnippetConversations(snippetId)]).then(([snippetText, conversations]) => ({
        snippetText,
        conversations,
      }));
    },
    { onSuccess: setData, onError, onSettled: () => setLoading(false) },
    [snippetId],
  );
  return { data, loading };
}

/** The address of a snippet's practice as a PDF, its times in the person's time zone (`GET /api/snippet-conversations/{snippetId}/pdf`). */
export const snippetPracticePdfPath = (snippetId: number, timeZone: string) =>
  `/api/snippet-conversations/${snippetId}/pdf?timeZone=${encodeURIComponent(timeZone)}`;
