import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GraphqlResumeBullet, GraphqlThread, GraphqlThreadItem } from '@story/proto';

/** A thread as the lists show it: the contract's Thread without its items (GraphQL ids are strings). */
export type ThreadRow = Omit<GraphqlThread, 'items'>;
/** A saved exchange as a thread read gives it: its spoken reply by URL, never the audio itself. */
export type ThreadItemRow = Omit<GraphqlThreadItem, 'answer'>;

const THREAD_FIELDS = gql`
  fragment ThreadListFields on Thread {
    id
    title
    lastUpdated
    deleted
    createdAt
  }
`;

/** The user's threads, newest first: active (deleted false), deleted (true), or all (no variable). */
export const THREADS_QUERY: TypedDocumentNode<{ threads: ThreadRow[] }, { deleted?: boolean }> = gql`
  query Threads($deleted: Boolean) {
    threads(deleted: $deleted) {
      ...ThreadListFields
    }
  }
  ${THREAD_FIELDS}
`;

/**
 * The three thread-list queries. Every thread mutation refetches them (spec section 4), including
 * the ones no screen shows right now, so a later screen never starts from a stale cached list.
 */
export const THREAD_LIST_QUERIES = [
  { query: THREADS_QUERY, variables: { deleted: false } },
  { query: THREADS_QUERY, variables: { deleted: true } },
  { query: THREADS_QUERY, variables: {} },
];

export const RENAME_THREAD_MUTATION: TypedDocumentNode<{ renameThread: ThreadRow }, { id: string; title: string }> = gql`
  mutation RenameThread($id: ID!, $title: String!) {
    renameThread(id: $id, title: $title) {
      ...ThreadListFields
    }
  }
  ${THREAD_FIELDS}
`;

export const DELETE_THREAD_MUTATION: TypedDocumentNode<{ deleteThread: ThreadRow }, { id: string }> = gql`
  mutation DeleteThread($id: ID!) {
    deleteThread(id: $id) {
      ...ThreadListFields
    }
  }
  ${THREAD_FIELDS}
`;

export const RECOVER_THREAD_MUTATION: TypedDocumentNode<{ recoverThread: ThreadRow }, { id: string }> = gql`
  mutation RecoverThread($id: ID!) {
    recoverThread(id: $id) {
      ...ThreadListFields
    }
  }
  ${THREAD_FIELDS}
`;

export const CREATE_THREAD_MUTATION: TypedDocumentNode<{ createThread: ThreadRow }, Record<string, never>> = gql`
  mutation CreateThread {
    createThread {
      ...ThreadListFields
    }
  }
  ${THREAD_FIELDS}
`;

/** A thread's saved exchanges, oldest first; null when the thread is not the user's or is gone. */
export const THREAD_ITEMS_QUERY: TypedDocumentNode<{ thread: (ThreadRow & { items: ThreadItemRow[] }) | null }, { id: string }> = gql`
  query ThreadItems($id: ID!) {
    thread(id: $id) {
      ...ThreadListFields
      items {
        id
        userMessage
        aiResponse
        createdAt
        answerId
        audioUrl
      }
    }
  }
  ${THREAD_FIELDS}
`;

export const SAVE_CONVERSATION_MUTATION: TypedDocumentNode<
  { saveConversation: Pick<ThreadItemRow, 'id' | 'createdAt'> },
  {
    threadId: string;
    userMessage: string;
    aiResponse: string;
    answerId?: string | null;
    audioId?: string | null;
    resumeBullet?: GraphqlResumeBullet | null;
  }
> = gql`
  mutation SaveConversation($threadId: ID!, $userMessage: String!, $aiResponse: String!, $answerId: ID, $audioId: String, $resumeBullet: ResumeBulletInput) {
    saveConversation(
      threadId: $threadId
      userMessage: $userMessage
      aiResponse: $aiResponse
      answerId: $answerId
      audioId: $audioId
      resumeBullet: $resumeBullet
    ) {
      id
      createdAt
    }
  }
`;
