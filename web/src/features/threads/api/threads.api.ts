import { useCallback } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { GraphqlResumeBullet } from '@story/proto';
import {
  CREATE_THREAD_MUTATION,
  DELETE_THREAD_MUTATION,
  RECOVER_THREAD_MUTATION,
  RENAME_THREAD_MUTATION,
  SAVE_CONVERSATION_MUTATION,
  THREAD_ITEMS_QUERY,
  THREAD_LIST_QUERIES,
  THREADS_QUERY,
  type ThreadItemRow,
} from './threads.graphql.ts';

/** The user's threads, newest first: active ones (deleted false), deleted ones (true), or all (undefined). */
export function useThreads(deleted?: boolean) {
  return useQuery(THREADS_QUERY, { variables: deleted === undefined ? {} : { deleted } });
}

/** Renaming, deleting and recovering a thread; each refetches the thread lists (spec section 4). */
export function useThreadListMutations() {
  const options = { refetchQueries: THREAD_LIST_QUERIES };
  const [renameThread] = useMutation(RENAME_THREAD_MUTATION, options);
  const [deleteThread] = useMutation(DELETE_THREAD_MUTATION, options);
  const [recoverThread] = useMutation(RECOVER_THREAD_MUTATION, options);
  return {
    rename: (id: string, title: string) => renameThread({ variables: { id, title } }),
    remove: (id: string) => deleteThread({ variables: { id } }),
    recover: (id: string) => recoverThread({ variables: { id } }),
  };
}

/** Reads a thread's saved exchanges from the server, oldest first; fails when the thread is not the user's or is gone. */
export function useLoadThreadItems(): (threadId: string) => Promise<ThreadItemRow[]> {
  const client = useApolloClient();
  return useCallback(
    async (threadId) => {
      const { data } = await client.query({ query: THREAD_ITEMS_QUERY, variables: { id: threadId }, fetchPolicy: 'network-only' });
      if (!data?.thread) throw new Error(`Thread ${threadId} was not found`);
      return data.thread.items;
    },
    [client],
  );
}

/** Creates an empty thread (GraphQL `createThread`); resolves to its id. */
export function useCreateThread(): () => Promise<string> {
  const [createThread] = useMutation(CREATE_THREAD_MUTATION);
  return useCallback(async () => {
    const { data } = await createThread();
    if (!data) throw new Error('createThread returned no data');
    return data.createThread.id;
  }, [createThread]);
}

/** Saves one exchange to a thread (GraphQL `saveConversation`: no audio). */
export function useSaveThreadItem(): (item: {
  threadId: string;
  userMessage: string;
  aiResponse: string;
  answerId: string | null;
  audioId?: string;
  /** The résumé bullet the conversation tells the story of: the thread is linked to it. */
  resumeBullet?: GraphqlResumeBullet;
}) => Promise<void> {
  const [saveConversation] = useMutation(SAVE_CONVERSATION_MUTATION);
  return useCallback(
    async (variables) => {
      await saveConversation({ variables });
    },
    [saveConversation],
  );
}

/**
 * Refetches the thread lists after a change that was not a thread mutation with `refetchQueries`
 * (a Save of several exchanges, some over REST), including lists no screen shows right now.
 */
export function useRefreshThreadLists(): () => void {
  const client = useApolloClient();
  return useCallback(() => {
    Promise.all(THREAD_LIST_QUERIES.map((options) => client.query({ ...options, fetchPolicy: 'network-only' }))).catch((error: unknown) => {
      // The save itself succeeded; a list that could not be refreshed is fetched again later.
      console.error('Could not refresh the thread lists', error);
    });
  }, [client]);
}

/** The address of a thread's PDF, its times in the person's time zone (`GET /api/conversation-threads/{id}/pdf`). */
export const threadPdfPath = (threadId: string, timeZone: string) =>
  `/api/conversation-threads/${encodeURIComponent(threadId)}/pdf?timeZone=${encodeURIComponent(timeZone)}`;
